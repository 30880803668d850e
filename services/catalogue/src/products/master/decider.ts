import type { Decider } from '@buyloop/kit';
import type { MasterEvent } from '../events';
import { decideAttachVariant, type AttachVariant } from './attach-variant/decide';
import { decideChangeMetaMaster, type ChangeMetaMaster } from './change-meta-master/decide';
import { decideCreateMaster, type CreateMaster } from './create-master/decide';
import { decideDeleteMaster, type DeleteMaster } from './delete-master/decide';
import { decideSetMasterParams, type SetMasterParams } from './set-master-params/decide';
import { evolveMaster, initialMasterState, type MasterState } from './state';
import { decideUpdateMaster, type UpdateMaster } from './update-master/decide';

export type MasterCommand = CreateMaster | UpdateMaster | SetMasterParams | DeleteMaster | AttachVariant | ChangeMetaMaster;

/** The master product's decider: stream `master-<id>`. */
export const masterDecider: Decider<MasterCommand, MasterEvent, MasterState> = {
  initialState: initialMasterState,
  evolve: evolveMaster,
  decide(command, state) {
    switch (command.type) {
      case 'CreateMaster':
        return decideCreateMaster(command, state);
      case 'UpdateMaster':
        return decideUpdateMaster(command, state);
      case 'SetMasterParams':
        return decideSetMasterParams(command, state);
      case 'DeleteMaster':
        return decideDeleteMaster(command, state);
      case 'AttachVariant':
        return decideAttachVariant(command, state);
      case 'ChangeMetaMaster':
        return decideChangeMetaMaster(command, state);
      default:
        return neverCommand(command);
    }
  },
};

function neverCommand(command: never): never {
  throw new Error(`Unhandled master command ${JSON.stringify(command)}`);
}
