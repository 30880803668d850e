import {
  CART_EVENT_TYPES,
  cartDecider,
  cartIdOfStream,
  countOf,
  type AppliedDiscountCode,
  type BuybackBonus,
  type CartEvent,
  type CartState,
} from '@buyloop/cart';
import type { Projection } from '@buyloop/projector';

/**
 * One document per cart: its lines as the cart's own decider folds them
 * (the read side never restates how a cart changes), the count of pieces
 * and when it last changed. The summary (packages, totals, VAT) is worked
 * out when read (summary.ts), so a change of how it is shown needs no rebuild.
 */
export interface CartDocument extends Record<string, unknown> {
  readonly cart_id: string;
  readonly items: CartState['items'];
  readonly handed_over_to: string | null;
  /** Discount codes applied (absent in documents folded before discounts); priced when read. */
  readonly discount_codes?: readonly AppliedDiscountCode[];
  /** Buy-back bonuses on device lines (absent in documents folded before them). */
  readonly buyback_bonuses?: readonly BuybackBonus[];
  readonly count: number;
  readonly updated_at: string;
}

export const CART_PROJECTION = 'cart_carts';

export const cartProjection: Projection<CartDocument> = {
  name: CART_PROJECTION,
  version: 1,
  handles: CART_EVENT_TYPES,
  collection: {
    fields: {
      cart_id: { path: 'cart_id', type: 'string' },
      count: { path: 'count', type: 'number' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
    // For the abandoned-cart clean-up and the checkout's reports to come.
    indexes: ['updated_at'],
  },
  key: (event) => cartIdOfStream(event.stream),
  evolve(document, recorded) {
    const cartId = cartIdOfStream(recorded.stream)!;
    const before: CartState = document
      ? // What an account's cart merged is the write side's guard against taking an item twice; the read side shows lines only.
        {
          items: document.items,
          handed_over_to: document.handed_over_to,
          merged: [],
          discount_codes: document.discount_codes ?? [],
          buyback_bonuses: document.buyback_bonuses ?? [],
        }
      : cartDecider.initialState();
    const after = cartDecider.evolve(before, { type: recorded.type, data: recorded.data } as CartEvent);
    return {
      cart_id: cartId,
      items: after.items,
      handed_over_to: after.handed_over_to,
      discount_codes: after.discount_codes ?? [],
      ...(after.buyback_bonuses && after.buyback_bonuses.length > 0 ? { buyback_bonuses: after.buyback_bonuses } : {}),
      count: countOf(after),
      updated_at: recorded.recordedAt.toISOString(),
    };
  },
};
