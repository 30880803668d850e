import { describe, expect, it } from 'vitest';
import { fold, IllegalState } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received, released, reserved, sold } from '../testing';

const { given } = deciderSpec(stockDecider);
const release = (reservationId: string, reason: 'released' | 'rolled_back' = 'released') =>
  ({ type: 'ReleaseReservation', code: CODE, location: HERE, reservationId, reason, at: minute(2) }) as const;

describe('release', () => {
  it('gives the held pieces back, with the reason', () => {
    given(received(3), reserved('cart-1', 2)).when(release('cart-1')).then(released('cart-1', 2));
    given(received(3), reserved('cart-1', 2))
      .when(release('cart-1', 'rolled_back'))
      .then(released('cart-1', 2, 'rolled_back'));
  });

  it('what is not held here changes nothing (a rollback may name every item, and run again)', () => {
    given(received(3)).when(release('cart-1')).then();
    given(received(3), reserved('cart-1', 2), released('cart-1', 2)).when(release('cart-1')).then();
    given(received(3), reserved('cart-1', 2), sold('cart-1', 2)).when(release('cart-1', 'rolled_back')).then();
    given(received(3), reserved('cart-1', 2), released('cart-1', 2, 'expired'))
      .when(release('cart-1', 'rolled_back'))
      .then();
  });

  it('asked for, a release of a reservation that was sold, expired or rolled back is refused with how it ended', () => {
    given(received(3), reserved('cart-1', 2), sold('cart-1', 2))
      .when(release('cart-1'))
      .thenThrows(IllegalState, 'catalogue.stock.reservation_closed');
    given(received(3), reserved('cart-1', 2), released('cart-1', 2, 'expired'))
      .when(release('cart-1'))
      .thenThrows(IllegalState, 'catalogue.stock.reservation_closed');
    given(received(3), reserved('cart-1', 2), released('cart-1', 2, 'rolled_back'))
      .when(release('cart-1'))
      .thenThrows(IllegalState, 'catalogue.stock.reservation_closed');
    expect(() =>
      stockDecider.decide(release('cart-1'), fold(stockDecider, [received(3), reserved('cart-1', 2), sold('cart-1', 2)])),
    ).toThrow(expect.objectContaining({ params: { reservation_id: 'cart-1', how: 'sold' } }));
  });
});
