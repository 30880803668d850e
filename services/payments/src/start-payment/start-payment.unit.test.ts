import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { paymentDecider } from '../decider';
import type { StartPayment } from './decide';
import { AT, ORDER, PAYMENT_ID, started } from '../testing';

const { given } = deciderSpec(paymentDecider);

const start = (overrides: Partial<StartPayment> = {}): StartPayment => ({
  type: 'StartPayment',
  payment_id: PAYMENT_ID,
  order_number: ORDER,
  method: 'card',
  amount: 12_990,
  currency: 'CZK',
  return_url: 'https://shop.test/objednavka/6000000123?token=t',
  at: AT,
  ...overrides,
});

describe('StartPayment', () => {
  it('opens the ledger with the method, the amount and the currency', () => {
    given().when(start()).then(started());
  });

  it('records nothing when the same order’s payment is started again the same way (a retried checkout)', () => {
    given(started())
      .when(start({ payment_id: 'pay_6000000123_ffffffffffffffff', at: '2026-11-24T11:00:00.000Z' }))
      .then();
  });

  it('refuses another method or amount for an order whose payment was started', () => {
    given(started())
      .when(start({ method: 'bank_transfer' }))
      .thenThrows(IllegalState, 'payment.started_otherwise');
    given(started())
      .when(start({ amount: 1 }))
      .thenThrows(IllegalState, 'payment.started_otherwise');
  });
});
