import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** Staff cleared the IMEI (a false blacklist hit, a typo in the submission): the inspection goes on. */
export interface ReleaseQuarantine {
  readonly type: 'ReleaseQuarantine';
  readonly reason: string;
  readonly at: string;
}

export function decideReleaseQuarantine(command: ReleaseQuarantine, state: BuybackState): BuybackEvent[] {
  if (state.status === 'new') throw wrongState(state, 'ReleaseQuarantine');
  if (state.status === 'reported') throw illegal('buyback.quarantine_reported', 'The quarantined device has been reported');
  if (state.status !== 'quarantined') throw illegal('buyback.not_quarantined', 'The device is not in quarantine');
  new FieldErrors().text('reason', command.reason).time('at', command.at).throwIfAny('The quarantine cannot be released');
  return [{ type: 'QuarantineReleased', data: { reason: command.reason, at: command.at } }];
}
