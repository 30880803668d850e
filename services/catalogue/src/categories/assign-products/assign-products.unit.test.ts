import { describe, expect, it } from 'vitest';
import { ValidationError, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { categoryTreeDecider } from '../decider';
import type { CategoryEvent } from '../events';
import { assigned, AT, tree } from '../testing';
import type { AssignProducts } from './decide';

const { given } = deciderSpec(categoryTreeDecider);

const assign = (
  masterProductIds: string[],
  typeCategoryIds: string[],
  missingMasterProductIds: string[] = [],
): AssignProducts => ({
  type: 'AssignProducts',
  masterProductIds,
  typeCategoryIds,
  missingMasterProductIds,
  at: AT,
});

function refusalOf(history: CategoryEvent[], command: AssignProducts): ValidationError {
  try {
    categoryTreeDecider.decide(command, fold(categoryTreeDecider, history));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  return expect.fail('the command was not refused');
}

describe('assigning master products to categories', () => {
  it('puts every selected master product into every selected category, each once', () => {
    given(...tree)
      .when(assign(['m-1', 'm-2', 'm-1'], ['apple', 'phones', 'apple']))
      .then(assigned(['m-1', 'm-2'], ['apple', 'phones']));
  });

  it('records the whole selection when at least one pair is new, nothing when every pair is there', () => {
    given(...tree, assigned(['m-1'], ['apple']))
      .when(assign(['m-1', 'm-2'], ['apple']))
      .then(assigned(['m-1', 'm-2'], ['apple']));
    given(...tree, assigned(['m-1', 'm-2'], ['apple', 'phones']))
      .when(assign(['m-2'], ['phones']))
      .then();
  });

  it('refuses an empty selection with spec 5’s message, under the empty side', () => {
    const neither = refusalOf(tree, assign([], []));
    expect(neither.code).toBe('catalogue.category.selection_required');
    expect(neither.fieldErrors).toEqual({
      masterProductIds: ['catalogue.category.selection_required'],
      typeCategoryIds: ['catalogue.category.selection_required'],
    });
    expect(refusalOf(tree, assign(['m-1'], [])).fieldErrors).toEqual({
      typeCategoryIds: ['catalogue.category.selection_required'],
    });
    expect(refusalOf(tree, assign([], ['apple'])).fieldErrors).toEqual({
      masterProductIds: ['catalogue.category.selection_required'],
    });
  });

  it('refuses categories the tree does not have and master products that do not exist, by index', () => {
    const refusal = refusalOf(tree, assign(['m-1', 'gone', 'never'], ['apple', 'nowhere'], ['gone', 'never']));
    expect(refusal.code).toBe('validation.failed');
    expect(refusal.fieldErrors).toEqual({
      'masterProductIds.1': ['catalogue.category.master_product_not_found'],
      'masterProductIds.2': ['catalogue.category.master_product_not_found'],
      'typeCategoryIds.1': ['catalogue.category.not_found'],
    });
    expect(refusalOf(tree, assign(['m-1', ''], ['apple'])).fieldErrors).toEqual({
      'masterProductIds.1': ['validation.invalid_value'],
    });
  });

  it('refuses a selection larger than one request may carry', () => {
    const many = Array.from({ length: 1001 }, (_, i) => `m-${i}`);
    expect(refusalOf(tree, assign(many, ['apple'])).fieldErrors).toEqual({ masterProductIds: ['validation.invalid_value'] });
  });

  it('folds the assignments per category', () => {
    const state = fold(categoryTreeDecider, [
      ...tree,
      assigned(['m-1', 'm-2'], ['apple']),
      assigned(['m-2', 'm-3'], ['apple', 'chargers']),
    ]);
    expect(state.products).toEqual({ apple: ['m-1', 'm-2', 'm-3'], chargers: ['m-2', 'm-3'] });
  });
});
