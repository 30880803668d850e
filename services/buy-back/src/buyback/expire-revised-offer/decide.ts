import type { BuybackEvent } from '../events';
import { illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/**
 * Run by the scheduler: a revised offer unanswered for REVISED_OFFER_DAYS
 * returns the device. Replay-safe: expiring an already expired offer changes nothing.
 */
export interface ExpireRevisedOffer {
  readonly type: 'ExpireRevisedOffer';
  readonly at: string;
}

export function decideExpireRevisedOffer(command: ExpireRevisedOffer, state: BuybackState): BuybackEvent[] {
  const offer = state.revisedOffer;
  if (offer?.outcome === 'expired') return [];
  if (state.status !== 'revised' || !offer) throw wrongState(state, 'ExpireRevisedOffer');
  if (Date.parse(command.at) < Date.parse(offer.expiresAt))
    throw illegal('buyback.revised_offer_not_expired', `The revised offer is open until ${offer.expiresAt}`);
  return [{ type: 'RevisedOfferExpired', data: { revisedAt: offer.revisedAt, at: command.at } }];
}
