/** Fixtures of the payment ledger's specs. */
import type { PaymentEvent } from './events';

export const AT = '2026-11-24T10:00:00.000Z';
export const LATER = '2026-11-24T10:05:00.000Z';
export const ORDER = '6000000123';
export const PAYMENT_ID = 'pay_6000000123_0123456789abcdef';

const base = { order_number: ORDER, payment_id: PAYMENT_ID, method: 'card', amount: 12_990, currency: 'CZK' } as const;

export const started = (overrides: Partial<Extract<PaymentEvent, { type: 'PaymentStarted' }>['data']> = {}): PaymentEvent => ({
  type: 'PaymentStarted',
  data: { ...base, return_url: 'https://shop.test/objednavka/6000000123?token=t', at: AT, ...overrides },
});
export const pending = (notification_id = 'n-pending'): PaymentEvent => ({
  type: 'PaymentPending',
  data: { notification_id, at: LATER },
});
export const authorised = (notification_id = 'n-auth'): PaymentEvent => ({
  type: 'PaymentAuthorised',
  data: { notification_id, at: LATER },
});
export const succeeded = (notification_id = 'n-paid'): PaymentEvent => ({
  type: 'PaymentSucceeded',
  data: { ...base, at: LATER, notification_id },
});
export const failed = (notification_id = 'n-failed'): PaymentEvent => ({
  type: 'PaymentFailed',
  data: { ...base, at: LATER, notification_id },
});
export const refundRequested = (): PaymentEvent => ({
  type: 'PaymentRefundRequested',
  data: { refund_id: 'r1', reason: 'order cancelled', at: LATER },
});
export const refunded = (notification_id = 'n-refunded'): PaymentEvent => ({
  type: 'PaymentRefunded',
  data: { ...base, at: LATER, notification_id },
});
