import type { CartEvent } from '../events';
import type { ProductOffer } from '../offers';
import { checkAvailable, checkQuantity, unavailable } from '../rules';
import { assertOpen, childrenOf, itemOf, type CartState } from '../state';

/** Kinds that cover each piece of their device: their quantity follows the device's. */
const PER_PIECE = new Set(['insurance', 'warranty_extension']);

/**
 * Spec 7's cart_package_product_data PATCH: an item's pieces. Raising them
 * needs the catalogue's current offer (the route looks it up), lowering
 * them never does. An insurance or a warranty extension under a device
 * follows the device's pieces; an accessory keeps its own.
 */
export interface ChangeQuantity {
  readonly type: 'ChangeQuantity';
  readonly item_id: string;
  readonly quantity: number;
  /** The item's product as the catalogue offers it now (null: no longer there). */
  readonly offer: ProductOffer | null;
  readonly at: string;
}

export function changeQuantity(command: ChangeQuantity, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  checkQuantity(command.quantity);
  if (command.quantity === item.quantity) return [];
  if (command.quantity > item.quantity) {
    const inCart = state.items.filter((other) => other.product === item.product).reduce((sum, other) => sum + other.quantity, 0);
    if (!command.offer) throw unavailable(item.product, 0);
    checkAvailable(command.offer, inCart - item.quantity + command.quantity);
  }
  const followers = childrenOf(state, item.item_id).filter((child) => PER_PIECE.has(child.kind));
  return [item, ...followers].map((line) => ({
    type: 'CartItemQuantityChanged',
    data: { item_id: line.item_id, quantity: command.quantity, at: command.at },
  }));
}
