import type { Response } from 'express';
import type { ImageDocument } from '@buyloop/catalogue';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
  searchTermLength,
  SHOP_ATTRIBUTE_CODE_PATTERN,
  SHOP_DEFAULT_PAGE_SIZE,
  SHOP_MAX_PAGE,
  SHOP_MAX_VALUE_LENGTH,
  shopCategoriesSchema,
  shopProductDetailSchema,
  shopProductListSchema,
  shopProductParamsSchema,
  shopProductsDocumentedQuerySchema,
  shopProductsQuerySchema,
  shopSearchQuerySchema,
  shopSearchResultSchema,
  shopStoreParamsSchema,
  shopStoresSchema,
  shopStoreStockQuerySchema,
  shopStoreStockSchema,
} from '@buyloop/contracts/catalogue/shop';
import { empty, json, problem, type RouteContract, type SecuredRouter } from '@buyloop/http';
import { NotFound, parseInput, ValidationError } from '@buyloop/kit';
import type { ShopCatalogue } from './shop-catalogue';
import { defaultFilter, type ProductFilter, type ShopQueries } from './shop-queries';

export interface ShopRouteDeps {
  readonly catalogue: ShopCatalogue;
  readonly queries: ShopQueries;
  /** Resolves when every change the projector announced so far is in the catalogue. */
  readonly settled: () => Promise<void>;
  readonly images: (ids: readonly string[]) => Promise<ReadonlyMap<string, ImageDocument>>;
}

/**
 * How long a shared cache (a CDN, the page cache) may keep an answer. The
 * page cache purges by surrogate key when an event changes what an answer
 * shows, so a detail may be kept long; a listing or search also changes when
 * a product it does not show yet starts matching, so those are kept briefly.
 * Browsers always ask again (max-age=0).
 */
export const SHOP_CACHE_SECONDS = { detail: 3600, categories: 300, listing: 60, search: 60, stores: 3600 } as const;
const SURROGATE_HEADERS = {
  'Surrogate-Key':
    'Space-separated keys of what the answer shows: catalog, product-<CODE>, category-<id>, categories, stores, store-<id>, search',
  'Cache-Control': 'public, max-age=0, s-maxage=<seconds>',
};

function cacheable(res: Response, seconds: number, keys: readonly string[]): Response {
  return res
    .set('Cache-Control', `public, max-age=0, s-maxage=${seconds}`)
    .set('Surrogate-Key', [...new Set(['catalog', ...keys])].join(' '));
}

/** Express answers a GET whose ETag the client already holds with 304: a browser revalidating a shop answer gets it. */
const NOT_MODIFIED = empty('The copy the client holds (If-None-Match) is the current one');

const contracts = {
  categories: {
    summary: 'The shop’s category tree (categories for display), with products on sale per category',
    responses: { 200: json('The tree', shopCategoriesSchema, SURROGATE_HEADERS), 304: NOT_MODIFIED },
  },
  products: {
    summary: 'Products on sale: filters, facets with counts, sorting and pages',
    description:
      'Unknown parameters, an unknown sort, a page below 1, a page size not offered, price_from above price_to or a search text over 100 characters answer 400 with `errors` by parameter.',
    query: shopProductsDocumentedQuerySchema,
    responses: {
      200: json('A page of products', shopProductListSchema, SURROGATE_HEADERS),
      304: NOT_MODIFIED,
      404: problem('No such category'),
    },
  },
  product: {
    summary: 'A product’s detail: variants by colour, capacity and quality, stock per store, accessories and options',
    params: shopProductParamsSchema,
    responses: {
      200: json('The product', shopProductDetailSchema, SURROGATE_HEADERS),
      304: NOT_MODIFIED,
      404: problem('No product on sale by that seo_name'),
    },
  },
  search: {
    summary: 'Search products and categories: accents and case ignored, prefixes and small typos forgiven',
    query: shopSearchQuerySchema,
    responses: { 200: json('What matches', shopSearchResultSchema, SURROGATE_HEADERS), 304: NOT_MODIFIED },
  },
  stores: {
    summary: 'The market’s stores (warehouses left out): address, opening hours, coordinates',
    responses: { 200: json('The stores', shopStoresSchema, SURROGATE_HEADERS), 304: NOT_MODIFIED },
  },
  storeStock: {
    summary: 'Whether a store has a product now',
    params: shopStoreParamsSchema,
    query: shopStoreStockQuerySchema,
    responses: {
      200: json('The store’s stock of the product', shopStoreStockSchema, SURROGATE_HEADERS),
      304: NOT_MODIFIED,
      404: problem('No such store, or no such product on sale'),
    },
  },
} satisfies Readonly<Record<string, RouteContract>>;

