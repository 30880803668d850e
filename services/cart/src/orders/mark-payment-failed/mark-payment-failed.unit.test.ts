import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, NUMBER, paid, placed } from '../testing';
import type { MarkPaymentFailed } from './decide';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-24T10:05:00.000Z';
const fail: MarkPaymentFailed = { type: 'MarkPaymentFailed', payment_id: 'p1', at: AT };
const failed = { type: 'OrderPaymentFailed' as const, data: { number: NUMBER, payment_id: 'p1', at: AT } };

describe('MarkPaymentFailed', () => {
  it('marks an order waiting for its money as failed', () => {
    given(placed()).when(fail).then(failed);
  });

  it('records a repeated failure once', () => {
    given(placed(), failed).when(fail).then();
  });

  it('keeps a paid order paid when a late failure arrives', () => {
    given(placed(), paid(), confirmed()).when(fail).then();
  });

  it('refuses an order that does not exist', () => {
    given().when(fail).thenThrows(IllegalState, 'order.not_placed');
  });
});
