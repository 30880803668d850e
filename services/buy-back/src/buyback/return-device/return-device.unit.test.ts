import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'ReturnDevice', shipmentReference: 'PPL-2', at: day(8) } as const;
const returned = { type: 'DeviceReturned', data: { shipmentReference: 'PPL-2', freeOfCharge: true, at: day(8) } } as const;
const cancelledByStaff = {
  type: 'Cancelled',
  data: { by: 'staff', reason: 'Wrong model sent', deviceHeld: true, at: day(4) },
} as const;

describe('return the device', () => {
  it('sends back the device of a buy-back cancelled by staff after receipt, free of charge', () => {
    given(h.submitted(), h.received, cancelledByStaff).when(command).then(returned);
  });

  it('is refused for an unknown buy-back', () => {
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('is refused twice and when nothing is to be returned', () => {
    given(h.submitted(), h.received, cancelledByStaff, returned)
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_returned');
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.not_returning');
    given(h.submitted(), h.received, h.inspected(), h.approved).when(command).thenThrows(IllegalState, 'buyback.not_returning');
  });
});
