import { IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES, WITHDRAWAL_DAYS } from '@buyloop/contracts/cart/orders';
import type { OrderEvent } from '../events';
import { placedOf, type OrderState } from '../state';

/** Spec 2's contract withdrawal, recorded by staff when the customer's notice arrives. */
export interface WithdrawOrder {
  readonly type: 'WithdrawOrder';
  readonly reason: string | null;
  readonly at: string;
}

export function withdrawOrder(command: WithdrawOrder, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.status === 'withdrawn') return [];
  if (state.status !== 'delivered' || state.delivered_at === null)
    throw new IllegalState(ORDER_ERROR_CODES.notDelivered, 'Only a delivered order can be withdrawn from');
  const deadline = new Date(state.delivered_at).getTime() + WITHDRAWAL_DAYS * 86_400_000;
  if (new Date(command.at).getTime() > deadline)
    throw new IllegalState(ORDER_ERROR_CODES.withdrawalPeriodOver, 'The 14 days of withdrawal are over', {
      days: WITHDRAWAL_DAYS,
    });
  return [{ type: 'OrderWithdrawn', data: { number, reason: command.reason, at: command.at } }];
}
