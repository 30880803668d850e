import { worseQuality } from '../../catalogue/types';
import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** The inspection matches what the customer declared: the price stands. */
export interface Approve {
  readonly type: 'Approve';
  readonly at: string;
}

/** True when the inspection found the device as declared (a better quality than declared counts as matching). */
export function inspectionMatches(state: BuybackState): boolean {
  const { inspection, declaredQuality } = state;
  if (!inspection || !declaredQuality) return false;
  return (
    worseQuality(inspection.qualityFound, declaredQuality) === declaredQuality &&
    inspection.findings.every((finding) => finding.foundChoice === finding.expectedChoice)
  );
}

export function decideApprove(command: Approve, state: BuybackState): BuybackEvent[] {
  if (state.status === 'approved') throw illegal('buyback.already_approved', 'The buy-back has already been approved');
  if (state.status !== 'inspected') throw wrongState(state, 'Approve');
  if (!inspectionMatches(state))
    throw illegal('buyback.inspection_differs', 'The inspection differs from the declared condition: revise the offer');
  new FieldErrors().time('at', command.at).throwIfAny('The buy-back cannot be approved');
  return [{ type: 'Approved', data: { price: state.price ?? 0, at: command.at } }];
}
