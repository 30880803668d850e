import type { Decider } from '@buyloop/kit';
import type { ReferenceEvent } from '../events';
import { decideCreateReferenceEntry, type CreateReferenceEntry } from './create-reference-entry/decide';
import { evolveReference, initialReferenceState, type ReferenceState } from './state';
import { decideUpdateReferenceEntry, type UpdateReferenceEntry } from './update-reference-entry/decide';

export type ReferenceCommand = CreateReferenceEntry | UpdateReferenceEntry;

/** One decider for the four reference lists: each entry is its own stream (`typedevice-<id>`, `manufacturer-<id>`, …). */
export const referenceDecider: Decider<ReferenceCommand, ReferenceEvent, ReferenceState> = {
  initialState: initialReferenceState,
  evolve: evolveReference,
  decide(command, state) {
    switch (command.type) {
      case 'CreateReferenceEntry':
        return decideCreateReferenceEntry(command, state);
      case 'UpdateReferenceEntry':
        return decideUpdateReferenceEntry(command, state);
      default:
        return neverCommand(command);
    }
  },
};

function neverCommand(command: never): never {
  throw new Error(`Unhandled reference command ${JSON.stringify(command)}`);
}
