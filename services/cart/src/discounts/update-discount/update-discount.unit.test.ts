import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { discountDecider } from '../decider';
import { AT, fields, ID } from '../testing';

const { given } = deciderSpec(discountDecider);
const created = { type: 'DiscountCreated', data: { id: ID, fields: fields({ internal_note: 'note' }), at: AT } } as const;
const archived = { type: 'DiscountArchived', data: { id: ID, at: AT } } as const;

describe('changing a discount definition', () => {
  it('merges a patch into the fields (null clears, absent keeps) and records the whole result', () => {
    given(created)
      .when({ type: 'UpdateDiscount', change: { patch: { discount_value: 15, internal_note: null } }, at: AT })
      .then({ type: 'DiscountChanged', data: { id: ID, fields: fields({ discount_value: 15 }), at: AT } });
  });

  it('replaces every field on PUT', () => {
    given(created)
      .when({ type: 'UpdateDiscount', change: { replace: fields({ title: 'New' }) }, at: AT })
      .then({ type: 'DiscountChanged', data: { id: ID, fields: fields({ title: 'New' }), at: AT } });
  });

  it('changes nothing when the fields are as they are', () => {
    given(created)
      .when({ type: 'UpdateDiscount', change: { patch: { title: 'Ten off' } }, at: AT })
      .then();
  });

  it('checks the merged result: a type change must fit the value', () => {
    given({
      type: 'DiscountCreated',
      data: { id: ID, fields: fields({ discount_type: 'absolute', discount_value: 500 }), at: AT },
    })
      .when({ type: 'UpdateDiscount', change: { patch: { discount_type: 'percentage' } }, at: AT })
      .thenThrows(ValidationError, 'discount.value_out_of_range');
  });

  it('is refused for an unknown or archived definition', () => {
    given()
      .when({ type: 'UpdateDiscount', change: { patch: { title: 'x' } }, at: AT })
      .thenThrows(NotFound, 'discount.not_found');
    given(created, archived)
      .when({ type: 'UpdateDiscount', change: { patch: { title: 'x' } }, at: AT })
      .thenThrows(IllegalState, 'discount.archived');
  });
});
