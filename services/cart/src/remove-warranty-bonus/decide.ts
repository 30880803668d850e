import type { CartEvent } from '../events';
import { assertOpen, itemOf, type CartState } from '../state';

/** Spec 9's free warranty bonus taken off a device again; without one nothing changes. */
export interface RemoveWarrantyBonus {
  readonly type: 'RemoveWarrantyBonus';
  readonly item_id: string;
  readonly at: string;
}

export function removeWarrantyBonus(command: RemoveWarrantyBonus, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  if (item.warranty_bonus_months === null) return [];
  return [{ type: 'WarrantyBonusRemoved', data: { item_id: item.item_id, at: command.at } }];
}
