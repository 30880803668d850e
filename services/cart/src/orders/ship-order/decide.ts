import { IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import type { OrderEvent } from '../events';
import { placedOf, type OrderState } from '../state';

/** Staff (later the warehouse) hand the order to the carrier. */
export interface ShipOrder {
  readonly type: 'ShipOrder';
  readonly tracking_number: string | null;
  readonly at: string;
}

export function shipOrder(command: ShipOrder, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  if (state.status === 'shipped') return [];
  if (state.status !== 'confirmed')
    throw new IllegalState(ORDER_ERROR_CODES.notShippable, 'Only a confirmed order can be shipped', { status: state.status });
  return [{ type: 'OrderShipped', data: { number, tracking_number: command.tracking_number, at: command.at } }];
}
