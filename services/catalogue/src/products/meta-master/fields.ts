import type { MetaMasterFields } from '../events';
import type { FieldErrors } from '../rules';
import { MAX_NAME, notFound } from '../rules';
import type { MetaMasterState } from './state';

export const MAX_META_DESCRIPTION = 2000;

export function checkMetaMasterFields(errors: FieldErrors, fields: Partial<MetaMasterFields>): void {
  if (fields.name !== undefined) errors.text('name', fields.name, MAX_NAME);
  if (fields.description !== undefined) errors.optionalText('description', fields.description, MAX_META_DESCRIPTION, true);
}

export function normaliseMetaMasterFields<F extends Partial<MetaMasterFields>>(fields: F): F {
  const out: Record<string, unknown> = { ...fields };
  if (fields.name !== undefined) out.name = fields.name.trim();
  if (fields.description !== undefined) out.description = fields.description?.trim() || null;
  return out as F;
}

export function assertMetaMasterActive(
  state: MetaMasterState,
  id: string,
): asserts state is MetaMasterState & { fields: MetaMasterFields } {
  if (state.status !== 'active' || !state.fields)
    throw notFound('catalogue.product.meta_master_not_found', `There is no meta master ${id}`);
}
