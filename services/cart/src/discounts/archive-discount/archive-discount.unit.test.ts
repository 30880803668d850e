import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { NotFound } from '@buyloop/kit';
import { discountDecider } from '../decider';
import { AT, fields, ID } from '../testing';

const { given } = deciderSpec(discountDecider);
const created = { type: 'DiscountCreated', data: { id: ID, fields: fields(), at: AT } } as const;

describe('archiving a discount definition (spec 3)', () => {
  it('archives once; again changes nothing', () => {
    given(created)
      .when({ type: 'ArchiveDiscount', at: AT })
      .then({ type: 'DiscountArchived', data: { id: ID, at: AT } });
    given(created, { type: 'DiscountArchived', data: { id: ID, at: AT } })
      .when({ type: 'ArchiveDiscount', at: AT })
      .then();
  });

  it('is refused for an unknown definition', () => {
    given().when({ type: 'ArchiveDiscount', at: AT }).thenThrows(NotFound, 'discount.not_found');
  });
});