const listOf = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');

const isTrue = (value: string | undefined): boolean => value === 'true' || value === '1';

/** The listing's query checked: a named parameter's errors and an unknown one's, all at once, keyed by the parameter. */
export function productFilterOf(query: Record<string, unknown>, catalogue: ShopCatalogue): ProductFilter {
  const named: Record<string, unknown> = {};
  const attributes: Record<string, string[]> = {};
  const attributeErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('attr.')) {
      named[key] = value;
      continue;
    }
    const code = key.slice('attr.'.length);
    const values = Array.isArray(value) ? value : [value];
    if (
      !SHOP_ATTRIBUTE_CODE_PATTERN.test(code) ||
      !values.every((v) => typeof v === 'string' && v.length <= SHOP_MAX_VALUE_LENGTH)
    )
      attributeErrors[key] = ['validation.invalid_value'];
    else attributes[code] = listOf(values as string[]);
  }
  let parsed: ReturnType<typeof shopProductsQuerySchema.parse> | null = null;
  let errors: Record<string, string[]> = { ...attributeErrors };
  try {
    parsed = parseInput(shopProductsQuerySchema, named);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errors = { ...errors, ...(error.fieldErrors as Record<string, string[]>) };
  }
  // Checked on the raw values too, so a page of 0 is named even beside another parameter's error.
  const wholeOf = (value: unknown): number | null =>
    typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
  const page = wholeOf(named.page);
  if (page !== null && (page < 1 || page > SHOP_MAX_PAGE)) errors.page = ['validation.invalid_value'];
  const from = wholeOf(named.price_from);
  const to = wholeOf(named.price_to);
  if (from !== null && to !== null && from > to) errors.price_from = ['catalogue.shop.price_range_reversed'];
  // The too-long term's message names the limit (the field messages take the problem's params).
  if (Object.keys(errors).length > 0 || !parsed)
    throw new ValidationError('validation.failed', errors, 'The request is not valid', { max: SEARCH_MAX_LENGTH });
  let category = null;
  if (parsed.category !== undefined) {
    category = catalogue.category(parsed.category) ?? null;
    if (!category)
      throw new NotFound('catalogue.shop.category_not_found', 'There is no such category', { category: parsed.category });
  }
  const inStore =
    parsed.in_store === undefined
      ? null
      : isTrue(parsed.in_store)
        ? 'any'
        : parsed.in_store === 'false' || parsed.in_store === '0'
          ? null
          : parsed.in_store;
  return {
    ...defaultFilter(),
    category,
    q: parsed.q?.trim() || null,
    manufacturer: listOf(parsed.manufacturer),
    quality: listOf(parsed.quality),
    colour: listOf(parsed.colour),
    capacity: listOf(parsed.capacity),
    inStock: isTrue(parsed.in_stock),
    inStore,
    priceFrom: parsed.price_from === undefined ? null : Number(parsed.price_from),
    priceTo: parsed.price_to === undefined ? null : Number(parsed.price_to),
    attributes,
    sort: parsed.sort ?? 'best_selling',
    page: parsed.page === undefined ? 1 : Number(parsed.page),
    pageSize: parsed.page_size === undefined ? SHOP_DEFAULT_PAGE_SIZE : Number(parsed.page_size),
  };
}

/**
 * The search's query checked. A term over SEARCH_MAX_LENGTH alone is answered
 * with its own message, naming the limit, as a too-short one is; beside other
 * errors it is one field error among them.
 */
function searchQueryOf(query: unknown): ReturnType<typeof shopSearchQuerySchema.parse> {
  try {
    return parseInput(shopSearchQuerySchema, query);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields = Object.keys(error.fieldErrors);
    const tooLong = error.fieldErrors.term?.includes('catalogue.shop.search_too_long') === true;
    if (tooLong && fields.length === 1)
      throw new ValidationError(
        'catalogue.shop.search_too_long',
        error.fieldErrors,
        `Search takes at most ${SEARCH_MAX_LENGTH} characters`,
        { max: SEARCH_MAX_LENGTH },
      );
    if (tooLong) throw new ValidationError(error.code, error.fieldErrors, error.message, { max: SEARCH_MAX_LENGTH });
    throw error;
  }
}

