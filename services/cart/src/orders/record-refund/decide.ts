import type { OrderEvent } from '../events';
import { placedOf, type OrderState } from '../state';

/** The payments context reported the order's money given back (its PaymentRefunded). */
export interface RecordRefund {
  readonly type: 'RecordRefund';
  readonly payment_id: string;
  readonly amount: number;
  readonly at: string;
}

/**
 * Recorded once: the process manager may deliver the same PaymentRefunded
 * twice. Not refused in any state: the money went back whatever the order
 * thinks (the ledger refunds only on a cancellation's or withdrawal's
 * request), and a refund the order's history lacks is worse than one that
 * arrived in a surprising state.
 */
export function recordRefund(command: RecordRefund, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.refunded) return [];
  return [{ type: 'OrderRefunded', data: { number, payment_id: command.payment_id, amount: command.amount, at: command.at } }];
}
