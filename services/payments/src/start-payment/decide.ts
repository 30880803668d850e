import type { PaymentMethod } from '@buyloop/contracts/payments/port';
import { IllegalState, type Currency } from '@buyloop/kit';
import type { PaymentEvent } from '../events';
import { PAYMENT_ERROR_CODES, type PaymentState } from '../state';

/** Starts collecting an order's money; the order number is the stream, so a second start for it is the first one again. */
export interface StartPayment {
  readonly type: 'StartPayment';
  readonly payment_id: string;
  readonly order_number: string;
  readonly method: PaymentMethod;
  readonly amount: number;
  readonly currency: Currency;
  readonly return_url: string;
  readonly at: string;
}

export function startPayment(command: StartPayment, state: PaymentState): PaymentEvent[] {
  if (state.status !== 'none') {
    // The checkout retried (the same Idempotency-Key, a lost answer): the payment it started already stands.
    if (state.method === command.method && state.amount === command.amount && state.currency === command.currency) return [];
    throw new IllegalState(
      PAYMENT_ERROR_CODES.startedOtherwise,
      'This order’s payment was started with another method or amount',
    );
  }
  const { payment_id, order_number, method, amount, currency, return_url, at } = command;
  return [{ type: 'PaymentStarted', data: { payment_id, order_number, method, amount, currency, return_url, at } }];
}
