import type { MasterEvent, MasterFields } from '../../events';
import { FieldErrors, illegal } from '../../rules';
import { checkMasterFields, normaliseMasterFields, type MasterReferences } from '../fields';
import type { MasterState } from '../state';

/** Creates a master product (a model). The description arrives sanitised (see sanitiseDescription). */
export interface CreateMaster {
  readonly type: 'CreateMaster';
  readonly masterProductId: string;
  readonly fields: MasterFields;
  readonly references: MasterReferences;
  readonly at: string;
}

export function decideCreateMaster(command: CreateMaster, state: MasterState): MasterEvent[] {
  if (state.status !== 'none')
    throw illegal('catalogue.product.master_exists', `There is already a master product ${command.masterProductId}`);
  const errors = new FieldErrors().id('id', command.masterProductId).time('at', command.at);
  checkMasterFields(errors, command.fields, command.references);
  errors.throwIfAny('The master product cannot be created');
  return [
    {
      type: 'MasterProductCreated',
      data: { masterProductId: command.masterProductId, ...normaliseMasterFields(command.fields), at: command.at },
    },
  ];
}
