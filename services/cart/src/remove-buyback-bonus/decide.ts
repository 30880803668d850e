import type { CartEvent } from '../events';
import { assertOpen, itemOf, type CartState } from '../state';

/** Takes a device line's buy-back bonus off; without one nothing changes (a DELETE said twice is one). */
export interface RemoveBuybackBonus {
  readonly type: 'RemoveBuybackBonus';
  readonly item_id: string;
  readonly at: string;
}

export function removeBuybackBonus(command: RemoveBuybackBonus, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  const held = (state.buyback_bonuses ?? []).find((bonus) => bonus.item_id === item.item_id);
  if (!held) return [];
  return [
    {
      type: 'BuybackBonusRemoved',
      data: { item_id: item.item_id, buyback_number: held.buyback_number, reason: 'customer', at: command.at },
    },
  ];
}
