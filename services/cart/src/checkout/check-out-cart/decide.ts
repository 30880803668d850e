import { IllegalState } from '@buyloop/kit';
import { ORDER_ERROR_CODES } from '@buyloop/contracts/cart/orders';
import type { CartEvent } from '../../events';
import { assertOpen, type CartState } from '../../state';

/** The checkout placed an order from this cart: the cart is emptied. */
export interface CheckOutCart {
  readonly type: 'CheckOutCart';
  readonly order_number: string;
  readonly at: string;
}

export function checkOutCart(command: CheckOutCart, state: CartState): CartEvent[] {
  assertOpen(state);
  if (state.items.length === 0) throw new IllegalState(ORDER_ERROR_CODES.empty, 'The cart is empty');
  return [{ type: 'CartCheckedOut', data: { order_number: command.order_number, at: command.at } }];
}
