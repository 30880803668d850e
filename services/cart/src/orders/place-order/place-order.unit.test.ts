import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { NUMBER, PLACED_AT, placed, placedOrder } from '../testing';

const { given } = deciderSpec(orderDecider);

describe('PlaceOrder', () => {
  it('places an order paid online: it waits for its payment', () => {
    given().when({ type: 'PlaceOrder', order: placedOrder() }).then(placed());
  });

  it('confirms cash on delivery at once (nothing to wait for)', () => {
    const order = placedOrder({ payment: { method: 'cash_on_delivery', label: 'Dobírka', fee: 39 } });
    given()
      .when({ type: 'PlaceOrder', order })
      .then({ type: 'OrderPlaced', data: order }, { type: 'OrderConfirmed', data: { number: NUMBER, at: PLACED_AT } });
  });

  it('confirms an order of nothing to pay at once', () => {
    const order = placedOrder({ totals: { items: 0, discounts: 0, delivery: 0, payment: 0, vat: 0, total: 0 } });
    given()
      .when({ type: 'PlaceOrder', order })
      .then({ type: 'OrderPlaced', data: order }, { type: 'OrderConfirmed', data: { number: NUMBER, at: PLACED_AT } });
  });

  it('refuses a number that is taken (the checkout draws another)', () => {
    given(placed()).when({ type: 'PlaceOrder', order: placedOrder() }).thenThrows(IllegalState, 'order.already_placed');
  });
});
