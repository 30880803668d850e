import type { BuybackEvent } from '../events';
import { illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** The customer accepts the lower price; the buy-back goes on to the payout at that price. */
export interface AcceptRevisedOffer {
  readonly type: 'AcceptRevisedOffer';
  readonly at: string;
}

export function decideAcceptRevisedOffer(command: AcceptRevisedOffer, state: BuybackState): BuybackEvent[] {
  const offer = state.revisedOffer;
  if (offer?.outcome === 'accepted')
    throw illegal('buyback.revised_offer_already_accepted', 'The revised offer was already accepted');
  if (
    offer?.outcome === 'expired' ||
    (state.status === 'revised' && offer && Date.parse(command.at) >= Date.parse(offer.expiresAt))
  )
    throw illegal('buyback.revised_offer_expired', 'The revised offer has expired');
  if (state.status !== 'revised' || !offer) throw wrongState(state, 'AcceptRevisedOffer');
  return [{ type: 'RevisedOfferAccepted', data: { price: offer.price, at: command.at } }];
}
