import type { MetaMasterEvent, MetaMasterFields } from '../../events';
import { changedFields, FieldErrors } from '../../rules';
import { assertMetaMasterActive, checkMetaMasterFields, normaliseMetaMasterFields } from '../fields';
import type { MetaMasterState } from '../state';

/** Spec 7's update-meta-master. */
export interface UpdateMetaMaster {
  readonly type: 'UpdateMetaMaster';
  readonly metaMasterId: string;
  readonly changes: Partial<MetaMasterFields>;
  readonly at: string;
}

export function decideUpdateMetaMaster(command: UpdateMetaMaster, state: MetaMasterState): MetaMasterEvent[] {
  assertMetaMasterActive(state, command.metaMasterId);
  const errors = new FieldErrors().time('at', command.at);
  checkMetaMasterFields(errors, command.changes);
  errors.throwIfAny('The meta master cannot be changed');
  const changed = changedFields(state.fields, normaliseMetaMasterFields(command.changes));
  if (!changed) return [];
  return [{ type: 'MetaMasterUpdated', data: { metaMasterId: command.metaMasterId, ...changed, at: command.at } }];
}
