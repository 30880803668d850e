import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { fold, IllegalState } from '@buyloop/kit';
import { cartDecider } from '../../decider';
import type { CartEvent } from '../../events';
import { added, AT, line, PHONE } from '../../testing';

const { given } = deciderSpec(cartDecider);

describe('CheckOutCart', () => {
  it('empties the cart an order was placed from', () => {
    const checkedOut: CartEvent = { type: 'CartCheckedOut', data: { order_number: '6123456789', at: AT } };
    given(added(line('i1', PHONE)))
      .when({ type: 'CheckOutCart', order_number: '6123456789', at: AT })
      .then(checkedOut);
    expect(fold(cartDecider, [added(line('i1', PHONE)), checkedOut]).items).toEqual([]);
  });

  it('refuses an empty cart', () => {
    given().when({ type: 'CheckOutCart', order_number: '6123456789', at: AT }).thenThrows(IllegalState, 'cart.empty');
  });

  it('refuses a cart taken into an account’s cart', () => {
    given(added(line('i1', PHONE)), { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when({ type: 'CheckOutCart', order_number: '6123456789', at: AT })
      .thenThrows(IllegalState, 'cart.merged');
  });
});
