import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received, released, reserved, sold } from '../testing';

const { given } = deciderSpec(stockDecider);
const sell = (at = minute(3)) => ({ type: 'SellReservation', code: CODE, location: HERE, reservationId: 'cart-1', at }) as const;

describe('sell', () => {
  it('turns the reservation into a sale', () => {
    given(received(3), reserved('cart-1', 2)).when(sell()).then(sold('cart-1', 2));
  });

  it('selling again changes nothing', () => {
    given(received(3), reserved('cart-1', 2), sold('cart-1', 2)).when(sell()).then();
  });

  it('a reservation past its expiry is sold while its pieces are still free, refused once someone else took them', () => {
    given(received(3), reserved('cart-1', 2, minute(30)))
      .when(sell(minute(31)))
      .then(sold('cart-1', 2, minute(31)));
    given(received(3), reserved('cart-1', 2, minute(30)), reserved('cart-2', 2, minute(60), minute(30)))
      .when(sell(minute(31)))
      .thenThrows(IllegalState, 'catalogue.stock.reservation_expired');
  });

  it('refuses a released reservation and one never made here', () => {
    given(received(3), reserved('cart-1', 2), released('cart-1', 2))
      .when(sell())
      .thenThrows(IllegalState, 'catalogue.stock.reservation_closed');
    given(received(3), reserved('cart-1', 2), released('cart-1', 2, 'expired'))
      .when(sell())
      .thenThrows(IllegalState, 'catalogue.stock.reservation_closed');
    given(received(3)).when(sell()).thenThrows(NotFound, 'catalogue.stock.reservation_not_found');
  });
});
