import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'OrderPayout', orderedBy: 'staff-1', payoutLimit: 20000, approval: null, at: day(6) } as const;
const approved = [h.submitted(), h.received, h.inspected(), h.approved] as const;
const approval = { approvalId: 'ap-1', approvedBy: 'supervisor-1', requestedBy: 'staff-1' } as const;

describe('order the payout', () => {
  it('orders the approved price up to the limit without a supervisor', () => {
    given(...approved)
      .when(command)
      .then(h.payoutOrdered);
    given(...approved)
      .when({ ...command, payoutLimit: 9000 })
      .then({
        type: 'PayoutOrdered',
        data: { amount: 9000, currency: 'CZK', payoutLimit: 9000, orderedBy: 'staff-1', approval: null, at: day(6) },
      });
  });

  it('above the limit it needs a supervisor approval by another person', () => {
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval })
      .then({
        type: 'PayoutOrdered',
        data: { amount: 9000, currency: 'CZK', payoutLimit: 5000, orderedBy: 'staff-1', approval, at: day(6) },
      });
    given(...approved)
      .when({ ...command, payoutLimit: 5000 })
      .thenThrows(IllegalState, 'buyback.payout_approval_required');
  });

  it('refuses an approval by the person who orders or who asked for it', () => {
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, approvedBy: 'staff-1' } })
      .thenThrows(ValidationError, 'validation.failed');
    given(...approved)
      .when({ ...command, orderedBy: 'staff-2', payoutLimit: 5000, approval: { ...approval, approvedBy: 'staff-1' } })
      .thenThrows(ValidationError);
    given(...approved)
      .when({ ...command, payoutLimit: -1 })
      .thenThrows(ValidationError);
    given(...approved)
      .when({ ...command, orderedBy: '' })
      .thenThrows(ValidationError);
  });

  it('is refused twice and before approval', () => {
    given(...approved, h.payoutOrdered)
      .when(command)
      .thenThrows(IllegalState, 'buyback.payout_already_ordered');
    given(h.submitted(), h.received, h.inspected()).when(command).thenThrows(IllegalState, 'buyback.not_approved');
    given(h.submitted(), h.received, h.inspected([scratchedDisplay], 'B'), h.revised)
      .when(command)
      .thenThrows(IllegalState, 'buyback.revised_offer_open');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
