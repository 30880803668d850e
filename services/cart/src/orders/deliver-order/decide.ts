import { IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import type { OrderEvent } from '../events';
import { placedOf, type OrderState } from '../state';

/** The carrier (or the store at pickup) handed the goods over: the 14 days of withdrawal start. */
export interface DeliverOrder {
  readonly type: 'DeliverOrder';
  readonly at: string;
}

export function deliverOrder(command: DeliverOrder, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.status === 'delivered') return [];
  if (state.status !== 'shipped')
    throw new IllegalState(ORDER_ERROR_CODES.notShippable, 'Only a shipped order can be delivered', { status: state.status });
  return [{ type: 'OrderDelivered', data: { number, at: command.at } }];
}
