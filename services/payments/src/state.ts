import type { PaymentMethod } from '@buyloop/contracts/payments/port';
import type { PaymentStatus } from '@buyloop/contracts/payments/http';
import { assertNever, NotFound, type Currency } from '@buyloop/kit';
import type { PaymentEvent } from './events';

export interface StartedLedger {
  readonly status: PaymentStatus;
  readonly order_number: string;
  readonly payment_id: string;
  readonly method: PaymentMethod;
  readonly amount: number;
  readonly currency: Currency;
  readonly return_url: string;
  readonly started_at: string;
  readonly paid_at: string | null;
  readonly refunded_at: string | null;
  /** Notification ids that recorded something: the same one again records nothing. */
  readonly applied: readonly string[];
}

export type PaymentState = { readonly status: 'none' } | StartedLedger;

export const initialPaymentState = (): PaymentState => ({ status: 'none' });

export const PAYMENT_ERROR_CODES = {
  notFound: 'payment.not_found',
  startedOtherwise: 'payment.started_otherwise',
  amountMismatch: 'payment.amount_mismatch',
  nothingCollected: 'payment.nothing_collected',
  methodUnavailable: 'payment.method_unavailable',
  gatewayError: 'payment.gateway_error',
  walletUnavailable: 'payment.wallet_unavailable',
  signatureInvalid: 'payment.signature_invalid',
  notSigned: 'payment.notification_not_raw',
  challengeFailed: 'payment.challenge_failed',
  notAwaiting: 'payment.not_awaiting_buyer',
  unknownVariableSymbol: 'payment.unknown_variable_symbol',
} as const;

export function assertStarted(state: PaymentState): StartedLedger {
  if (state.status === 'none') throw new NotFound(PAYMENT_ERROR_CODES.notFound, 'No payment was started for this order');
  return state;
}

const withApplied = (state: StartedLedger, id: string): readonly string[] => [...state.applied, id];

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentStarted': {
      const { order_number, payment_id, method, amount, currency, at, return_url } = event.data;
      return {
        status: 'started',
        order_number,
        payment_id,
        method,
        amount,
        currency,
        return_url,
        started_at: at,
        paid_at: null,
        refunded_at: null,
        applied: [],
      };
    }
    case 'PaymentPending': {
      const started = assertStarted(state);
      return { ...started, status: 'pending', applied: withApplied(started, event.data.notification_id) };
    }
    case 'PaymentAuthorised': {
      const started = assertStarted(state);
      return { ...started, status: 'authorised', applied: withApplied(started, event.data.notification_id) };
    }
    case 'PaymentSucceeded': {
      const started = assertStarted(state);
      return {
        ...started,
        status: 'paid',
        paid_at: event.data.at,
        applied: withApplied(started, event.data.notification_id),
      };
    }
    case 'PaymentFailed': {
      const started = assertStarted(state);
      return { ...started, status: 'failed', applied: withApplied(started, event.data.notification_id) };
    }
    case 'PaymentLateFailureRecorded': {
      const started = assertStarted(state);
      return { ...started, applied: withApplied(started, event.data.notification_id) };
    }
    case 'PaymentRefundRequested':
      return { ...assertStarted(state), status: 'refund_requested' };
    case 'PaymentRefunded': {
      const started = assertStarted(state);
      return {
        ...started,
        status: 'refunded',
        refunded_at: event.data.at,
        applied: withApplied(started, event.data.notification_id),
      };
    }
    default:
      return assertNever(event, 'payment event');
  }
}
