import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** The bank confirms the transfer of the ordered payout. */
export interface ConfirmPayout {
  readonly type: 'ConfirmPayout';
  readonly paymentReference: string;
  readonly at: string;
}

export function decideConfirmPayout(command: ConfirmPayout, state: BuybackState): BuybackEvent[] {
  if (state.paidAt !== null) throw illegal('buyback.already_paid', 'The buy-back has already been paid');
  if (state.status !== 'payout_ordered' || state.payoutAmount === null || state.currency === null)
    throw wrongState(state, 'ConfirmPayout');
  new FieldErrors()
    .text('paymentReference', command.paymentReference)
    .time('at', command.at)
    .throwIfAny('The payout cannot be confirmed');
  const { paymentReference, at } = command;
  return [{ type: 'Paid', data: { amount: state.payoutAmount, currency: state.currency, paymentReference, at } }];
}
