import type { BuybackEvent, PayoutApproval } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/**
 * Staff order the payout of the agreed price. Above `payoutLimit` (the
 * configured amount) it needs a granted supervisor check that a different
 * person approved (neither the one ordering nor the one who asked for it)
 * for exactly this amount and currency: an approval of a smaller payout
 * does not cover a larger one.
 */
export interface OrderPayout {
  readonly type: 'OrderPayout';
  readonly orderedBy: string;
  readonly payoutLimit: number;
  readonly approval: PayoutApproval | null;
  readonly at: string;
}

export function decideOrderPayout(command: OrderPayout, state: BuybackState): BuybackEvent[] {
  if (state.status === 'payout_ordered') throw illegal('buyback.payout_already_ordered', 'The payout has already been ordered');
  if (state.status !== 'approved' || state.price === null || state.currency === null) throw wrongState(state, 'OrderPayout');
  const errors = new FieldErrors()
    .text('orderedBy', command.orderedBy)
    .amount('payoutLimit', command.payoutLimit)
    .time('at', command.at);
  const { approval } = command;
  const amount = state.price;
  const aboveLimit = amount > command.payoutLimit;
  if (approval) {
    errors.text('approval.approvalId', approval.approvalId).text('approval.approvedBy', approval.approvedBy);
    if (approval.approvedBy === command.orderedBy || approval.approvedBy === approval.requestedBy)
      errors.add('approval.approvedBy', 'buyback.payout_approval_same_person');
    if (aboveLimit && (approval.amount !== amount || approval.currency !== state.currency))
      errors.add('approval.amount', 'buyback.payout_approval_amount_mismatch');
  }
  errors.throwIfAny('The payout cannot be ordered');
  if (aboveLimit && !approval)
    throw illegal('buyback.payout_approval_required', `A payout above ${command.payoutLimit} needs a supervisor's approval`);
  const { orderedBy, payoutLimit, at } = command;
  return [
    {
      type: 'PayoutOrdered',
      data: { amount, currency: state.currency, payoutLimit, orderedBy, approval: approval ? { ...approval } : null, at },
    },
  ];
}
