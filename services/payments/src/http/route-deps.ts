import { problem } from '@buyloop/http';
import type { PaymentsService } from '../payments-service';
import type { SandboxGateway } from '../sandbox/gateway';

export interface PaymentsRouteDeps {
  readonly service: PaymentsService;
  readonly gateway: SandboxGateway;
}

export const PAYMENTS_TAG = 'Payments';

/** Answers the payment routes share. */
export const paymentProblems = {
  invalid: problem('The payment id (or another parameter) is not valid: `errors` names it'),
  notFound: problem('No such payment (or no bank transfer awaits this variable symbol)'),
  notAwaiting: problem('The payment no longer awaits the buyer (paid, failed or refunded), or is not paid this way'),
  wallet: problem('Spec 8: card wallet not available or failed to load (choose another method)'),
  gateway: problem('Spec 8: payment gateway error on sending the order (the sandbox could not reach the notification endpoint)'),
};
