import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'AcceptRevisedOffer', at: day(6) } as const;
const revised = [h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'), h.revised] as const;
const accepted = { type: 'RevisedOfferAccepted', data: { price: 7000, at: day(6) } } as const;

describe('accept the revised offer', () => {
  it('accepts the lower price, and the payout follows at that price', () => {
    given(...revised)
      .when(command)
      .then(accepted);
    given(...revised, accepted)
      .when({ type: 'OrderPayout', orderedBy: 'staff-1', payoutLimit: 20000, approval: null, at: day(7) })
      .then({
        type: 'PayoutOrdered',
        data: { amount: 7000, currency: 'CZK', payoutLimit: 20000, orderedBy: 'staff-1', approval: null, at: day(7) },
      });
  });

  it('is refused once the 14 days are over', () => {
    given(...revised)
      .when({ ...command, at: day(19) })
      .thenThrows(IllegalState, 'buyback.revised_offer_expired');
    given(...revised, { type: 'RevisedOfferExpired', data: { revisedAt: day(5), at: day(19) } })
      .when({ ...command, at: day(20) })
      .thenThrows(IllegalState, 'buyback.revised_offer_expired');
  });

  it('is refused twice, after a rejection and without a revised offer', () => {
    given(...revised, accepted)
      .when(command)
      .thenThrows(IllegalState, 'buyback.revised_offer_already_accepted');
    given(...revised, { type: 'RevisedOfferRejected', data: { at: day(6) } })
      .when(command)
      .thenThrows(IllegalState, 'buyback.device_returning');
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.not_approved');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
