import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'ExpireRevisedOffer', at: day(19) } as const;
const revised = [h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'), h.revised] as const;
const expired = { type: 'RevisedOfferExpired', data: { revisedAt: day(5), at: day(19) } } as const;

describe('expire the revised offer (scheduler)', () => {
  it('an offer unanswered for 14 days expires and the device goes back', () => {
    given(...revised)
      .when(command)
      .then(expired);
    given(...revised, expired)
      .when({ type: 'ReturnDevice', shipmentReference: null, at: day(20) })
      .then({ type: 'DeviceReturned', data: { shipmentReference: null, freeOfCharge: true, at: day(20) } });
  });

  it('is allowed only after the 14 days', () => {
    given(...revised)
      .when({ ...command, at: day(19, '09:59:59.999') })
      .thenThrows(IllegalState, 'buyback.revised_offer_not_expired');
  });

  it('a repeat by the replayed scheduler changes nothing', () => {
    given(...revised, expired)
      .when({ ...command, at: day(21) })
      .then();
  });

  it('is refused after an answer and without a revised offer', () => {
    given(...revised, { type: 'RevisedOfferAccepted', data: { price: 7000, at: day(6) } })
      .when(command)
      .thenThrows(IllegalState, 'buyback.payout_not_ordered');
    given(...revised, { type: 'RevisedOfferRejected', data: { at: day(6) } })
      .when(command)
      .thenThrows(IllegalState, 'buyback.device_returning');
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.not_approved');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
