import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState, BuybackStatus } from '../state';

/**
 * The customer may cancel until the device is received; staff may cancel
 * until the payout is ordered, with a reason. A device already here goes
 * back to the customer (status `returning`). A quarantined device is
 * released or reported, never cancelled.
 */
export interface Cancel {
  readonly type: 'Cancel';
  readonly by: 'customer' | 'staff';
  readonly reason: string | null;
  readonly at: string;
}

const customerMay: readonly BuybackStatus[] = ['submitted', 'awaiting_device'];
const staffMay: readonly BuybackStatus[] = [...customerMay, 'received', 'inspected', 'revised', 'approved'];

export function decideCancel(command: Cancel, state: BuybackState): BuybackEvent[] {
  if (state.cancelledAt !== null) throw illegal('buyback.already_cancelled', 'The buy-back has already been cancelled');
  if (command.by === 'customer' && state.receivedAt !== null && staffMay.includes(state.status))
    throw illegal('buyback.cancel_after_receipt', 'The device has been received: the buy-back can no longer be cancelled');
  if (!(command.by === 'customer' ? customerMay : staffMay).includes(state.status)) throw wrongState(state, 'Cancel');
  const errors = new FieldErrors().time('at', command.at);
  if (command.by === 'staff') errors.text('reason', command.reason ?? '');
  errors.throwIfAny('The buy-back cannot be cancelled');
  const reason = command.reason?.trim() ? command.reason : null;
  return [{ type: 'Cancelled', data: { by: command.by, reason, deviceHeld: state.receivedAt !== null, at: command.at } }];
}
