import { CART_LIMITS } from '@buyloop/contracts';
import type { CartEvent, CartItem } from '../events';
import { assertOpen, type CartState } from '../state';

/**
 * An anonymous cart's items taken into the account's cart when its holder
 * signs in (issue 15: "anonymous by cookie and merged into the account on
 * login"). The items arrive with new ids (the route mints them, keeping
 * each package's parent link). Whole packages are taken in order while they
 * fit under the cart's limit of lines; what does not fit stays behind, so a
 * merge never refuses and never splits a device from its insurance.
 */
export interface MergeCart {
  readonly type: 'MergeCart';
  readonly from_cart: string;
  readonly items: readonly CartItem[];
  readonly at: string;
}

export function mergeCart(command: MergeCart, state: CartState): CartEvent[] {
  assertOpen(state);
  const taken: CartItem[] = [];
  let room = CART_LIMITS.maxItems - state.items.length;
  for (const top of command.items.filter((item) => item.parent_item_id === null)) {
    const pack = [top, ...command.items.filter((item) => item.parent_item_id === top.item_id)];
    if (pack.length > room) continue;
    taken.push(...pack);
    room -= pack.length;
  }
  if (taken.length === 0) return [];
  return [{ type: 'CartMerged', data: { from_cart: command.from_cart, items: taken, at: command.at } }];
}
