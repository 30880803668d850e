import {
  fold,
  handleCommand,
  IllegalState,
  systemActor,
  type Deliverer,
  type Market,
  type ProcessManager,
  type RecordedEvent,
  type StreamStore,
  type WorkItem,
} from '@buyloop/kit';
import { orderDecider, orderStream, type OrderEvent, type RecordRefund } from '@buyloop/cart';
import { PAYMENT_EVENT_TYPES, type Payments, type PublishedPaymentEvent } from '@buyloop/contracts/payments/port';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';

export interface RefundWork {
  readonly order_number: string;
  readonly payment_id: string;
  readonly amount: number;
  readonly at: string;
}

export const ORDER_REFUNDS_PROCESS = 'order-refunds';
/** The payments context's ledger streams, `payment-<order_number>`. */
const PAYMENT_STREAM_PREFIX = 'payment-';

/** A payment ledger's published event as the work of a manager: its id is the event's, so a repeat is one work item. */
function workOf(event: RecordedEvent): WorkItem<RefundWork>[] {
  if (!event.stream.startsWith(PAYMENT_STREAM_PREFIX)) return [];
  const data = event.data as Partial<PublishedPaymentEvent>;
  if (typeof data.order_number !== 'string') return [];
  return [
    {
      id: event.id,
      payload: {
        order_number: data.order_number,
        payment_id: String(data.payment_id ?? ''),
        amount: typeof data.amount === 'number' ? data.amount : 0,
        at: typeof data.at === 'string' ? data.at : event.recordedAt.toISOString(),
      },
    },
  ];
}

/**
 * A cancelled order's money is refunded by the payments context after the
 * cancellation (the gateway confirms it later, by a notification); its
 * published PaymentRefunded is recorded on the order as OrderRefunded, so the
 * order's own history and its status page end with the money back. The
 * work's id is the event's and the decider records a repeat as nothing.
 */
export const orderRefundsProcess: ProcessManager<RefundWork> = {
  name: ORDER_REFUNDS_PROCESS,
  handles: [PAYMENT_EVENT_TYPES.refunded],
  react: workOf,
};

export function orderRefundsDeliverer(deps: { readonly events: StreamStore; readonly market: Market }): Deliverer<RefundWork> {
  return {
    async deliver({ payload }) {
      const command: RecordRefund = {
        type: 'RecordRefund',
        payment_id: payload.payment_id,
        amount: payload.amount,
        at: payload.at,
      };
      try {
        const result = await handleCommand(deps.events, orderDecider, orderStream(payload.order_number), command, {
          actor: systemActor,
          market: deps.market,
          retry: { attempts: 5 },
        });
        return { outcome: 'delivered', reference: result.checkpoint };
      } catch (error) {
        // A refund of no order of ours (a payment a test started on its own) has no order to record it on.
        if (error instanceof IllegalState && error.code === ORDER_ERROR_CODES.notPlaced)
          return { outcome: 'dropped', reason: `No order ${payload.order_number}` };
        throw error;
      }
    },
  };
}

export const LATE_PAYMENT_REFUNDS_PROCESS = 'order-late-payment-refunds';

/**
 * Money that lands on an order cancelled meanwhile goes back. A card payment
 * still at the gateway when its order is cancelled had nothing to refund at
 * the cancellation (the ledger refunds only what was collected), and the
 * order records no payment once cancelled; this reacts to the payment
 * instead. Whichever of the two comes second sees the other: the
 * cancellation refunds a ledger that is paid already, this refunds for an
 * order that is cancelled already, and the ledger refunds once however often
 * it is asked.
 */
export const latePaymentRefundsProcess: ProcessManager<RefundWork> = {
  name: LATE_PAYMENT_REFUNDS_PROCESS,
  handles: [PAYMENT_EVENT_TYPES.paid],
  react: workOf,
};

export function latePaymentRefundsDeliverer(deps: {
  readonly events: Pick<StreamStore, 'readStream'>;
  readonly payments: () => Payments;
}): Deliverer<RefundWork> {
  return {
    async deliver({ payload }) {
      const recorded = await deps.events.readStream(orderStream(payload.order_number));
      const state = fold(orderDecider, recorded as unknown as readonly OrderEvent[]);
      if (!state.placed) return { outcome: 'dropped', reason: `No order ${payload.order_number}` };
      if (state.status === 'cancelled') await deps.payments().refund(payload.order_number, 'paid after the order was cancelled');
      return { outcome: 'delivered', reference: null };
    },
  };
}
