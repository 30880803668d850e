import type { DiscountFields, DiscountPatch } from '@buyloop/contracts/cart/discounts';
import type { DiscountEvent } from '../events';
import { checkDiscountFields } from '../rules';
import { liveDefinition, type DiscountState } from '../state';

/**
 * A change of a definition's fields: `replace` sets every field (PUT), a
 * patch only those it names (PATCH). The event carries the whole result, so
 * the read side never merges.
 */
export interface UpdateDiscount {
  readonly type: 'UpdateDiscount';
  readonly change: { readonly replace: DiscountFields } | { readonly patch: DiscountPatch };
  readonly at: string;
}

export function updateDiscount(command: UpdateDiscount, state: DiscountState): DiscountEvent[] {
  const current = liveDefinition(state);
  const fields: DiscountFields =
    'replace' in command.change ? command.change.replace : { ...current, ...definedOnly(command.change.patch) };
  checkDiscountFields(fields);
  if (JSON.stringify(fields) === JSON.stringify(current)) return [];
  return [{ type: 'DiscountChanged', data: { id: state.id!, fields, at: command.at } }];
}

/** A PATCH's fields as stored: a field sent as null clears it; one not sent stays. */
function definedOnly(patch: DiscountPatch): Partial<DiscountFields> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<DiscountFields>;
}
