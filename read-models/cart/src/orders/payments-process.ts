import { IllegalState, systemActor, type Deliverer, type ProcessManager } from '@buyloop/kit';
import type { OrderService } from '@buyloop/cart';
import { PAYMENT_EVENT_TYPES, type PublishedPaymentEvent } from '@buyloop/contracts/payments/port';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';

export interface PaymentOutcomeWork {
  readonly outcome: 'paid' | 'failed';
  readonly order_number: string;
  readonly payment_id: string;
  readonly amount: number;
  readonly at: string;
}

export const ORDER_PAYMENTS_PROCESS = 'order-payments';
/** The payments context's ledger streams, `payment-<order_number>`. */
const PAYMENT_STREAM_PREFIX = 'payment-';

/**
 * The payments context's published outcomes move the order: PaymentSucceeded
 * marks it paid (and confirmed), PaymentFailed marks its payment failed.
 * The work's id is the event's, and the order's decider records a repeat
 * as nothing, so an event read twice changes the order once. The payments
 * context applies gateway notifications monotonically; the order does too
 * (a failure after paid is kept by the ledger and changes nothing here).
 */
export const orderPaymentsProcess: ProcessManager<PaymentOutcomeWork> = {
  name: ORDER_PAYMENTS_PROCESS,
  handles: [PAYMENT_EVENT_TYPES.paid, PAYMENT_EVENT_TYPES.failed],
  react(event) {
    if (!event.stream.startsWith(PAYMENT_STREAM_PREFIX)) return [];
    const data = event.data as Partial<PublishedPaymentEvent>;
    if (typeof data.order_number !== 'string') return [];
    return [
      {
        id: event.id,
        payload: {
          outcome: event.type === PAYMENT_EVENT_TYPES.paid ? 'paid' : 'failed',
          order_number: data.order_number,
          payment_id: String(data.payment_id ?? ''),
          amount: typeof data.amount === 'number' ? data.amount : 0,
          at: typeof data.at === 'string' ? data.at : event.recordedAt.toISOString(),
        },
      },
    ];
  },
};

export function orderPaymentsDeliverer(orders: OrderService): Deliverer<PaymentOutcomeWork> {
  return {
    async deliver({ payload }) {
      try {
        const result =
          payload.outcome === 'paid'
            ? await orders.markPaid(payload.order_number, payload, systemActor)
            : await orders.markPaymentFailed(payload.order_number, payload, systemActor);
        return { outcome: 'delivered', reference: result.checkpoint };
      } catch (error) {
        // A payment of no order of ours (another shop's, a test's) will never have an order to move.
        if (error instanceof IllegalState && error.code === ORDER_ERROR_CODES.notPlaced)
          return { outcome: 'dropped', reason: `No order ${payload.order_number}` };
        throw error;
      }
    },
  };
}
