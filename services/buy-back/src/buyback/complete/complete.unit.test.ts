import { describe, it } from 'vitest';
import { IllegalState, NotFound } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'Complete', at: day(8) } as const;
const paid = [h.submitted(), h.received, h.inspected(), h.approved, h.payoutOrdered, h.paid] as const;

describe('complete', () => {
  it('closes a paid buy-back', () => {
    given(...paid)
      .when(command)
      .then(h.completed);
  });

  it('is refused twice and before payment', () => {
    given(...paid, h.completed)
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_completed');
    given(h.submitted(), h.received, h.inspected(), h.approved, h.payoutOrdered)
      .when(command)
      .thenThrows(IllegalState, 'buyback.not_paid');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
