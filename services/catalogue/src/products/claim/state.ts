import { assertNever } from '@buyloop/kit';
import type { ClaimEvent } from '../events';

/** Who holds a unique value (an EAN, a master's seo_name) now; null when nobody does. */
export interface ClaimState {
  readonly holder: string | null;
  /** When the holder claimed it. */
  readonly claimedAt: string | null;
}

export const initialClaimState = (): ClaimState => ({ holder: null, claimedAt: null });

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'ValueClaimed':
      return { holder: event.data.owner, claimedAt: event.data.at };
    case 'ValueReleased':
      return state.holder === event.data.owner ? { holder: null, claimedAt: null } : state;
    default:
      return assertNever(event, 'claim event');
  }
}
