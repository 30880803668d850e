import type { CartEvent } from '../events';
import type { CartState } from '../state';

/**
 * The anonymous cart closed once its items are in the account's cart. Said
 * again (a retried sign-in), it changes nothing.
 */
export interface HandOverCart {
  readonly type: 'HandOverCart';
  readonly into_cart: string;
  readonly at: string;
}

export function handOverCart(command: HandOverCart, state: CartState): CartEvent[] {
  if (state.handed_over_to !== null) return [];
  return [{ type: 'CartHandedOver', data: { into_cart: command.into_cart, at: command.at } }];
}
