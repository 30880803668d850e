import { IllegalState, ValidationError } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import type { CancelledBy, OrderEvent } from '../events';
import { isCancellable, placedOf, type OrderState } from '../state';

/** The customer (from the status page) or staff (with a reason) cancel an order before it ships. */
export interface CancelOrder {
  readonly type: 'CancelOrder';
  readonly by: CancelledBy;
  readonly reason: string | null;
  readonly at: string;
}

/**
 * Cancelled once (a repeat records nothing). What follows the event — the
 * stock given back, the money refunded when some was collected, the codes
 * released — is done by whoever cancels, idempotently, after the event.
 */
export function cancelOrder(command: CancelOrder, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.status === 'cancelled') return [];
  if (command.by === 'staff' && (command.reason === null || command.reason.trim() === ''))
    throw new ValidationError(ORDER_ERROR_CODES.reasonRequired, { reason: ['validation.required'] }, 'Staff name a reason');
  if (!isCancellable(state.status))
    throw new IllegalState(ORDER_ERROR_CODES.notCancellable, 'The order was shipped already', { status: state.status });
  return [
    { type: 'OrderCancelled', data: { number, by: command.by, reason: command.reason, refund: state.paid, at: command.at } },
  ];
}
