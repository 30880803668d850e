import type { ClaimEvent } from '../../events';
import { IllegalState } from '@buyloop/kit';
import type { ClaimState } from '../state';

/**
 * How long a claim holds even though its holder's own stream does not show
 * the value yet: the holder claims first and writes its product or master
 * a moment later, so a claim younger than this is never taken over.
 */
export const CLAIM_GRACE_MS = 10 * 60_000;

/**
 * Takes a unique value for an owner. The claim's own stream is the
 * consistency boundary (two products racing for one EAN: one wins). A
 * holder that does not use the value (its product has another EAN, its
 * master was deleted, or a crash came between the claim and the owner's
 * own write) keeps it only for the grace period: the service checks the
 * holder's stream and says so, and after that the value passes on.
 */
export interface ClaimValue {
  readonly type: 'ClaimValue';
  readonly value: string;
  readonly owner: string;
  /** Whether the current holder (if another) still uses the value, as its own stream shows. */
  readonly holderStillUses: boolean;
  /** The refusal's code: `catalogue.product.ean_taken`, `catalogue.product.seo_name_taken`. */
  readonly takenCode: string;
  readonly at: string;
}

export function decideClaimValue(command: ClaimValue, state: ClaimState): ClaimEvent[] {
  if (state.holder === command.owner) return [];
  const young = state.claimedAt !== null && Date.parse(command.at) - Date.parse(state.claimedAt) < CLAIM_GRACE_MS;
  if (state.holder !== null && (command.holderStillUses || young))
    throw new IllegalState(command.takenCode, `${command.value} is taken by ${state.holder}`, {
      value: command.value,
      holder: state.holder,
    });
  return [{ type: 'ValueClaimed', data: { value: command.value, owner: command.owner, at: command.at } }];
}
