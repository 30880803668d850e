import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../app/routes';
import { CATEGORIES_KEY, findCategory, surrogateKeysOf } from './queries';
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

  it('names what a page shows as surrogate keys, so a change to any of it purges the page', () => {
    const client = new QueryClient();
    client.setQueryData(CATEGORIES_KEY, { categories: tree });
    client.setQueryData(['shop', 'products', 'iphone', {}], {
      items: [{ code: '100001' }, { code: '100002' }],
      total: 2,
      page: 1,
      page_size: 24,
      facets: {},
    });
    const keys = surrogateKeysOf(client, matchRoute('cz', '/iphone', ''));
    expect(keys).toEqual(['catalog', 'categories', 'product-100001', 'product-100002', 'category-phones-iphone']);

    const detail = new QueryClient();
    detail.setQueryData(['shop', 'product', 'iphone-13'], {
      code: '100010',
      variants: [{ code: '100010' }, { code: '100011' }],
      accessories: [{ code: '430001' }],
    });
    expect(surrogateKeysOf(detail, matchRoute('cz', '/produkt/iphone-13', ''))).toEqual([
      'catalog',
      'categories',
      'product-100010',
      'product-100011',
      'product-430001',
    ]);
  });
});
