import { describe, it } from 'vitest';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'ConfirmPayout', paymentReference: 'BANK-1', at: day(7) } as const;
const ordered = [h.submitted(), h.received, h.inspected(), h.approved, h.payoutOrdered] as const;

describe('confirm the payout', () => {
  it('records the money sent', () => {
    given(...ordered)
      .when(command)
      .then(h.paid);
  });

  it('is refused twice and before the payout is ordered', () => {
    given(...ordered, h.paid)
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_paid');
    given(...ordered, h.paid, h.completed)
      .when(command)
      .thenThrows(IllegalState, 'buyback.already_paid');
    given(h.submitted(), h.received, h.inspected(), h.approved)
      .when(command)
      .thenThrows(IllegalState, 'buyback.payout_not_ordered');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });

  it('needs the payment reference', () => {
    given(...ordered)
      .when({ ...command, paymentReference: '' })
      .thenThrows(ValidationError, 'validation.failed');
  });
});
