import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, NUMBER, paid, placed } from '../testing';
import type { MarkPaid } from './decide';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-24T10:05:00.000Z';
const pay: MarkPaid = { type: 'MarkPaid', payment_id: 'p1', amount: 20_079, at: AT };
const cancelled = {
  type: 'OrderCancelled' as const,
  data: { number: NUMBER, by: 'customer' as const, reason: null, refund: false, at: AT },
};

describe('MarkPaid', () => {
  it('pays and confirms an order waiting for its money', () => {
    given(placed()).when(pay).then(paid(AT), confirmed(AT));
  });

  it('pays an order whose first attempt failed', () => {
    given(placed(), { type: 'OrderPaymentFailed', data: { number: NUMBER, payment_id: 'p1', at: AT } })
      .when(pay)
      .then(paid(AT), confirmed(AT));
  });

  it('records nothing when the payment is reported again', () => {
    given(placed(), paid(AT), confirmed(AT)).when(pay).then();
  });

  it('records cash collected on delivery without changing the status', () => {
    given(placed({ payment: { method: 'cash_on_delivery', label: 'COD', fee: 0 } }), confirmed())
      .when(pay)
      .then(paid(AT));
  });

  it('records nothing for a cancelled order (the cancellation asked for a refund of whatever was collected)', () => {
    given(placed(), cancelled).when(pay).then();
  });

  it('refuses an order that does not exist', () => {
    given().when(pay).thenThrows(IllegalState, 'order.not_placed');
  });
});
