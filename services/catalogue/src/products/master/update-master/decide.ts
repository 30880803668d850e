import type { MasterEvent, MasterFields } from '../../events';
import { changedFields, FieldErrors } from '../../rules';
import { assertActive, checkMasterFields, normaliseMasterFields, type MasterReferences } from '../fields';
import type { MasterState } from '../state';

/** Changes some of a master's fields (its SEO texts included); fields left out stay as they are. */
export interface UpdateMaster {
  readonly type: 'UpdateMaster';
  readonly masterProductId: string;
  readonly changes: Partial<MasterFields>;
  readonly references: MasterReferences;
  readonly at: string;
}

export function decideUpdateMaster(command: UpdateMaster, state: MasterState): MasterEvent[] {
  assertActive(state, command.masterProductId);
  const errors = new FieldErrors().time('at', command.at);
  // Unchanged references pass even if they have since gone: editing the name must not fail over an old photo.
  const references: MasterReferences = {
    manufacturerExists: command.references.manufacturerExists || command.changes.manufacturerId === state.fields.manufacturerId,
    typeDeviceExists: command.references.typeDeviceExists || command.changes.typeDeviceId === state.fields.typeDeviceId,
    existingPhotoIds: [...command.references.existingPhotoIds, ...state.fields.photoIds],
  };
  checkMasterFields(errors, command.changes, references);
  errors.throwIfAny('The master product cannot be changed');
  const changed = changedFields(state.fields, normaliseMasterFields(command.changes));
  if (!changed) return [];
  return [{ type: 'MasterProductUpdated', data: { masterProductId: command.masterProductId, ...changed, at: command.at } }];
}
