import type { ClaimEvent } from '../../events';
import type { ClaimState } from '../state';

/** Gives a value back; only its holder can, and releasing what one does not hold changes nothing. */
export interface ReleaseValue {
  readonly type: 'ReleaseValue';
  readonly value: string;
  readonly owner: string;
  readonly at: string;
}

export function decideReleaseValue(command: ReleaseValue, state: ClaimState): ClaimEvent[] {
  if (state.holder !== command.owner) return [];
  return [{ type: 'ValueReleased', data: { value: command.value, owner: command.owner, at: command.at } }];
}
