import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { discountDecider } from '../decider';
import { warningsOf } from '../rules';
import { AT, fields, ID } from '../testing';

const { given } = deciderSpec(discountDecider);
const create = (overrides = {}) => ({ type: 'CreateDiscount', id: ID, fields: fields(overrides), at: AT }) as const;

describe('creating a discount definition (spec 3)', () => {
  it('records every field', () => {
    given()
      .when(create({ codes: ['VITEJTE10'], minimal_order_total: 1_000 }))
      .then({
        type: 'DiscountCreated',
        data: { id: ID, fields: fields({ codes: ['VITEJTE10'], minimal_order_total: 1_000 }), at: AT },
      });
  });

  it('takes the same request again as no change, and refuses other fields under a taken id', () => {
    const created = { type: 'DiscountCreated', data: { id: ID, fields: fields(), at: AT } } as const;
    given(created).when(create()).then();
    given(created)
      .when(create({ title: 'Other' }))
      .thenThrows(IllegalState, 'discount.exists');
  });

  it('keeps a percentage within 1–100, an amount off from 1 and a fixed price from 0', () => {
    given()
      .when(create({ discount_value: 0 }))
      .thenThrows(ValidationError, 'discount.value_out_of_range');
    given()
      .when(create({ discount_value: 101 }))
      .thenThrows(ValidationError, 'discount.value_out_of_range');
    given()
      .when(create({ discount_type: 'absolute', discount_value: 0 }))
      .thenThrows(ValidationError, 'discount.value_out_of_range');
    given()
      .when(create({ discount_type: 'fixed', discount_value: -1 }))
      .thenThrows(ValidationError, 'discount.value_out_of_range');
    given()
      .when(create({ discount_type: 'fixed', discount_value: 0 }))
      .then({ type: 'DiscountCreated', data: { id: ID, fields: fields({ discount_type: 'fixed', discount_value: 0 }), at: AT } });
  });

  it('refuses an end of validity that is not after its start, under valid_to', () => {
    try {
      discountDecider.decide(
        create({ valid_from: '2026-12-01T00:00:00.000Z', valid_to: '2026-12-01T00:00:00.000Z' }),
        discountDecider.initialState(),
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fieldErrors).toEqual({ valid_to: ['discount.valid_to_before_from'] });
    }
  });

  it('warns, never refuses, from 80 % (spec 5/9)', () => {
    expect(warningsOf(fields({ discount_value: 79 }))).toEqual([]);
    expect(warningsOf(fields({ discount_value: 80 }))).toEqual(['discount.high_percentage']);
    expect(warningsOf(fields({ discount_type: 'absolute', discount_value: 500 }))).toEqual([]);
    given()
      .when(create({ discount_value: 100 }))
      .then({ type: 'DiscountCreated', data: { id: ID, fields: fields({ discount_value: 100 }), at: AT } });
  });
});
