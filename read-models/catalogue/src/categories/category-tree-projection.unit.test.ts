import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { categoryTreeProjection } from './category-tree-projection';
import { categoryQueries, flatten, treeOf, typeCategoriesOf } from './category-queries';

const STREAM = 'categorytree-cz';
const AT = '2026-11-02T09:00:00.000Z';

const defaults = {
  forDisplay: true,
  forBuyout: false,
  forService: false,
  filterable: false,
  manufacturerIds: [] as string[],
  photoId: null,
  typeDeviceId: null as string | null,
};
const added = (
  categoryId: string,
  parentId: string | null,
  position: number,
  name: string,
  extra: Partial<typeof defaults> = {},
) =>
  recorded(
    'CategoryAdded',
    { categoryId, parentId, position, name, seoName: name.toLowerCase(), ...defaults, ...extra, at: AT },
    STREAM,
  );

const tree = [
  added('phones', null, 0, 'Phones', { typeDeviceId: 'phone' }),
  added('tablets', null, 1, 'Tablets', { typeDeviceId: 'tablet' }),
  added('apple', 'phones', 0, 'Apple', { typeDeviceId: 'phone', manufacturerIds: ['apple'] }),
  added('samsung', 'phones', 1, 'Samsung'),
  added('iphone', 'apple', 0, 'iPhone'),
  // Inserted before Apple: positions shift.
  added('google', 'phones', 0, 'Google'),
];

const documentOf = (events: ReturnType<typeof recorded>[]) => project(categoryTreeProjection, events).get('cz')!;

