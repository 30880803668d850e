import type { CartEvent } from '../events';
import { assertOpen, childrenOf, itemOf, type CartState } from '../state';

/** Spec 7's remove_product: an item; a device goes with its package (insurance, warranty extension, accessories). */
export interface RemoveItem {
  readonly type: 'RemoveItem';
  readonly item_id: string;
  readonly at: string;
}

export function removeItem(command: RemoveItem, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  const removed = [item.item_id, ...childrenOf(state, item.item_id).map((child) => child.item_id)];
  return [{ type: 'CartItemRemoved', data: { item_id: item.item_id, removed_item_ids: removed, at: command.at } }];
}
