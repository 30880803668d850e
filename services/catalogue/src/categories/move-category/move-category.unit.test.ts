import { describe, expect, it } from 'vitest';
import { NotFound, ValidationError, fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { categoryTreeDecider } from '../decider';
import type { CategoryEvent } from '../events';
import { added, LATER, moved, tree } from '../testing';
import type { MoveCategory } from './decide';

const { given } = deciderSpec(categoryTreeDecider);

const move = (categoryId: string, targetId: string | null, position: number, at = LATER): MoveCategory => ({
  type: 'MoveCategory',
  categoryId,
  targetId,
  position,
  at,
});

function fieldErrorsOf(history: CategoryEvent[], command: MoveCategory): Readonly<Record<string, readonly string[]>> {
  try {
    categoryTreeDecider.decide(command, fold(categoryTreeDecider, history));
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors;
  }
  return expect.fail('the command was not refused');
}

describe('moving a category', () => {
  it('moves a category with its subtree under another parent at a position', () => {
    given(...tree)
      .when(move('apple', 'tablets', 0))
      .then(moved('apple', 'tablets', 0, 'phones', 0));
    given(...tree)
      .when(move('iphone', null, 1))
      .then(moved('iphone', null, 1, 'apple', 0));
  });

  it('reorders among the same siblings, counting positions once the category has left its place', () => {
    given(...tree)
      .when(move('phones', null, 2))
      .then(moved('phones', null, 2, null, 0));
    given(...tree)
      .when(move('accessories', null, 0))
      .then(moved('accessories', null, 0, null, 2));
  });

  it('reads a position past the end as last', () => {
    given(...tree)
      .when(move('phones', null, 50))
      .then(moved('phones', null, 2, null, 0));
    given(...tree)
      .when(move('samsung', 'accessories', 7))
      .then(moved('samsung', 'accessories', 1, 'phones', 1));
  });

  it('decides nothing when the category is already there', () => {
    given(...tree)
      .when(move('samsung', 'phones', 1))
      .then();
    given(...tree)
      .when(move('accessories', null, 9))
      .then();
  });

  it('refuses a move under itself or any of its descendants (a cycle), under `target`', () => {
    expect(fieldErrorsOf(tree, move('phones', 'phones', 0))).toEqual({ target: ['catalogue.category.move_into_own_subtree'] });
    expect(fieldErrorsOf(tree, move('phones', 'apple', 0))).toEqual({ target: ['catalogue.category.move_into_own_subtree'] });
    expect(fieldErrorsOf(tree, move('phones', 'iphone', 0))).toEqual({ target: ['catalogue.category.move_into_own_subtree'] });
  });

  it('refuses the second of two moves that together would make a cycle', () => {
    // Each alone is fine; once tablets hangs under chargers, chargers' branch cannot go under tablets.
    given(...tree)
      .when(move('accessories', 'tablets', 0))
      .then(moved('accessories', 'tablets', 0, null, 2));
    given(...tree, moved('tablets', 'chargers', 0, null, 1))
      .when(move('accessories', 'tablets', 0))
      .thenThrows(ValidationError, 'validation.failed');
  });

  it('refuses an unknown target, a name taken under the target, and a subtree that would end deeper than 8 levels', () => {
    expect(fieldErrorsOf(tree, move('apple', 'nowhere', 0))).toEqual({ target: ['catalogue.category.target_not_found'] });
    const appleTablets = added('tablet-apple', 'tablets', 0, 'apple', 'apple-tablety');
    expect(fieldErrorsOf([...tree, appleTablets], move('apple', 'tablets', 0))).toEqual({
      target: ['catalogue.category.name_taken'],
    });
    const chain = Array.from({ length: 7 }, (_, i) => added(`l${i + 1}`, i === 0 ? null : `l${i}`, 0, `L${i + 1}`, `l${i + 1}`));
    // apple has two levels (apple, iphone): under l6 it ends at level 8, under l7 at level 9.
    given(...tree, ...chain)
      .when(move('apple', 'l6', 0))
      .then(moved('apple', 'l6', 0, 'phones', 0));
    expect(fieldErrorsOf([...tree, ...chain], move('apple', 'l7', 0))).toEqual({ target: ['catalogue.category.too_deep'] });
  });

  it('refuses a malformed position and an unknown category', () => {
    expect(fieldErrorsOf(tree, move('apple', null, -1))).toEqual({ position: ['validation.invalid_value'] });
    expect(fieldErrorsOf(tree, move('apple', null, 1.5))).toEqual({ position: ['validation.invalid_value'] });
    given(...tree)
      .when(move('nowhere', null, 0))
      .thenThrows(NotFound, 'catalogue.category.not_found');
  });
});
