import type { Decider } from '@buyloop/kit';
import type { MetaMasterEvent } from '../events';
import { decideCreateMetaMaster, type CreateMetaMaster } from './create-meta-master/decide';
import { decideDeleteMetaMaster, type DeleteMetaMaster } from './delete-meta-master/decide';
import { evolveMetaMaster, initialMetaMasterState, type MetaMasterState } from './state';
import { decideUpdateMetaMaster, type UpdateMetaMaster } from './update-meta-master/decide';

export type MetaMasterCommand = CreateMetaMaster | UpdateMetaMaster | DeleteMetaMaster;

/** The meta master's decider: stream `metamaster-<id>`. Its members are decided on their master streams. */
export const metaMasterDecider: Decider<MetaMasterCommand, MetaMasterEvent, MetaMasterState> = {
  initialState: initialMetaMasterState,
  evolve: evolveMetaMaster,
  decide(command, state) {
    switch (command.type) {
      case 'CreateMetaMaster':
        return decideCreateMetaMaster(command, state);
      case 'UpdateMetaMaster':
        return decideUpdateMetaMaster(command, state);
      case 'DeleteMetaMaster':
        return decideDeleteMetaMaster(command, state);
      default:
        return neverCommand(command);
    }
  },
};

function neverCommand(command: never): never {
  throw new Error(`Unhandled meta master command ${JSON.stringify(command)}`);
}
