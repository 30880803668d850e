import type { PaymentMethod, PublishedPaymentEvent } from '@buyloop/contracts/payments/port';
import type { NotificationStatus } from '@buyloop/contracts/payments/http';
import type { DomainEvent } from '@buyloop/kit';

export const PAYMENT_STREAM_CATEGORY = 'payment';
export const paymentStream = (orderNumber: string): string => `${PAYMENT_STREAM_CATEGORY}-${orderNumber}`;
export const orderNumberOfStream = (stream: string): string | null =>
  stream.startsWith(`${PAYMENT_STREAM_CATEGORY}-`) ? stream.slice(PAYMENT_STREAM_CATEGORY.length + 1) : null;

/** What a gateway notification that changed the ledger carries into its event. */
interface ByNotification {
  readonly notification_id: string;
}

/**
 * The payment ledger of one order (`payment-<order_number>`). PaymentStarted,
 * PaymentSucceeded, PaymentFailed and PaymentRefunded are published (other
 * contexts react to them, their data extends PublishedPaymentEvent); the
 * others are the ledger's own.
 */
export type PaymentEvent =
  | DomainEvent<
      'PaymentStarted',
      PublishedPaymentEvent & {
        /** Where the gateway sends the buyer back: the order's status page (its token included, as the gateway would keep it). */
        readonly return_url: string;
      }
    >
  | DomainEvent<'PaymentPending', ByNotification & { readonly at: string }>
  /** 3-D Secure passed: the card's bank holds the money, the gateway has not confirmed the capture yet. */
  | DomainEvent<'PaymentAuthorised', ByNotification & { readonly at: string }>
  | DomainEvent<'PaymentSucceeded', PublishedPaymentEvent & ByNotification>
  | DomainEvent<'PaymentFailed', PublishedPaymentEvent & ByNotification>
  /** A "failed" after "paid" (a gateway's late or mistaken report): kept for staff, changes nothing. */
  | DomainEvent<'PaymentLateFailureRecorded', ByNotification & { readonly reported: NotificationStatus; readonly at: string }>
  | DomainEvent<'PaymentRefundRequested', { readonly refund_id: string; readonly reason: string; readonly at: string }>
  | DomainEvent<'PaymentRefunded', PublishedPaymentEvent & ByNotification>;

export type PaymentEventType = PaymentEvent['type'];

export const PAYMENT_LEDGER_EVENT_TYPES: readonly PaymentEventType[] = [
  'PaymentStarted',
  'PaymentPending',
  'PaymentAuthorised',
  'PaymentSucceeded',
  'PaymentFailed',
  'PaymentLateFailureRecorded',
  'PaymentRefundRequested',
  'PaymentRefunded',
];

/** A gateway notification as stored before it is applied: `paymentnotice-<hash of provider and id>`, one event each. */
export const NOTIFICATION_STREAM_CATEGORY = 'paymentnotice';
export const NOTIFICATION_RECEIVED = 'PaymentNotificationReceived';

export interface NotificationReceivedData {
  readonly provider: string;
  readonly notification_id: string;
  readonly order_number: string;
  readonly payment_id: string;
  readonly status: NotificationStatus;
  /** The body exactly as signed, for staff and for applying it again after a crash. */
  readonly body: string;
  readonly received_at: string;
}

export type NotificationEvent = DomainEvent<typeof NOTIFICATION_RECEIVED, NotificationReceivedData>;

export type { PaymentMethod };
