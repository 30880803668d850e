import { CART_ERROR_CODES, CART_PARENT_KIND, type WarrantyBonusMonths } from '@buyloop/contracts';
import { IllegalState } from '@buyloop/kit';
import type { CartEvent } from '../events';
import { assertOpen, itemOf, type CartState } from '../state';

/** Spec 9's free warranty bonus on a device: one extra year on the legal two, or three years extra; choosing again replaces it. */
export interface AddWarrantyBonus {
  readonly type: 'AddWarrantyBonus';
  readonly item_id: string;
  readonly months: WarrantyBonusMonths;
  readonly at: string;
}

export function addWarrantyBonus(command: AddWarrantyBonus, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  if (item.kind !== CART_PARENT_KIND)
    throw new IllegalState(CART_ERROR_CODES.bonusNeedsDevice, 'The warranty bonus is given on a device only');
  if (item.warranty_bonus_months === command.months) return [];
  return [{ type: 'WarrantyBonusAdded', data: { item_id: item.item_id, months: command.months, at: command.at } }];
}
