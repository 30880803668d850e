import { describe, expect, it } from 'vitest';
import { NotFound, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { categoryTreeDecider } from '../decider';
import { assigned, LATER, tree } from '../testing';
import type { DeleteCategory } from './decide';

const { given } = deciderSpec(categoryTreeDecider);

const remove = (categoryId: string): DeleteCategory => ({ type: 'DeleteCategory', categoryId, at: LATER });

describe('deleting a category', () => {
  it('deletes a leaf', () => {
    given(...tree)
      .when(remove('chargers'))
      .then({ type: 'CategoryDeleted', data: { categoryId: 'chargers', deletedIds: ['chargers'], at: LATER } });
  });

  it('deletes a category with everything below it, parents first', () => {
    given(...tree)
      .when(remove('phones'))
      .then({
        type: 'CategoryDeleted',
        data: { categoryId: 'phones', deletedIds: ['phones', 'apple', 'iphone', 'samsung'], at: LATER },
      });
  });

  it('takes the deleted categories’ product assignments with them, leaving the others', () => {
    const state = fold(categoryTreeDecider, [
      ...tree,
      assigned(['m-iphone-15'], ['iphone', 'apple', 'tablets']),
      { type: 'CategoryDeleted', data: { categoryId: 'apple', deletedIds: ['apple', 'iphone'], at: LATER } },
    ]);
    expect(state.products).toEqual({ tablets: ['m-iphone-15'] });
    expect(state.categories.phones?.childIds).toEqual(['samsung']);
    expect(Object.keys(state.categories).sort()).toEqual(['accessories', 'chargers', 'phones', 'samsung', 'tablets']);
  });

  it('refuses a category that does not exist, or no longer does', () => {
    given(...tree)
      .when(remove('nowhere'))
      .thenThrows(NotFound, 'catalogue.category.not_found');
    given(...tree, { type: 'CategoryDeleted', data: { categoryId: 'apple', deletedIds: ['apple', 'iphone'], at: LATER } })
      .when(remove('iphone'))
      .thenThrows(NotFound, 'catalogue.category.not_found');
  });
});
