import { describe, it } from 'vitest';
import { NotFound, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { buybackAt as day, buybackHistory as h } from '../../testing';
import { buybackDecider } from '../decider';

const { given } = deciderSpec(buybackDecider);

const command = { type: 'ErasePersonalData', subjectId: 'subject-1', at: day(9) } as const;

describe('erase personal data', () => {
  it('records the erasure in any status, from an e-mailed offer to a completed buy-back', () => {
    given(h.offerEmailed).when(command).then(h.erased);
    given(h.submitted(), h.received, h.inspected(), h.approved, h.payoutOrdered, h.paid, h.completed)
      .when(command)
      .then(h.erased);
  });

  it('changes nothing when the data is already erased', () => {
    given(h.submitted(), h.erased).when(command).then();
  });

  it('is refused for another subject and for a buy-back that does not exist', () => {
    given(h.submitted())
      .when({ ...command, subjectId: 'subject-2' })
      .thenThrows(ValidationError, 'validation.failed');
    given().when(command).thenThrows(NotFound, 'buyback.not_found');
  });
});
