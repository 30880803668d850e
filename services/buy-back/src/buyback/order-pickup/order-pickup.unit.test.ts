import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'OrderPickup', carrier: 'ppl', pickupReference: 'PPL-1', at: day(1) } as const;

describe('order a courier pickup', () => {
  it('a submitted courier buy-back awaits the device once the pickup is ordered', () => {
    given(h.submitted()).when(command).then(h.pickupOrdered);
  });

  it('is refused twice, for a centre drop-off, before the sale, after receipt and for an unknown buy-back', () => {
    given(h.submitted(), h.pickupOrdered).when(command).thenThrows(IllegalState, 'buyback.pickup_already_ordered');
    given(h.submitted('centre')).when(command).thenThrows(IllegalState, 'buyback.pickup_not_courier');
    given(h.offerEmailed).when(command).thenThrows(IllegalState, 'buyback.not_submitted');
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.not_inspected');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('needs a carrier and a reference', () => {
    given(h.submitted())
      .when({ ...command, carrier: '' })
      .thenThrows(ValidationError);
    given(h.submitted())
      .when({ ...command, pickupReference: ' ' })
      .thenThrows(ValidationError);
  });
});
