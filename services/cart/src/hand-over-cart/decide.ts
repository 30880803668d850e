import type { CartEvent } from '../events';
import type { CartState } from '../state';

/**
 * The anonymous cart gives up the items the account's cart took. Taken
 * whole, it closes; the items that did not fit stay here and the cart stays
 * open (its cookie is kept), so nothing is lost. Said again (a retried
 * sign-in, two requests at once), it changes nothing.
 */
export interface HandOverCart {
  readonly type: 'HandOverCart';
  readonly into_cart: string;
  /** The items now in the account's cart. */
  readonly item_ids: readonly string[];
  readonly at: string;
}

export function handOverCart(command: HandOverCart, state: CartState): CartEvent[] {
  if (state.handed_over_to !== null) return [];
  const taken = new Set(command.item_ids);
  const going = state.items.filter((item) => taken.has(item.item_id)).map((item) => item.item_id);
  if (going.length === state.items.length)
    return [{ type: 'CartHandedOver', data: { into_cart: command.into_cart, at: command.at } }];
  if (going.length === 0) return [];
  return [{ type: 'CartItemsHandedOver', data: { into_cart: command.into_cart, item_ids: going, at: command.at } }];
}
