import { describe, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { stockDecider } from '../decider';
import { CODE, HERE, minute, received } from '../testing';

const { given } = deciderSpec(stockDecider);
const receive = (quantity: number, receiptId: string | null = null) =>
  ({ type: 'ReceiveStock', code: CODE, location: HERE, receiptId, quantity, reference: 'DL-2026-114', at: minute(5) }) as const;

describe('receive stock', () => {
  it('adds the pieces received', () => {
    given(received(3))
      .when(receive(10))
      .then({
        type: 'StockReceived',
        data: { code: CODE, location: HERE, receiptId: null, quantity: 10, reference: 'DL-2026-114', at: minute(5) },
      });
  });

  it('a receipt id already recorded changes nothing', () => {
    given(received(10, minute(0), 'r-1'))
      .when(receive(10, 'r-1'))
      .then();
  });

  it('refuses zero, negative, decimal and absurd quantities', () => {
    for (const quantity of [0, -1, 1.5, 100_001])
      given().when(receive(quantity)).thenThrows(ValidationError, 'validation.failed');
  });
});
