import type { Decider } from '@buyloop/kit';
import type { ClaimEvent } from '../events';
import { decideClaimValue, type ClaimValue } from './claim-value/decide';
import { decideReleaseValue, type ReleaseValue } from './release-value/decide';
import { evolveClaim, initialClaimState, type ClaimState } from './state';

export type ClaimCommand = ClaimValue | ReleaseValue;

/** One holder per value: streams `ean-<ean>` and `masterslug-<seo_name>`. */
export const claimDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = {
  initialState: initialClaimState,
  evolve: evolveClaim,
  decide(command, state) {
    switch (command.type) {
      case 'ClaimValue':
        return decideClaimValue(command, state);
      case 'ReleaseValue':
        return decideReleaseValue(command, state);
      default:
        return neverCommand(command);
    }
  },
};

function neverCommand(command: never): never {
  throw new Error(`Unhandled claim command ${JSON.stringify(command)}`);
}
