import type { NotificationStatus } from '@buyloop/contracts/payments/http';
import { assertNever, IllegalState, NotFound, type Currency } from '@buyloop/kit';
import type { PaymentEvent } from '../events';
import { assertStarted, PAYMENT_ERROR_CODES, type PaymentState, type StartedLedger } from '../state';

/** A gateway's notification, once its signature was checked and it was stored. */
export interface ApplyNotification {
  readonly type: 'ApplyNotification';
  readonly notification_id: string;
  /** The payment the gateway names: another one than this order's is not this ledger's news. */
  readonly payment_id: string;
  readonly status: NotificationStatus;
  readonly amount: number;
  readonly currency: Currency;
  readonly at: string;
}

/**
 * How far a payment got. Notifications only ever move it forward: gateways
 * retry, reorder and repeat them, so a late "pending" arriving after "paid"
 * must not undo the money we hold. Failed is off this line: it ends a
 * payment that never got paid.
 */
const PROGRESS = { started: 0, pending: 1, authorised: 2, paid: 3, refund_requested: 4, refunded: 5 } as const;

const published = (state: StartedLedger, command: ApplyNotification) => ({
  order_number: state.order_number,
  payment_id: state.payment_id,
  method: state.method,
  amount: state.amount,
  currency: state.currency,
  at: command.at,
  notification_id: command.notification_id,
});

export function applyNotification(command: ApplyNotification, state: PaymentState): PaymentEvent[] {
  const ledger = assertStarted(state);
  if (command.payment_id !== ledger.payment_id)
    throw new NotFound(PAYMENT_ERROR_CODES.notFound, 'The notification names another payment than this order’s');
  // The same notification again (a gateway's retry, one we stored but crashed before applying): it counted once.
  if (ledger.applied.includes(command.notification_id)) return [];
  const { notification_id, at } = command;
  const paidOrBeyond = ledger.status !== 'failed' && PROGRESS[ledger.status] >= PROGRESS.paid;
  switch (command.status) {
    case 'pending':
      return ledger.status === 'started' ? [{ type: 'PaymentPending', data: { notification_id, at } }] : [];
    case 'authorised':
      return ledger.status === 'started' || ledger.status === 'pending'
        ? [{ type: 'PaymentAuthorised', data: { notification_id, at } }]
        : [];
    case 'paid':
      if (paidOrBeyond) return [];
      // Less (or other money) than the order's total does not pay it; the notification stays stored for staff.
      if (command.amount !== ledger.amount || command.currency !== ledger.currency)
        throw new IllegalState(PAYMENT_ERROR_CODES.amountMismatch, 'The amount paid is not the amount due', {
          due: ledger.amount,
          paid: command.amount,
        });
      // Money that arrives after a failed attempt (a bank transfer the buyer sent after all) is money we hold.
      return [{ type: 'PaymentSucceeded', data: published(ledger, command) }];
    case 'failed':
      if (ledger.status === 'failed') return [];
      if (paidOrBeyond) return [{ type: 'PaymentLateFailureRecorded', data: { notification_id, reported: 'failed', at } }];
      return [{ type: 'PaymentFailed', data: published(ledger, command) }];
    case 'refunded':
      // Only what was collected comes back; a refund the gateway reports for anything else is not ours to record.
      return ledger.status === 'paid' || ledger.status === 'refund_requested'
        ? [{ type: 'PaymentRefunded', data: published(ledger, command) }]
        : [];
    default:
      return assertNever(command.status, 'notification status');
  }
}