describe('category tree projection', () => {
  it('keeps the market’s tree in one document, siblings in display order, with the stream’s version', () => {
    const document = documentOf(tree);
    expect(document.market).toBe('cz');
    expect(document.root_ids).toEqual(['phones', 'tablets']);
    expect(document.categories.phones?.child_ids).toEqual(['google', 'apple', 'samsung']);
    expect(document.version).toBe(Number(tree.at(-1)!.streamVersion));
    expect(document.categories.apple).toEqual({
      id: 'apple',
      name: 'Apple',
      parent: 'phones',
      seo_name: 'apple',
      for_display: true,
      for_buyout: false,
      for_service: false,
      filterable: false,
      manufacturers: ['apple'],
      photo_id: null,
      type_device: 'phone',
      // Added before categories had SEO texts: none.
      seo_title: null,
      seo_description: null,
      child_ids: ['iphone'],
      product_ids: [],
    });
  });

  it('keeps the SEO title and description as added and as changed, and lists them', () => {
    const document = documentOf([
      ...tree,
      recorded(
        'CategoryAdded',
        {
          categoryId: 'watches',
          parentId: null,
          position: 2,
          name: 'Watches',
          seoName: 'watches',
          ...defaults,
          seoTitle: 'Smart watches',
          seoDescription: 'Watches\nand bands',
          at: AT,
        },
        STREAM,
      ),
      recorded('CategoryUpdated', { categoryId: 'phones', seoTitle: 'Phones, new and used', at: AT }, STREAM),
      recorded('CategoryUpdated', { categoryId: 'watches', seoDescription: null, at: AT }, STREAM),
    ]);
    const rows = Object.fromEntries(flatten(treeOf(document)).map((row) => [row.id, [row.seo_title, row.seo_description]]));
    expect(rows.watches).toEqual(['Smart watches', null]);
    expect(rows.phones).toEqual(['Phones, new and used', null]);
    expect(rows.samsung).toEqual([null, null]);
  });

  it('applies changed fields, moves with the subtree, and deletions of whole subtrees', () => {
    const document = documentOf([
      ...tree,
      recorded(
        'CategoryUpdated',
        { categoryId: 'samsung', name: 'Samsung Galaxy', forBuyout: true, photoId: 'img-1', at: AT },
        STREAM,
      ),
      recorded(
        'CategoryMoved',
        { categoryId: 'apple', targetId: 'tablets', position: 0, fromParentId: 'phones', fromPosition: 1, at: AT },
        STREAM,
      ),
      recorded(
        'CategoryMoved',
        { categoryId: 'tablets', targetId: null, position: 0, fromParentId: null, fromPosition: 1, at: AT },
        STREAM,
      ),
    ]);
    expect(document.root_ids).toEqual(['tablets', 'phones']);
    expect(document.categories.phones?.child_ids).toEqual(['google', 'samsung']);
    expect(document.categories.tablets?.child_ids).toEqual(['apple']);
    expect(document.categories.apple?.parent).toBe('tablets');
    expect(document.categories.samsung).toMatchObject({
      name: 'Samsung Galaxy',
      for_buyout: true,
      photo_id: 'img-1',
      seo_name: 'samsung',
    });

    const deleted = documentOf([
      ...tree,
      recorded('CategoryDeleted', { categoryId: 'apple', deletedIds: ['apple', 'iphone'], at: AT }, STREAM),
    ]);
    expect(Object.keys(deleted.categories).sort()).toEqual(['google', 'phones', 'samsung', 'tablets']);
    expect(deleted.categories.phones?.child_ids).toEqual(['google', 'samsung']);
  });

  it('counts master products per category and, once each, below it; a deleted master product leaves every category', () => {
    const events = [
      ...tree,
      recorded(
        'ProductsAssignedToCategories',
        { masterProductIds: ['m-1', 'm-2'], categoryIds: ['iphone', 'phones'], at: AT },
        STREAM,
      ),
      recorded('ProductsAssignedToCategories', { masterProductIds: ['m-2', 'm-3'], categoryIds: ['samsung'], at: AT }, STREAM),
      recorded('ProductsRemovedFromCategories', { masterProductIds: ['m-1'], categoryIds: ['phones'], at: AT }, STREAM),
    ];
    const rows = flatten(treeOf(documentOf(events)));
    const counts = Object.fromEntries(rows.map((row) => [row.id, [row.product_count, row.subtree_product_count]]));
    expect(counts).toEqual({
      phones: [1, 3],
      google: [0, 0],
      apple: [0, 2],
      iphone: [2, 2],
      samsung: [2, 2],
      tablets: [0, 0],
    });

    // The products area's deletion names no market in its stream: the event's metadata does.
    const masterDeleted = recorded('MasterProductDeleted', { masterProductId: 'm-2', seoName: 'x', at: AT }, 'master-m-2');
    expect(categoryTreeProjection.key(masterDeleted)).toBe('cz');
    const after = flatten(treeOf(documentOf([...events, masterDeleted])));
    expect(after.find((row) => row.id === 'samsung')).toMatchObject({ product_count: 1, subtree_product_count: 1 });
    expect(after.find((row) => row.id === 'phones')).toMatchObject({ product_count: 0, subtree_product_count: 2 });
    // Other streams of the products area are not the tree's.
    expect(categoryTreeProjection.key(recorded('MasterProductCreated', {}, 'master-m-9'))).toBeNull();
  });

  it('lists the tree nested and flat, depth first with paths, and the type categories', async () => {
    const document = documentOf(tree);
    const nested = treeOf(document);
    expect(nested.map((node) => node.id)).toEqual(['phones', 'tablets']);
    expect(nested[0]!.subcategories.map((node) => [node.id, node.position, node.children])).toEqual([
      ['google', 0, false],
      ['apple', 1, true],
      ['samsung', 2, false],
    ]);
    expect(flatten(nested).map((row) => `${row.depth} ${row.path.join(' / ')}`)).toEqual([
      '1 Phones',
      '2 Phones / Google',
      '2 Phones / Apple',
      '3 Phones / Apple / iPhone',
      '2 Phones / Samsung',
      '1 Tablets',
    ]);
    expect(typeCategoriesOf(document).map((row) => row.id)).toEqual(['phones', 'apple', 'tablets']);
    expect(typeCategoriesOf(document, 'tablet')).toEqual([
      { id: 'tablets', name: 'Tablets', seo_name: 'tablets', path: ['Tablets'], type_device: 'tablet' },
    ]);
    const queries = categoryQueries(async () => document);
    expect((await queries.list()).categories).toHaveLength(6);
    expect((await queries.tree()).version).toBe(document.version);
  });
});
