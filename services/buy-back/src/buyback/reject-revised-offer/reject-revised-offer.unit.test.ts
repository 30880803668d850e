import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'RejectRevisedOffer', at: day(6) } as const;
const revised = [h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'), h.revised] as const;
const rejected = { type: 'RevisedOfferRejected', data: { at: day(6) } } as const;

describe('reject the revised offer', () => {
  it('rejects the lower price; the device is to be returned free of charge', () => {
    given(...revised)
      .when(command)
      .then(rejected);
    given(...revised, rejected)
      .when({ type: 'ReturnDevice', shipmentReference: 'PPL-2', at: day(7) })
      .then({ type: 'DeviceReturned', data: { shipmentReference: 'PPL-2', freeOfCharge: true, at: day(7) } });
  });

  it('is refused twice, after an acceptance and without a revised offer', () => {
    given(...revised, rejected)
      .when(command)
      .thenThrows(IllegalState, 'buyback.revised_offer_already_rejected');
    given(...revised, { type: 'RevisedOfferAccepted', data: { price: 7000, at: day(6) } })
      .when(command)
      .thenThrows(IllegalState, 'buyback.payout_not_ordered');
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.not_inspected');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
