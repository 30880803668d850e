import { describe, expect, it } from 'vitest';
import {
  downMove,
  dropMove,
  expandedFor,
  fieldOf,
  indentMove,
  indexTree,
  outdentMove,
  parentChoices,
  pathLabel,
  subtreeOf,
  upMove,
  type CategoryRow,
  type CategoryTreeNode,
} from './tree';

const node = (id: string, parent: string | null, position: number, path: string[], subcategories: CategoryTreeNode[] = []) =>
  ({
    id,
    name: path.at(-1)!,
    parent,
    seo_name: id,
    children: subcategories.length > 0,
    for_display: true,
    for_buyout: false,
    for_service: false,
    filterable: false,
    manufacturers: [],
    photo_id: null,
    type_device: null,
    seo_title: null,
    seo_description: null,
    position,
    depth: path.length,
    path,
    product_count: 0,
    subtree_product_count: 0,
    subcategories,
  }) satisfies CategoryTreeNode;

/**
 *  phones            tablets
 *    apple
 *      iphone
 *    samsung
 *    google
 */
const nodes = [
  node(
    'phones',
    null,
    0,
    ['Phones'],
    [
      node('apple', 'phones', 0, ['Phones', 'Apple'], [node('iphone', 'apple', 0, ['Phones', 'Apple', 'iPhone'])]),
      node('samsung', 'phones', 1, ['Phones', 'Samsung']),
      node('google', 'phones', 2, ['Phones', 'Google']),
    ],
  ),
  node('tablets', null, 1, ['Tablets']),
];
const index = indexTree(nodes);

describe('the tree editor’s moves', () => {
  it('a drop on a row’s middle puts the category last under that row', () => {
    expect(dropMove(index, 'google', 'apple', 'inside')).toEqual({ target: 'apple', position: 1 });
    expect(dropMove(index, 'tablets', 'phones', 'inside')).toEqual({ target: 'phones', position: 3 });
    // Already the last child there: nothing to do.
    expect(dropMove(index, 'google', 'phones', 'inside')).toBeNull();
  });

  it('a drop before or after a row places it among that row’s siblings, counted without the dragged category', () => {
    expect(dropMove(index, 'google', 'apple', 'before')).toEqual({ target: 'phones', position: 0 });
    expect(dropMove(index, 'apple', 'google', 'after')).toEqual({ target: 'phones', position: 2 });
    expect(dropMove(index, 'apple', 'samsung', 'after')).toEqual({ target: 'phones', position: 1 });
    expect(dropMove(index, 'iphone', 'tablets', 'before')).toEqual({ target: null, position: 1 });
    expect(dropMove(index, 'samsung', 'apple', 'after')).toBeNull();
    expect(dropMove(index, 'samsung', 'google', 'before')).toBeNull();
  });

  it('never offers a drop onto the category itself or below it (a cycle)', () => {
    expect(dropMove(index, 'phones', 'iphone', 'inside')).toBeNull();
    expect(dropMove(index, 'phones', 'apple', 'after')).toBeNull();
    expect(dropMove(index, 'apple', 'apple', 'inside')).toBeNull();
  });

  it('up and down among siblings, indent under the sibling above, outdent right after the parent', () => {
    expect(upMove(index, 'samsung')).toEqual({ target: 'phones', position: 0 });
    expect(upMove(index, 'apple')).toBeNull();
    expect(downMove(index, 'apple')).toEqual({ target: 'phones', position: 1 });
    expect(downMove(index, 'google')).toBeNull();
    expect(indentMove(index, 'samsung')).toEqual({ target: 'apple', position: 1 });
    expect(indentMove(index, 'tablets')).toEqual({ target: 'phones', position: 3 });
    expect(indentMove(index, 'apple')).toBeNull();
    expect(outdentMove(index, 'iphone')).toEqual({ target: 'phones', position: 1 });
    expect(outdentMove(index, 'samsung')).toEqual({ target: null, position: 1 });
    expect(outdentMove(index, 'phones')).toBeNull();
  });

  it('offers as parents every category outside the edited one’s subtree', () => {
    const rows: CategoryRow[] = [...index.byId.values()].map(({ subcategories: _s, ...row }) => row);
    expect(parentChoices(rows, index, 'apple').map((row) => row.id)).toEqual(['phones', 'samsung', 'google', 'tablets']);
    expect(parentChoices(rows, index, null)).toHaveLength(6);
    expect(subtreeOf(index, 'phones')).toEqual(['phones', 'apple', 'iphone', 'samsung', 'google']);
  });

  it('expands the first levels and the way to a category; labels paths; maps field errors to the form', () => {
    expect([...expandedFor(index, 1)]).toEqual([]);
    expect([...expandedFor(index, 2)].sort()).toEqual(['phones']);
    expect([...expandedFor(index, 1, 'iphone')].sort()).toEqual(['apple', 'phones']);
    expect(pathLabel({ path: ['Phones', 'Apple'] })).toBe('Phones › Apple');
    expect(fieldOf('manufacturers.3')).toBe('manufacturers');
    expect(fieldOf('name')).toBe('name');
  });
});
