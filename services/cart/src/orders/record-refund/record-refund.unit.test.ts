import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, NUMBER, paid, placed } from '../testing';
import type { RecordRefund } from './decide';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-24T11:00:00.000Z';
const refund: RecordRefund = { type: 'RecordRefund', payment_id: 'p1', amount: 20_079, at: AT };
const cancelled = {
  type: 'OrderCancelled' as const,
  data: { number: NUMBER, by: 'customer' as const, reason: null, refund: true, at: AT },
};
const refunded = { type: 'OrderRefunded' as const, data: { number: NUMBER, payment_id: 'p1', amount: 20_079, at: AT } };

describe('RecordRefund', () => {
  it('records the money given back for a cancelled paid order', () => {
    given(placed(), paid(), confirmed(), cancelled).when(refund).then(refunded);
  });

  it('records nothing when the refund is reported again', () => {
    given(placed(), paid(), confirmed(), cancelled, refunded).when(refund).then();
  });

  it('records a refund of a withdrawn order', () => {
    given(placed(), paid(), confirmed(), { type: 'OrderWithdrawn', data: { number: NUMBER, reason: null, at: AT } })
      .when(refund)
      .then(refunded);
  });

  it('refuses an order that does not exist', () => {
    given().when(refund).thenThrows(IllegalState, 'order.not_placed');
  });
});
