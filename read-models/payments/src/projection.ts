import {
  NOTIFICATION_RECEIVED,
  orderNumberOfStream,
  PAYMENT_LEDGER_EVENT_TYPES,
  paymentDecider,
  type NotificationReceivedData,
  type PaymentEvent,
  type PaymentState,
  type StartedLedger,
} from '@buyloop/payments';
import type { PaymentStatus } from '@buyloop/contracts/payments/http';
import type { PaymentMethod } from '@buyloop/contracts/payments/port';
import type { Projection } from '@buyloop/projector';

/**
 * One document per order's payment, for the order detail in the back office:
 * the ledger as its own decider folds it (the read side never restates how a
 * payment changes), how many gateway notifications arrived (duplicates are
 * stored once), and the "failed" reports that came after "paid".
 */
export interface PaymentDocument extends Record<string, unknown> {
  readonly order_number: string;
  readonly payment_id: string;
  readonly method: PaymentMethod;
  readonly status: PaymentStatus;
  readonly amount: number;
  readonly currency: StartedLedger['currency'];
  readonly started_at: string;
  readonly paid_at: string | null;
  readonly refunded_at: string | null;
  readonly applied: readonly string[];
  readonly notifications: number;
  readonly late_failures: readonly { readonly notification_id: string; readonly at: string }[];
  readonly updated_at: string;
}

export const PAYMENTS_PROJECTION = 'payments';

const ledgerOf = (document: PaymentDocument): StartedLedger => ({
  status: document.status,
  order_number: document.order_number,
  payment_id: document.payment_id,
  method: document.method,
  amount: document.amount,
  currency: document.currency,
  // The buyer's return address holds the order's status token: the read side never keeps it.
  return_url: '',
  started_at: document.started_at,
  paid_at: document.paid_at,
  refunded_at: document.refunded_at,
  applied: document.applied,
});

export const paymentsProjection: Projection<PaymentDocument> = {
  name: PAYMENTS_PROJECTION,
  version: 1,
  handles: [...PAYMENT_LEDGER_EVENT_TYPES, NOTIFICATION_RECEIVED],
  collection: {
    fields: {
      order_number: { path: 'order_number', type: 'string' },
      status: { path: 'status', type: 'string' },
      method: { path: 'method', type: 'string' },
      updated_at: { path: 'updated_at', type: 'date' },
    },
    // For a staff list of payments by state (awaiting, failed) to come.
    indexes: ['status', 'updated_at'],
  },
  key: (event) =>
    event.type === NOTIFICATION_RECEIVED
      ? (event.data as NotificationReceivedData).order_number
      : orderNumberOfStream(event.stream),
  evolve(document, recorded) {
    const updated_at = recorded.recordedAt.toISOString();
    if (recorded.type === NOTIFICATION_RECEIVED)
      // A notification about an order whose payment never started has nothing to count against.
      return document ? { ...document, notifications: document.notifications + 1, updated_at } : null;
    const event = { type: recorded.type, data: recorded.data } as PaymentEvent;
    const before: PaymentState = document ? ledgerOf(document) : paymentDecider.initialState();
    const after = paymentDecider.evolve(before, event);
    if (after.status === 'none') return document;
    const lateFailures =
      event.type === 'PaymentLateFailureRecorded'
        ? [...(document?.late_failures ?? []), { notification_id: event.data.notification_id, at: event.data.at }]
        : (document?.late_failures ?? []);
    return {
      order_number: after.order_number,
      payment_id: after.payment_id,
      method: after.method,
      status: after.status,
      amount: after.amount,
      currency: after.currency,
      started_at: after.started_at,
      paid_at: after.paid_at,
      refunded_at: after.refunded_at,
      applied: after.applied,
      notifications: document?.notifications ?? 0,
      late_failures: lateFailures,
      updated_at,
    };
  },
};
