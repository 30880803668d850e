import { describe, expect, it } from 'vitest';
import { CatalogueIndex, isCacheEvent, keysFor, type CatalogueEventForCache } from './keys';
import { normalisedUrl, sharedLifetimeMs, isCacheablePath } from './middleware';
import { purgeTarget } from './routes';

function mapper() {
  const index = new CatalogueIndex();
  return (event: CatalogueEventForCache, stream = 'x') => {
    index.learn(event);
    return [...keysFor(event, { market: 'cz', stream, index })].sort();
  };
}

describe('surrogate keys of catalogue events', () => {
  it('a price or stock change of a product touches only that product', () => {
    const keys = mapper();
    expect(keys({ type: 'PriceSet', data: { code: 'P1', market: 'cz' } })).toEqual(['product-P1']);
    expect(keys({ type: 'OfferStarted', data: { code: 'P1' } }, 'price-P1-cz')).toEqual(['product-P1']);
    expect(keys({ type: 'StockReserved', data: { code: 'P1', location: 'cz-praha' } })).toEqual(['product-P1']);
  });

  it("another market's prices and stores touch nothing here", () => {
    const keys = mapper();
    expect(keys({ type: 'PriceSet', data: { code: 'P1', market: 'ro' } })).toEqual([]);
    expect(keys({ type: 'PriceTookEffect', data: { code: 'AB-12' } }, 'price-AB-12-ro')).toEqual([]);
    expect(keys({ type: 'PriceTookEffect', data: { code: 'AB-12' } }, 'price-AB-12-cz')).toEqual(['product-AB-12']);
    expect(keys({ type: 'LocationUpdated', data: { market: 'ro', location: { id: 'ro-cluj' } } })).toEqual([]);
  });

  it('a master change touches every variant of the master, learnt from the variants created before', () => {
    const keys = mapper();
    keys({ type: 'CatalogueProductCreated', data: { code: 'A1', masterProductId: 'm1' } });
    keys({ type: 'CatalogueProductCreated', data: { code: 'A2', masterProductId: 'm1' } });
    keys({ type: 'CatalogueProductCreated', data: { code: 'B1', masterProductId: 'm2' } });
    expect(keys({ type: 'MasterProductUpdated', data: { masterProductId: 'm1' } })).toEqual([
      'product-A1',
      'product-A2',
      'search',
    ]);
    expect(keys({ type: 'CatalogueProductUpdated', data: { code: 'A1', masterProductId: 'm1' } })).toEqual([
      'product-A1',
      'product-A2',
      'search',
    ]);
  });

  it('meta master changes touch the variants of its masters', () => {
    const keys = mapper();
    keys({ type: 'CatalogueProductCreated', data: { code: 'A1', masterProductId: 'm1' } });
    keys({ type: 'CatalogueProductCreated', data: { code: 'B1', masterProductId: 'm2' } });
    keys({ type: 'MasterMetaMasterChanged', data: { masterProductId: 'm1', metaMasterId: 'mm', previousMetaMasterId: null } });
    expect(
      keys({ type: 'MasterMetaMasterChanged', data: { masterProductId: 'm2', metaMasterId: 'mm', previousMetaMasterId: null } }),
    ).toEqual(['product-A1', 'product-B1']);
    expect(keys({ type: 'MetaMasterUpdated', data: { metaMasterId: 'mm' } })).toEqual(['product-A1', 'product-B1']);
  });

  it('category events touch the category, its parents involved and the tree', () => {
    const keys = mapper();
    expect(keys({ type: 'CategoryUpdated', data: { categoryId: 'c1' } })).toEqual(['categories', 'category-c1']);
    expect(keys({ type: 'CategoryMoved', data: { categoryId: 'c1', targetId: 'c2', fromParentId: null } })).toEqual([
      'categories',
      'category-c1',
      'category-c2',
    ]);
    expect(keys({ type: 'CategoryDeleted', data: { categoryId: 'c1', deletedIds: ['c1', 'c3'] } })).toEqual([
      'categories',
      'category-c1',
      'category-c3',
    ]);
    keys({ type: 'CatalogueProductCreated', data: { code: 'A1', masterProductId: 'm1' } });
    expect(keys({ type: 'ProductsAssignedToCategories', data: { masterProductIds: ['m1'], categoryIds: ['c4'] } })).toEqual([
      'categories',
      'category-c4',
      'product-A1',
    ]);
  });

  it('location events touch the stores list and that store', () => {
    const keys = mapper();
    expect(keys({ type: 'LocationDefined', data: { market: 'cz', location: { id: 'cz-brno' } } })).toEqual([
      'store-cz-brno',
      'stores',
    ]);
  });

  it('events of other contexts are not read at all', () => {
    expect(isCacheEvent({ type: 'BuyBackSubmitted' })).toBe(false);
    expect(isCacheEvent({ type: 'PriceSet' })).toBe(true);
  });
});

describe('cache keys of requests', () => {
  it('sorts query parameters and drops tracking ones on pages only', () => {
    expect(normalisedUrl('/mobilni-telefony?sort=price_asc&page=2&utm_source=x')).toBe('/mobilni-telefony?page=2&sort=price_asc');
    expect(normalisedUrl('/api/catalog/products?utm_source=x')).toBe('/api/catalog/products?utm_source=x');
    expect(normalisedUrl('/kontakt')).toBe('/kontakt');
  });

  it('takes the shared lifetime from s-maxage, and nothing private or uncacheable', () => {
    expect(sharedLifetimeMs('public, max-age=0, s-maxage=300')).toBe(300_000);
    expect(sharedLifetimeMs('public, max-age=60')).toBe(60_000);
    expect(sharedLifetimeMs('no-store')).toBeNull();
    expect(sharedLifetimeMs('private, max-age=60')).toBeNull();
    expect(sharedLifetimeMs('max-age=60')).toBeNull();
    expect(sharedLifetimeMs(undefined)).toBeNull();
  });

  it('caches pages and the public catalogue API, never the rest of the API or static files', () => {
    expect(isCacheablePath('/api/catalog/products')).toBe(true);
    expect(isCacheablePath('/api/search')).toBe(true);
    expect(isCacheablePath('/mobilni-telefony')).toBe(true);
    expect(isCacheablePath('/api/account')).toBe(false);
    expect(isCacheablePath('/assets/index-abc.js')).toBe(false);
    expect(isCacheablePath('/admin/catalogue')).toBe(false);
    expect(isCacheablePath('/administrativni-technika')).toBe(true);
  });

  it('a purge URL is a full http(s) URL or a path, keyed like the request', () => {
    expect(purgeTarget('https://shop.buyloop.cz/mobilni-telefony?sort=newest&page=2')).toBe(
      '/mobilni-telefony?page=2&sort=newest',
    );
    expect(purgeTarget('/kontakt')).toBe('/kontakt');
    expect(purgeTarget('ftp://x/y')).toBeNull();
    expect(purgeTarget('//evil.example/x')).toBeNull();
    expect(purgeTarget('not a url')).toBeNull();
  });
});
