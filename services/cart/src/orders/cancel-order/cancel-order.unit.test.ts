import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, NUMBER, paid, placed, shipped } from '../testing';
import type { CancelOrder } from './decide';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-24T11:00:00.000Z';
const byCustomer: CancelOrder = { type: 'CancelOrder', by: 'customer', reason: null, at: AT };
const byStaff: CancelOrder = { type: 'CancelOrder', by: 'staff', reason: 'Customer called', at: AT };

describe('CancelOrder', () => {
  it('lets the customer cancel an unpaid order: nothing to refund', () => {
    given(placed())
      .when(byCustomer)
      .then({ type: 'OrderCancelled', data: { number: NUMBER, by: 'customer', reason: null, refund: false, at: AT } });
  });

  it('cancels a paid order with a refund', () => {
    given(placed(), paid(), confirmed())
      .when(byStaff)
      .then({ type: 'OrderCancelled', data: { number: NUMBER, by: 'staff', reason: 'Customer called', refund: true, at: AT } });
  });

  it('cancels after a failed payment', () => {
    given(placed(), { type: 'OrderPaymentFailed', data: { number: NUMBER, payment_id: 'p', at: AT } })
      .when(byCustomer)
      .then({ type: 'OrderCancelled', data: { number: NUMBER, by: 'customer', reason: null, refund: false, at: AT } });
  });

  it('records a repeat once', () => {
    given(placed(), { type: 'OrderCancelled', data: { number: NUMBER, by: 'customer', reason: null, refund: false, at: AT } })
      .when(byStaff)
      .then();
  });

  it('refuses staff without a reason', () => {
    given(placed())
      .when({ ...byStaff, reason: '  ' })
      .thenThrows(ValidationError, 'order.reason_required');
  });

  it('refuses once the order was shipped', () => {
    given(placed(), paid(), confirmed(), shipped()).when(byCustomer).thenThrows(IllegalState, 'order.not_cancellable');
  });

  it('refuses an order that does not exist', () => {
    given().when(byCustomer).thenThrows(IllegalState, 'order.not_placed');
  });
});
