import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received, released, reserved } from '../testing';

const { given } = deciderSpec(stockDecider);
const expire = (at: string) => ({ type: 'ExpireReservation', code: CODE, location: HERE, reservationId: 'cart-1', at }) as const;

describe('expire reservation (the stock job)', () => {
  it('releases a reservation past its expiry as expired', () => {
    given(received(3), reserved('cart-1', 2, minute(30)))
      .when(expire(minute(30)))
      .then(released('cart-1', 2, 'expired', minute(30)));
  });

  it('leaves one not yet expired, or no longer held', () => {
    given(received(3), reserved('cart-1', 2, minute(30)))
      .when(expire(minute(29)))
      .then();
    given(received(3), reserved('cart-1', 2, minute(30)), released('cart-1', 2))
      .when(expire(minute(31)))
      .then();
    given()
      .when(expire(minute(31)))
      .then();
  });
});
