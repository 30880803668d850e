import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received, released, reserved, sold } from '../testing';

const { given } = deciderSpec(stockDecider);
const reserve = (reservationId: string, quantity: number, expiresAt = minute(40), at = minute(10)) =>
  ({ type: 'ReserveStock', code: CODE, location: HERE, reservationId, quantity, expiresAt, at }) as const;

describe('reserve', () => {
  it('holds available pieces until the expiry', () => {
    given(received(3), reserved('cart-1', 1))
      .when(reserve('cart-2', 2))
      .then(reserved('cart-2', 2, minute(40), minute(10)));
  });

  it('refuses more than is available (on hand − reserved), with how many are', () => {
    given(received(3), reserved('cart-1', 2)).when(reserve('cart-2', 2)).thenThrows(IllegalState, 'catalogue.stock.insufficient');
    given().when(reserve('cart-2', 1)).thenThrows(IllegalState, 'catalogue.stock.insufficient');
  });

  it('pieces of an expired reservation are free again, even before the job releases it', () => {
    given(received(3), reserved('cart-1', 3, minute(5)))
      .when(reserve('cart-2', 3))
      .then(reserved('cart-2', 3, minute(40), minute(10)));
  });

  it('pieces of a released or sold reservation: released ones are free, sold ones are gone', () => {
    given(received(3), reserved('cart-1', 3), released('cart-1', 3))
      .when(reserve('cart-2', 3))
      .then(reserved('cart-2', 3, minute(40), minute(10)));
    given(received(3), reserved('cart-1', 3), sold('cart-1', 3))
      .when(reserve('cart-2', 1))
      .thenThrows(IllegalState, 'catalogue.stock.insufficient');
  });

  it('the same reservation again changes nothing; the same id for another quantity or after it ended is refused', () => {
    given(received(3), reserved('cart-1', 2)).when(reserve('cart-1', 2)).then();
    given(received(3), reserved('cart-1', 2))
      .when(reserve('cart-1', 1))
      .thenThrows(IllegalState, 'catalogue.stock.reservation_exists');
    given(received(3), reserved('cart-1', 2), released('cart-1', 2, 'rolled_back'))
      .when(reserve('cart-1', 2))
      .thenThrows(IllegalState, 'catalogue.stock.reservation_closed');
  });

  it('refuses a bad quantity and an expiry in the past or too far', () => {
    given(received(3)).when(reserve('cart-1', 0)).thenThrows(ValidationError, 'validation.failed');
    given(received(3)).when(reserve('cart-1', 1.5)).thenThrows(ValidationError, 'validation.failed');
    given(received(3))
      .when(reserve('cart-1', 1, minute(10)))
      .thenThrows(ValidationError, 'validation.failed');
    given(received(3))
      .when(reserve('cart-1', 1, minute(15 * 24 * 60)))
      .thenThrows(ValidationError, 'validation.failed');
    given(received(3))
      .when(reserve('cart-1', 1, 'soon'))
      .thenThrows(ValidationError, 'validation.failed');
  });
});
