import { IllegalState } from '@buyloop/kit';
import type { PaymentEvent } from '../events';
import { assertStarted, PAYMENT_ERROR_CODES, type PaymentState } from '../state';

/** Spec: an order cancelled (by the buyer before shipping, by staff, a withdrawal) gives back everything collected. */
export interface RequestRefund {
  readonly type: 'RequestRefund';
  readonly refund_id: string;
  readonly reason: string;
  readonly at: string;
}

export function requestRefund(command: RequestRefund, state: PaymentState): PaymentEvent[] {
  const ledger = assertStarted(state);
  // Asked twice (a cancellation retried, a process manager's second delivery): one refund.
  if (ledger.status === 'refund_requested' || ledger.status === 'refunded') return [];
  if (ledger.status !== 'paid')
    throw new IllegalState(PAYMENT_ERROR_CODES.nothingCollected, 'Nothing was collected for this order, so nothing is refunded');
  const { refund_id, reason, at } = command;
  return [{ type: 'PaymentRefundRequested', data: { refund_id, reason, at } }];
}
