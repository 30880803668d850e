import type { OrderEvent } from '../events';
import { awaitsPayment, placedOf, type OrderState } from '../state';

/** The payments context reported the order's money collected (its PaymentSucceeded). */
export interface MarkPaid {
  readonly type: 'MarkPaid';
  readonly payment_id: string;
  readonly amount: number;
  readonly at: string;
}

/**
 * Paid once: a repeated report records nothing. An order waiting for its
 * payment (or whose attempt failed and was tried again) is paid and
 * confirmed; cash on delivery, confirmed already, records the money only.
 * Money reported for a cancelled order changes nothing here: the
 * order-late-payment-refunds process manager asks the payments context to
 * refund it.
 */
export function markPaid(command: MarkPaid, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.paid || state.status === 'cancelled' || state.status === 'withdrawn') return [];
  const paid: OrderEvent = {
    type: 'OrderPaid',
    data: { number, payment_id: command.payment_id, amount: command.amount, at: command.at },
  };
  return awaitsPayment(state.status) ? [paid, { type: 'OrderConfirmed', data: { number, at: command.at } }] : [paid];
}
