import type { BuybackEvent } from '../events';
import { illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** The paid buy-back is closed. */
export interface Complete {
  readonly type: 'Complete';
  readonly at: string;
}

export function decideComplete(command: Complete, state: BuybackState): BuybackEvent[] {
  if (state.status === 'completed') throw illegal('buyback.already_completed', 'The buy-back is already completed');
  if (state.status !== 'paid') throw wrongState(state, 'Complete');
  return [{ type: 'Completed', data: { at: command.at } }];
}
