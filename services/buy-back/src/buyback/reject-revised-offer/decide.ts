import type { BuybackEvent } from '../events';
import { illegal, wrongState } from '../rules';
import type { BuybackState } from '../state';

/** The customer rejects the lower price; the device goes back free of charge. */
export interface RejectRevisedOffer {
  readonly type: 'RejectRevisedOffer';
  readonly at: string;
}

export function decideRejectRevisedOffer(command: RejectRevisedOffer, state: BuybackState): BuybackEvent[] {
  if (state.revisedOffer?.outcome === 'rejected')
    throw illegal('buyback.revised_offer_already_rejected', 'The revised offer was already rejected');
  if (state.status !== 'revised') throw wrongState(state, 'RejectRevisedOffer');
  return [{ type: 'RevisedOfferRejected', data: { at: command.at } }];
}
