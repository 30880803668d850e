import { describe, expect, it } from 'vitest';
import { ValidationError, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { categoryTreeDecider } from '../decider';
import { assigned, AT, removed, tree } from '../testing';
import type { RemoveProducts } from './decide';

const { given } = deciderSpec(categoryTreeDecider);

const remove = (masterProductIds: string[], typeCategoryIds: string[]): RemoveProducts => ({
  type: 'RemoveProducts',
  masterProductIds,
  typeCategoryIds,
  at: AT,
});

describe('removing master products from categories', () => {
  const history = [...tree, assigned(['m-1', 'm-2'], ['apple', 'phones'])];

  it('takes every selected master product out of every selected category', () => {
    given(...history)
      .when(remove(['m-1', 'm-9'], ['apple']))
      .then(removed(['m-1', 'm-9'], ['apple']));
    expect(fold(categoryTreeDecider, [...history, removed(['m-1', 'm-2'], ['apple'])]).products).toEqual({
      phones: ['m-1', 'm-2'],
    });
  });

  it('records nothing when none of the pairs is assigned (a master product need not exist any more)', () => {
    given(...history)
      .when(remove(['m-9'], ['apple', 'phones']))
      .then();
    given(...history)
      .when(remove(['m-1'], ['tablets']))
      .then();
  });

  it('refuses an empty selection with spec 5’s message and an unknown category', () => {
    given(...history)
      .when(remove([], ['apple']))
      .thenThrows(ValidationError, 'catalogue.category.selection_required');
    given(...history)
      .when(remove(['m-1'], []))
      .thenThrows(ValidationError, 'catalogue.category.selection_required');
    given(...history)
      .when(remove(['m-1'], ['nowhere']))
      .thenThrows(ValidationError, 'validation.failed');
  });
});
