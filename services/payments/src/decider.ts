import { assertNever, type Decider } from '@buyloop/kit';
import type { PaymentEvent } from './events';
import { evolvePayment, initialPaymentState, type PaymentState } from './state';
import { startPayment, type StartPayment } from './start-payment/decide';
import { applyNotification, type ApplyNotification } from './apply-notification/decide';
import { requestRefund, type RequestRefund } from './request-refund/decide';

export type PaymentCommand = StartPayment | ApplyNotification | RequestRefund;

/** One order's payment ledger (`payment-<order_number>`): pure; ids, time and the gateway's word arrive in the command. */
export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide(command, state) {
    switch (command.type) {
      case 'StartPayment':
        return startPayment(command, state);
      case 'ApplyNotification':
        return applyNotification(command, state);
      case 'RequestRefund':
        return requestRefund(command, state);
      default:
        return assertNever(command, 'payment command');
    }
  },
};
