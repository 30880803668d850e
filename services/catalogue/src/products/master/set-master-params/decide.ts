import type { ComponentParam, MasterEvent } from '../../events';
import { FieldErrors, sameValue } from '../../rules';
import { assertActive, checkParams, normaliseMasterFields } from '../fields';
import type { MasterState } from '../state';

/** Replaces a master's component parameters (spec 7: the list of name, value, type) as a whole. */
export interface SetMasterParams {
  readonly type: 'SetMasterParams';
  readonly masterProductId: string;
  readonly params: readonly ComponentParam[];
  readonly at: string;
}

export function decideSetMasterParams(command: SetMasterParams, state: MasterState): MasterEvent[] {
  assertActive(state, command.masterProductId);
  const errors = new FieldErrors().time('at', command.at);
  checkParams(errors, command.params);
  errors.throwIfAny('The component parameters cannot be saved');
  const { params } = normaliseMasterFields({ params: command.params });
  if (sameValue(params, state.fields.params)) return [];
  return [{ type: 'MasterProductUpdated', data: { masterProductId: command.masterProductId, params, at: command.at } }];
}
