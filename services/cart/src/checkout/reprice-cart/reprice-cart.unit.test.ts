import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { cartDecider } from '../../decider';
import { added, AT, CASE, line, PHONE } from '../../testing';

const { given } = deciderSpec(cartDecider);

describe('RepriceCart', () => {
  it('gives the lines whose price changed today’s price, keeping their pieces', () => {
    given(added(line('i1', PHONE, { quantity: 2 })), added(line('i2', CASE)))
      .when({ type: 'RepriceCart', prices: { i1: 19_000, i2: CASE.price! }, at: AT })
      .then({ type: 'CartItemQuantityChanged', data: { item_id: 'i1', quantity: 2, unit_price: 19_000, at: AT } });
  });

  it('records nothing when every price stands', () => {
    given(added(line('i1', PHONE)))
      .when({ type: 'RepriceCart', prices: { i1: PHONE.price! }, at: AT })
      .then();
  });

  it('refuses a cart taken into an account’s cart', () => {
    given(added(line('i1', PHONE)), { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when({ type: 'RepriceCart', prices: { i1: 1 }, at: AT })
      .thenThrows(IllegalState, 'cart.merged');
  });
});
