import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound } from '@buyloop/kit';
import { paymentDecider } from '../decider';
import type { RequestRefund } from './decide';
import { authorised, failed, LATER, pending, refunded, refundRequested, started, succeeded } from '../testing';

const { given } = deciderSpec(paymentDecider);

const refund: RequestRefund = { type: 'RequestRefund', refund_id: 'r1', reason: 'order cancelled', at: LATER };

describe('RequestRefund', () => {
  it('asks the gateway to give back everything a paid payment collected', () => {
    given(started(), succeeded()).when(refund).then(refundRequested());
  });

  it('is idempotent: asked again, or once refunded, it records nothing', () => {
    given(started(), succeeded(), refundRequested())
      .when({ ...refund, refund_id: 'r2' })
      .then();
    given(started(), succeeded(), refunded()).when(refund).then();
  });

  it('refuses when nothing was collected', () => {
    for (const history of [[started()], [started(), pending()], [started(), authorised()], [started(), failed()]])
      given(...history)
        .when(refund)
        .thenThrows(IllegalState, 'payment.nothing_collected');
  });

  it('refuses an order without a payment', () => {
    given().when(refund).thenThrows(NotFound, 'payment.not_found');
  });
});
