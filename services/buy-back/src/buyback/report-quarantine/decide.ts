import type { BuybackEvent } from '../events';
import { FieldErrors, illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** Staff hand the quarantined device over to the authorities; the buy-back ends here. */
export interface ReportQuarantine {
  readonly type: 'ReportQuarantine';
  readonly authority: string;
  readonly reference: string | null;
  readonly at: string;
}

export function decideReportQuarantine(command: ReportQuarantine, state: BuybackState): BuybackEvent[] {
  if (state.status === 'new') throw wrongState(state, 'ReportQuarantine');
  if (state.status === 'reported')
    throw illegal('buyback.quarantine_reported', 'The quarantined device has already been reported');
  if (state.status !== 'quarantined') throw illegal('buyback.not_quarantined', 'The device is not in quarantine');
  new FieldErrors().text('authority', command.authority).time('at', command.at).throwIfAny('The device cannot be reported');
  const { authority, reference, at } = command;
  return [{ type: 'QuarantineReported', data: { authority, reference, at } }];
}
