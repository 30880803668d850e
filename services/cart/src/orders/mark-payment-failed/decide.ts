import type { OrderEvent } from '../events';
import { placedOf, type OrderState } from '../state';

/** The payments context reported the payment failed (its PaymentFailed). */
export interface MarkPaymentFailed {
  readonly type: 'MarkPaymentFailed';
  readonly payment_id: string;
  readonly at: string;
}

/** Only an order still waiting for its money fails; a late failure after it was paid (or a repeat) changes nothing. */
export function markPaymentFailed(command: MarkPaymentFailed, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.status !== 'awaiting_payment') return [];
  return [{ type: 'OrderPaymentFailed', data: { number, payment_id: command.payment_id, at: command.at } }];
}
