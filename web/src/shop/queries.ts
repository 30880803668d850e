import type { QueryClient } from '@tanstack/react-query';
import { ApiError, query, type Api } from '../app/api';
import { filtersQuery, type CatalogFilters, type PageRoute } from '../app/routes';
import { storesQuery } from '../stores/StoresPage';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, searchTermLength } from '@buyloop/contracts/catalogue/shop';
import type { CategoriesResponse, CategoryNode, ProductDetail, ProductsResponse, SearchResponse } from './types';

/** The category tree: every shop page's menu, so it is asked for once and kept. */
export const CATEGORIES_KEY = ['shop', 'categories'] as const;
export const categoriesQuery = (api: Api) => ({
  queryKey: CATEGORIES_KEY,
  queryFn: () => api.get<CategoriesResponse>('/api/catalog/categories'),
});

export const productsQuery = (api: Api, category: string | null, filters: CatalogFilters) => ({
  queryKey: ['shop', 'products', category, filters] as const,
  queryFn: () => {
    const text = filtersQuery(category ? { category, ...filters } : filters);
    return api.get<ProductsResponse>(`/api/catalog/products${text}`);
  },
});

/** What the home page shows: the best sellers, the reduced ones first. */
export const HOME_FILTERS: CatalogFilters = { page_size: '24' };

export const productQuery = (api: Api, seo: string) => ({
  queryKey: ['shop', 'product', seo] as const,
  queryFn: () => api.get<ProductDetail>(`/api/catalog/products/${encodeURIComponent(seo)}`),
  // A server-rendered "not found" stays as rendered: hydration must see the same state.
  retryOnMount: false,
});

/** The search box's suggestions and the results page: products and categories (typo-tolerant, at least 2 characters). */
export const SEARCH_MIN = SEARCH_MIN_LENGTH;
/**
 * Whether the API takes the term: counted as it counts (code points, spaces at either end left out), so an
 * emoji is one character here too and a term the API would refuse (400) is never asked for.
 */
export const searchable = (term: string): boolean => {
  const length = searchTermLength(term);
  return length >= SEARCH_MIN_LENGTH && length <= SEARCH_MAX_LENGTH;
};
export const searchQuery = (api: Api, term: string, limit = 8) => ({
  queryKey: ['shop', 'search', term, limit] as const,
  queryFn: () => api.get<SearchResponse>(`/api/search${query({ term, limit: String(limit) })}`),
  retryOnMount: false,
});

/** A category of the tree by its SEO name, with the path from the root to it. */
export function findCategory(
  tree: readonly CategoryNode[] | undefined,
  seo: string,
): { node: CategoryNode; path: CategoryNode[] } | null {
  for (const node of tree ?? []) {
    if (node.seo_name === seo) return { node, path: [node] };
    const below = findCategory(node.children, seo);
    if (below) return { node: below.node, path: [node, ...below.path] };
  }
  return null;
}

/**
 * What a shop page needs before its first HTML: the menu's tree on every page, and the page's
 * own data. A category page asks for its products only when the tree knows the category (an
 * unknown slug is a 404 without asking).
 */
export async function prefetchShop(client: QueryClient, api: Api, route: PageRoute | null): Promise<void> {
  const tree = client.fetchQuery(categoriesQuery(api)).catch((error: unknown) => {
    // A process without the catalogue has no tree: an empty one (the menu is empty, every category unknown),
    // rather than an error whose text would travel into the page.
    if (error instanceof ApiError && error.status === 404) {
      const empty: CategoriesResponse = { categories: [] };
      // Removed first: the failed fetch's reason (the API's problem) would stay in the query's state otherwise.
      client.removeQueries({ queryKey: CATEGORIES_KEY, exact: true });
      client.setQueryData(CATEGORIES_KEY, empty);
      return empty;
    }
    return undefined;
  });
  if (!route) return void (await tree);
  switch (route.page) {
    case 'home':
      await Promise.all([tree, client.prefetchQuery(productsQuery(api, null, HOME_FILTERS))]);
      return;
    case 'category': {
      const found = findCategory((await tree)?.categories, route.seo);
      if (found) await client.prefetchQuery(productsQuery(api, found.node.seo_name, route.filters));
      return;
    }
    case 'product':
      await Promise.all([tree, client.prefetchQuery(productQuery(api, route.seo))]);
      return;
    case 'search':
      await Promise.all([tree, searchable(route.q) ? client.prefetchQuery(searchQuery(api, route.q, 48)) : null]);
      return;
    case 'stores':
      await Promise.all([tree, client.prefetchQuery(storesQuery(api))]);
      return;
    default:
      await tree;
  }
}
