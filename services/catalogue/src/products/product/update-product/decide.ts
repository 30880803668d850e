import type { Market } from '@buyloop/kit';
import type { ProductEvent, ProductFields } from '../../events';
import { changedFields, FieldErrors } from '../../rules';
import { assertProductActive, checkProductFields, normaliseProductFields } from '../fields';
import type { ProductState } from '../state';

/** Changes some of a catalogue product's fields; the rules are checked on the result as a whole. */
export interface UpdateProduct {
  readonly type: 'UpdateProduct';
  readonly code: string;
  readonly changes: Partial<ProductFields>;
  readonly market: Market;
  readonly at: string;
}

export function decideUpdateProduct(command: UpdateProduct, state: ProductState): ProductEvent[] {
  assertProductActive(state, command.code);
  const errors = new FieldErrors().time('at', command.at);
  const changes = normaliseProductFields(command.changes);
  // Relations name products by kind: an insurance product turned into a device would sit in other products' insurance lists.
  if (changes.kind !== undefined && changes.kind !== state.fields.kind) errors.add('kind', 'catalogue.product.kind_immutable');
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  checkProductFields(errors, { ...state.fields, ...defined }, command.market);
  errors.throwIfAny('The catalogue product cannot be changed');
  const changed = changedFields(state.fields, changes);
  if (!changed) return [];
  return [
    {
      type: 'CatalogueProductUpdated',
      data: { code: command.code, masterProductId: state.masterProductId, ...changed, at: command.at },
    },
  ];
}