/** The shop's public catalogue API (issue 14): no session, the server's market, answers a shared cache may keep. */
export function shopRoutes(r: SecuredRouter, deps: ShopRouteDeps): void {
  const { catalogue, queries } = deps;

  r.get('/api/catalog/categories', 'public', contracts.categories, async (_req, res) => {
    await deps.settled();
    const tree = queries.categories();
    const ids = [...catalogue.visibleCategories().keys()].map((id) => `category-${id}`);
    cacheable(res, SHOP_CACHE_SECONDS.categories, ['categories', ...ids]).json(tree);
  });

  r.get('/api/catalog/products', 'public', contracts.products, async (req, res) => {
    const filter = productFilterOf(req.query as Record<string, unknown>, catalogue);
    await deps.settled();
    const list = queries.products(filter);
    const keys = [
      ...(list.category ? [`category-${list.category.id}`] : []),
      ...list.items.map((item) => `product-${item.code}`),
    ];
    cacheable(res, SHOP_CACHE_SECONDS.listing, keys).json(list);
  });

  r.get('/api/catalog/products/:seoName', 'public', contracts.product, async (req, res) => {
    const { seoName } = parseInput(shopProductParamsSchema, req.params);
    await deps.settled();
    const entry = catalogue.entryBySeoName(seoName);
    const master = entry ? catalogue.master(entry.masterId) : undefined;
    const images = master ? await deps.images(master.photo_ids) : new Map<string, ImageDocument>();
    const found = queries.detail(seoName, images);
    if (!found) throw new NotFound('catalogue.shop.product_not_found', 'There is no such product on sale', { seo_name: seoName });
    const keys = [...found.codes.map((code) => `product-${code}`), ...found.categoryIds.map((id) => `category-${id}`)];
    cacheable(res, SHOP_CACHE_SECONDS.detail, keys).json(found.detail);
  });

  r.get('/api/search', 'public', contracts.search, async (req, res) => {
    const query = searchQueryOf(req.query);
    const term = query.term.trim();
    if (searchTermLength(term) < SEARCH_MIN_LENGTH)
      throw new ValidationError(
        'catalogue.shop.search_too_short',
        { term: ['catalogue.shop.search_too_short'] },
        'Search needs at least 2 characters',
        { min: SEARCH_MIN_LENGTH },
      );
    const limit = query.limit === undefined ? SEARCH_DEFAULT_LIMIT : Number(query.limit);
    if (limit < 1 || limit > SEARCH_MAX_LIMIT)
      throw new ValidationError('validation.failed', { limit: ['validation.invalid_value'] }, 'The request is not valid');
    await deps.settled();
    const result = queries.search(term, limit);
    cacheable(res, SHOP_CACHE_SECONDS.search, ['search', ...result.result.products.map((p) => `product-${p.code}`)]).json(result);
  });

  r.get('/api/catalog/stores', 'public', contracts.stores, async (_req, res) => {
    await deps.settled();
    const stores = queries.stores();
    cacheable(res, SHOP_CACHE_SECONDS.stores, ['stores', ...stores.stores.map((s) => `store-${s.id}`)]).json(stores);
  });

  r.get('/api/catalog/stores/:storeId/stock', 'public', contracts.storeStock, async (req, res) => {
    const { storeId } = parseInput(shopStoreParamsSchema, req.params);
    const { product } = parseInput(shopStoreStockQuerySchema, req.query);
    await deps.settled();
    const store = catalogue.storeLocations().find((location) => location.id === storeId);
    if (!store) throw new NotFound('catalogue.shop.store_not_found', 'There is no such store', { store: storeId });
    const entry = catalogue.entry(product.toUpperCase());
    if (!entry?.onSale) throw new NotFound('catalogue.shop.product_not_found', 'There is no such product on sale', { product });
    const available = entry.storeAvailable[store.id] ?? 0;
    cacheable(res, SHOP_CACHE_SECONDS.detail, ['stores', `store-${store.id}`, `product-${entry.code}`]).json({
      store: store.id,
      product: entry.code,
      stock_state: available > 0 ? 'in_stock' : 'sold_out',
      available,
    });
  });
}
