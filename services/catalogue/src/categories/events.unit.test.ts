import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fold } from '@buyloop/kit';
import { messageCodesIn } from '@buyloop/i18n/testing';
import { categoryTreeDecider } from './decider';
import { categoryTreeStream, childrenOf, depthOf, heightOf, isWithin, subtreeIds } from './events';
import { slugOf } from './rules';
import { assigned, moved, tree } from './testing';

describe('the category tree’s state', () => {
  it('is one stream per market', () => {
    expect(categoryTreeStream('cz')).toBe('categorytree-cz');
    expect(categoryTreeStream('ro')).toBe('categorytree-ro');
  });

  it('folds the tree in display order, and a move with its whole subtree', () => {
    const state = fold(categoryTreeDecider, [
      ...tree,
      moved('apple', 'tablets', 0, 'phones', 0),
      moved('tablets', null, 0, null, 1),
    ]);
    expect(state.rootIds).toEqual(['tablets', 'phones', 'accessories']);
    expect(childrenOf(state, 'tablets')).toEqual(['apple']);
    expect(childrenOf(state, 'phones')).toEqual(['samsung']);
    expect(state.categories.apple).toMatchObject({ parentId: 'tablets', childIds: ['iphone'] });
    expect(subtreeIds(state, 'tablets')).toEqual(['tablets', 'apple', 'iphone']);
    expect(depthOf(state, 'iphone')).toBe(3);
    expect(heightOf(state, 'tablets')).toBe(3);
    expect(isWithin(state, 'iphone', 'tablets')).toBe(true);
    expect(isWithin(state, 'iphone', 'phones')).toBe(false);
    expect(state.version).toBe(tree.length + 2);
  });

  it('keeps assignments through moves', () => {
    const state = fold(categoryTreeDecider, [...tree, assigned(['m-1'], ['iphone']), moved('iphone', null, 0, 'apple', 0)]);
    expect(state.products).toEqual({ iphone: ['m-1'] });
    expect(state.rootIds[0]).toBe('iphone');
  });

  it('derives slugs a storefront URL can carry', () => {
    expect(slugOf('Mobilní telefony')).toBe('mobilni-telefony');
    expect(slugOf('Chytré hodinky & náramky')).toBe('chytre-hodinky-naramky');
    expect(slugOf('Încărcătoare și cabluri')).toBe('incarcatoare-si-cabluri');
    expect(slugOf('Łódź Straße')).toBe('lodz-strasse');
    expect(slugOf('!!!')).toBe('category');
    expect(slugOf('a'.repeat(200)).length).toBeLessThanOrEqual(96);
  });

  it('every refusal code is in the cs / ro / en catalogue', () => {
    const { codes, missing } = messageCodesIn(dirname(fileURLToPath(import.meta.url)), ['catalogue\\.category']);
    expect(codes.length).toBeGreaterThanOrEqual(14);
    expect(missing).toEqual([]);
  });
});
