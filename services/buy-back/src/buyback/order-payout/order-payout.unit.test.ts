import { describe, expect, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h, scratchedDisplay } from '../../testing';
import { buybackFieldErrors } from '../../testing/buyback';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'OrderPayout', orderedBy: 'staff-1', payoutLimit: 20000, approval: null, at: day(6) } as const;
const approved = [h.submitted(), h.received, h.inspected(), h.approved] as const;
const approval = {
  approvalId: 'ap-1',
  approvedBy: 'supervisor-1',
  requestedBy: 'staff-1',
  amount: 9000,
  currency: 'CZK',
} as const;

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

  it('above the limit the approval must name the amount paid, in its currency', () => {
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, amount: 6000 } })
      .thenThrows(ValidationError, 'validation.failed');
    expect(buybackFieldErrors(approved, { ...command, payoutLimit: 5000, approval: { ...approval, amount: 6000 } })).toEqual({
      'approval.amount': ['buyback.payout_approval_amount_mismatch'],
    });
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, amount: null } })
      .thenThrows(ValidationError);
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, currency: 'RON' } })
      .thenThrows(ValidationError);
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, currency: null } })
      .thenThrows(ValidationError);
    // A revised offer the customer accepted lowers the price: the approval must name the new amount.
    const acceptedRevision = [
      h.submitted(),
      h.received,
      h.inspected([scratchedDisplay], 'B'),
      h.revised,
      h.revisedAccepted,
    ] as const;
    given(...acceptedRevision)
      .when({ ...command, payoutLimit: 5000, approval })
      .thenThrows(ValidationError);
    given(...acceptedRevision)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, amount: 7000 } })
      .then({
        type: 'PayoutOrdered',
        data: {
          amount: 7000,
          currency: 'CZK',
          payoutLimit: 5000,
          orderedBy: 'staff-1',
          approval: { ...approval, amount: 7000 },
          at: day(6),
        },
      });
  });

  it('up to the limit an approval is not needed, so its amount does not matter', () => {
    given(...approved)
      .when({ ...command, approval: { ...approval, amount: 6000 } })
      .then({
        type: 'PayoutOrdered',
        data: {
          amount: 9000,
          currency: 'CZK',
          payoutLimit: 20000,
          orderedBy: 'staff-1',
          approval: { ...approval, amount: 6000 },
          at: day(6),
        },
      });
  });

  it('refuses an approval by the person who orders or who asked for it', () => {
    given(...approved)
      .when({ ...command, payoutLimit: 5000, approval: { ...approval, approvedBy: 'staff-1' } })
      .thenThrows(ValidationError, 'validation.failed');
    given(...approved)
      .when({ ...command, orderedBy: 'staff-2', payoutLimit: 5000, approval: { ...approval, approvedBy: 'staff-1' } })
      .thenThrows(ValidationError);
    expect(
      buybackFieldErrors(approved, {
        ...command,
        payoutLimit: 5000,
        approval: { ...approval, approvedBy: 'staff-1', amount: 6000 },
      }),
    ).toEqual({
      'approval.approvedBy': ['buyback.payout_approval_same_person'],
      'approval.amount': ['buyback.payout_approval_amount_mismatch'],
    });
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
