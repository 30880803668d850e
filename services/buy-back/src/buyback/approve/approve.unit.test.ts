import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'Approve', at: day(5) } as const;
const inspected = [h.submitted(), h.received, h.inspected()] as const;

describe('approve', () => {
  it('the inspection matches the declaration: the price stands', () => {
    given(...inspected)
      .when(command)
      .then(h.approved);
    given(h.submitted(), h.received, h.inspected([], 'A+')).when(command).then(h.approved);
  });

  it('approves the repriced price of a late device', () => {
    given(
      h.submitted(),
      h.received,
      { type: 'PriceGuaranteeLost', data: { submittedAt: day(0), receivedAt: day(3), guaranteeDays: 14, at: day(3) } },
      { type: 'Repriced', data: { previousPrice: 9000, price: 8000, priceListVersion: 4, at: day(3) } },
      h.inspected(),
    )
      .when(command)
      .then({ type: 'Approved', data: { price: 8000, at: day(5) } });
  });

  it('is refused when the inspection differs (the offer must be revised)', () => {
    given(h.submitted(), h.received, h.inspected([], 'B')).when(command).thenThrows(IllegalState, 'buyback.inspection_differs');
    given(h.submitted(), h.received, h.inspected([scratchedDisplay]))
      .when(command)
      .thenThrows(IllegalState, 'buyback.inspection_differs');
  });

  it('is refused twice, before the inspection, in quarantine and with a revised offer open', () => {
    given(...inspected, h.approved)
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_approved');
    given(h.submitted(), h.received).when(command).thenThrows(IllegalState, 'buyback.not_inspected');
    given(h.submitted()).when(command).thenThrows(IllegalState, 'buyback.not_received');
    given(...inspected, h.quarantined)
      .when(command)
      .thenThrows(IllegalState, 'buyback.quarantined');
    given(h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'), h.revised)
      .when(command)
      .thenThrows(IllegalState, 'buyback.revised_offer_open');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
