import { CART_ERROR_CODES } from '@buyloop/contracts';
import { IllegalState } from '@buyloop/kit';
import type { CartEvent } from '../events';
import type { ProductOffer } from '../offers';
import { checkAvailable, checkQuantity, isPerPiece, unavailable } from '../rules';
import { assertOpen, childrenOf, itemOf, type CartState } from '../state';

/**
 * Spec 7's cart_package_product_data PATCH: an item's pieces. Raising them
 * needs the catalogue's current offers (the route looks them up): the raised
 * line and the insurance and warranty extension that follow it are
 * re-priced at today's prices. Lowering them never needs the catalogue and
 * keeps the prices. An insurance or a warranty extension under a device
 * follows the device's pieces and is never changed on its own; an accessory
 * keeps its own.
 */
export interface ChangeQuantity {
  readonly type: 'ChangeQuantity';
  readonly item_id: string;
  readonly quantity: number;
  /** The item's product as the catalogue offers it now (null: no longer there). */
  readonly offer: ProductOffer | null;
  /** The products of its insurance and warranty extension, by code, as offered now (absent or null: no longer there). */
  readonly follower_offers: Readonly<Record<string, ProductOffer | null>>;
  readonly at: string;
}

export function changeQuantity(command: ChangeQuantity, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  if (item.parent_item_id !== null && isPerPiece(item.kind))
    throw new IllegalState(
      CART_ERROR_CODES.quantityFollowsDevice,
      'An insurance or warranty extension follows its device’s pieces',
      { parent_item_id: item.parent_item_id },
    );
  checkQuantity(command.quantity);
  if (command.quantity === item.quantity) return [];
  const followers = childrenOf(state, item.item_id).filter((child) => isPerPiece(child.kind));
  const raising = command.quantity > item.quantity;
  const priceOf = (product: string, offer: ProductOffer | null): number => {
    const inCart = state.items.filter((other) => other.product === product).reduce((sum, other) => sum + other.quantity, 0);
    if (!offer) throw unavailable(product, 0);
    return checkAvailable(offer, inCart + command.quantity - item.quantity);
  };
  return [item, ...followers].map((line) => ({
    type: 'CartItemQuantityChanged',
    data: {
      item_id: line.item_id,
      quantity: command.quantity,
      ...(raising
        ? {
            unit_price: priceOf(line.product, line === item ? command.offer : (command.follower_offers[line.product] ?? null)),
          }
        : {}),
      at: command.at,
    },
  }));
}
