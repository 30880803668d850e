import { IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import type { OrderEvent, PlacedOrder } from '../events';
import type { OrderState } from '../state';

/** The checkout places an order, everything checked and priced before (prices, stock, delivery, payment, codes). */
export interface PlaceOrder {
  readonly type: 'PlaceOrder';
  readonly order: PlacedOrder;
}

/**
 * A new stream only: a number that is taken is refused (the checkout draws
 * another). Cash on delivery needs no payment first, so it is confirmed at once.
 */
export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  if (state.placed !== null) throw new IllegalState(ORDER_ERROR_CODES.alreadyPlaced, 'This order number is taken');
  const { order } = command;
  const placed: OrderEvent = { type: 'OrderPlaced', data: order };
  return order.payment.method === 'cash_on_delivery' || order.totals.total === 0
    ? [placed, { type: 'OrderConfirmed', data: { number: order.number, at: order.placed_at } }]
    : [placed];
}
