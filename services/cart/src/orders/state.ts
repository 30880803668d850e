import { assertNever, IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES, type OrderStatus } from '@buyloop/contracts/cart/orders';
import type { CancelledBy, OrderEvent, OrderPackage, PlacedOrder } from './events';

/** An order folded from its stream. */
export interface OrderState {
  readonly placed: PlacedOrder | null;
  readonly status: OrderStatus | null;
  readonly paid: boolean;
  readonly paid_at: string | null;
  readonly shipped_at: string | null;
  readonly delivered_at: string | null;
  readonly cancelled: { readonly by: CancelledBy; readonly reason: string | null; readonly at: string } | null;
  /** What was clawed back so far of each buy-back bonus the order was placed with (absent when nothing was). */
  readonly clawed_back?: Readonly<Record<string, number>>;
  /** The packages the confirmed order was split into (absent until it was). */
  readonly packages?: readonly OrderPackage[];
  /** What the payments context gave back (absent until it did). */
  readonly refunded?: { readonly amount: number; readonly at: string };
}

export const initialOrderState = (): OrderState => ({
  placed: null,
  status: null,
  paid: false,
  paid_at: null,
  shipped_at: null,
  delivered_at: null,
  cancelled: null,
});

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { ...state, placed: event.data, status: 'awaiting_payment' };
    case 'OrderPaid':
      // Cash on delivery is paid once the order is confirmed or later: the money arrives, the status stays.
      return { ...state, status: awaitsPayment(state.status) ? 'paid' : state.status, paid: true, paid_at: event.data.at };
    case 'OrderPaymentFailed':
      return { ...state, status: 'payment_failed' };
    case 'OrderConfirmed':
      return { ...state, status: 'confirmed' };
    case 'OrderShipped':
      return { ...state, status: 'shipped', shipped_at: event.data.at };
    case 'OrderDelivered':
      return { ...state, status: 'delivered', delivered_at: event.data.at };
    case 'OrderCancelled':
      return { ...state, status: 'cancelled', cancelled: { by: event.data.by, reason: event.data.reason, at: event.data.at } };
    case 'OrderWithdrawn':
      return { ...state, status: 'withdrawn' };
    case 'OrderBonusClawedBack': {
      const clawed = state.clawed_back ?? {};
      return {
        ...state,
        clawed_back: { ...clawed, [event.data.buyback_number]: (clawed[event.data.buyback_number] ?? 0) + event.data.amount },
      };
    }
    case 'OrderSplitIntoPackages':
      return { ...state, packages: event.data.packages };
    case 'OrderRefunded':
      return { ...state, refunded: { amount: event.data.amount, at: event.data.at } };
    default:
      return assertNever(event, 'order event');
  }
}

/** Before shipping, an order may still be cancelled (by its customer or staff). */
export const isCancellable = (status: OrderStatus | null): boolean =>
  status === 'awaiting_payment' || status === 'payment_failed' || status === 'paid' || status === 'confirmed';

export function placedOf(state: OrderState): PlacedOrder {
  if (!state.placed) throw new IllegalState(ORDER_ERROR_CODES.notPlaced, 'There is no such order');
  return state.placed;
}

export const awaitsPayment = (status: OrderStatus | null): boolean =>
  status === 'awaiting_payment' || status === 'payment_failed';
