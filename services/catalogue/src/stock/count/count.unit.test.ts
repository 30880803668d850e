import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received, reserved } from '../testing';

const { given } = deciderSpec(stockDecider);
const count = (onHand: number, reason = 'Inventura', at = minute(5)) =>
  ({ type: 'CountStock', code: CODE, location: HERE, onHand, reason, at }) as const;

describe('count stock', () => {
  it('sets what is on hand, with the reason and what it was', () => {
    given(received(10))
      .when(count(8, 'Two damaged in transport'))
      .then({
        type: 'StockCounted',
        data: { code: CODE, location: HERE, onHand: 8, previous: 10, reason: 'Two damaged in transport', at: minute(5) },
      });
  });

  it('a count confirming the quantity is recorded too; zero is a count', () => {
    given(received(10))
      .when(count(10))
      .then({
        type: 'StockCounted',
        data: { code: CODE, location: HERE, onHand: 10, previous: 10, reason: 'Inventura', at: minute(5) },
      });
    given(received(2))
      .when(count(0))
      .then({
        type: 'StockCounted',
        data: { code: CODE, location: HERE, onHand: 0, previous: 2, reason: 'Inventura', at: minute(5) },
      });
  });

  it('refuses a count below what is reserved, but not below an expired reservation', () => {
    given(received(10), reserved('cart-1', 4)).when(count(3)).thenThrows(IllegalState, 'catalogue.stock.count_below_reserved');
    given(received(10), reserved('cart-1', 4, minute(4)))
      .when(count(3))
      .then({
        type: 'StockCounted',
        data: { code: CODE, location: HERE, onHand: 3, previous: 10, reason: 'Inventura', at: minute(5) },
      });
  });

  it('refuses a negative or decimal count and a missing reason', () => {
    given().when(count(-1)).thenThrows(ValidationError, 'validation.failed');
    given().when(count(2.5)).thenThrows(ValidationError, 'validation.failed');
    given().when(count(2, '  ')).thenThrows(ValidationError, 'validation.failed');
  });
});
