import { CART_LIMITS } from '@buyloop/contracts';
import type { CartEvent, CartItem, MergedRaise } from '../events';
import { assertOpen, childrenOf, mergedKey, type CartState } from '../state';

/**
 * An anonymous cart's items taken into the account's cart when its holder
 * signs in (issue 15: "anonymous by cookie and merged into the account on
 * login"). Whole packages are taken in order while they fit under the
 * cart's limit of lines (a merge never refuses and never splits a device
 * from its insurance); a plain line of a product the account's cart holds
 * as a plain line raises that line instead (re-priced at today's price)
 * while the raised pieces stay within the per-line limit, and is added as a
 * line of its own otherwise. Stock is not checked (a merge never refuses:
 * the checkout checks every line again). What is not taken is not lost: the service
 * hands over only the `taken` items, the rest stay in the anonymous cart.
 * Items already taken (`merged`) are skipped, so a merge said again (a
 * retry, two requests at once) takes nothing twice.
 */
export interface MergeCart {
  readonly type: 'MergeCart';
  readonly from_cart: string;
  /** The anonymous cart's items under their own ids. */
  readonly items: readonly CartItem[];
  /** The id each item gets in this cart (the service derives them from the anonymous cart's). */
  readonly new_ids: Readonly<Record<string, string>>;
  /** The catalogue's price now of the plain lines' products (absent or null: not for sale, so never raised into). */
  readonly prices: Readonly<Record<string, number | null>>;
  readonly at: string;
}

export function mergeCart(command: MergeCart, state: CartState): CartEvent[] {
  assertOpen(state);
  const done = new Set(state.merged);
  const pending = command.items.filter((item) => !done.has(mergedKey(command.from_cart, item.item_id)));
  const idOf = (itemId: string): string => command.new_ids[itemId] ?? itemId;
  const items: CartItem[] = [];
  const raised = new Map<string, MergedRaise>();
  const taken: string[] = [];
  let room = CART_LIMITS.maxItems - state.items.length;
  for (const top of pending.filter((item) => item.parent_item_id === null)) {
    const children = pending.filter((item) => item.parent_item_id === top.item_id);
    const price = command.prices[top.product] ?? null;
    const same =
      children.length === 0 && price !== null
        ? state.items.find(
            (item) =>
              item.product === top.product &&
              item.parent_item_id === null &&
              item.installment === top.installment &&
              childrenOf(state, item.item_id).length === 0,
          )
        : undefined;
    if (same && price !== null) {
      const quantity = (raised.get(same.item_id)?.quantity ?? same.quantity) + top.quantity;
      if (quantity <= CART_LIMITS.maxQuantity) {
        raised.set(same.item_id, { item_id: same.item_id, quantity, unit_price: price });
        taken.push(top.item_id);
        continue;
      }
    }
    const pack = [top, ...children];
    if (pack.length > room) continue;
    items.push(
      ...pack.map((item) => ({
        ...item,
        item_id: idOf(item.item_id),
        parent_item_id: item.parent_item_id === null ? null : idOf(item.parent_item_id),
      })),
    );
    taken.push(...pack.map((item) => item.item_id));
    room -= pack.length;
  }
  if (taken.length === 0) return [];
  return [
    {
      type: 'CartMerged',
      data: { from_cart: command.from_cart, items, raised: [...raised.values()], taken, at: command.at },
    },
  ];
}
