import { describe, expect, it } from 'vitest';
import { findCategory } from './queries';
import type { CategoryNode } from './types';

const node = (id: string, seo: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  name: id,
  seo_name: seo,
  parent: null,
  children,
});
const tree = [node('phones', 'mobilni-telefony', [node('phones-iphone', 'iphone')]), node('tablets', 'tablety')];

describe('the shop pages’ data', () => {
  it('finds a category anywhere in the tree, with its path', () => {
    expect(findCategory(tree, 'iphone')?.path.map((n) => n.id)).toEqual(['phones', 'phones-iphone']);
    expect(findCategory(tree, 'tablety')?.node.id).toBe('tablets');
    expect(findCategory(tree, 'neexistuje')).toBeNull();
  });
});
