import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, delivered, NUMBER, paid, placed, shipped } from '../testing';

const { given } = deciderSpec(orderDecider);
const DELIVERED = '2026-11-26T08:00:00.000Z';
const history = [placed(), paid(), confirmed(), shipped(), delivered(DELIVERED)];

describe('WithdrawOrder', () => {
  it('records a withdrawal on the 14th day after delivery', () => {
    const at = '2026-12-10T08:00:00.000Z';
    given(...history)
      .when({ type: 'WithdrawOrder', reason: 'Does not fit', at })
      .then({ type: 'OrderWithdrawn', data: { number: NUMBER, reason: 'Does not fit', at } });
  });

  it('refuses it later', () => {
    given(...history)
      .when({ type: 'WithdrawOrder', reason: null, at: '2026-12-10T08:00:01.000Z' })
      .thenThrows(IllegalState, 'order.withdrawal_period_over');
  });

  it('refuses an order not delivered yet', () => {
    given(placed(), paid(), confirmed(), shipped())
      .when({ type: 'WithdrawOrder', reason: null, at: DELIVERED })
      .thenThrows(IllegalState, 'order.not_delivered');
  });

  it('records a repeat once', () => {
    const at = '2026-11-27T08:00:00.000Z';
    given(...history, { type: 'OrderWithdrawn', data: { number: NUMBER, reason: null, at } })
      .when({ type: 'WithdrawOrder', reason: null, at })
      .then();
  });
});
