import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Obchod-Heslo-2026';

interface Item {
  code: string;
  seo_name: string;
  long_name: string;
  short_name: string;
  price: number;
  currency: string;
  lowest_price_30d: number | null;
  original_price: number | null;
  quality: string;
  quality_name: string;
  stock_state: string;
  image_url: string | null;
  manufacturer: string;
  manufacturer_id: string;
  colour: string | null;
  capacity: string | null;
}
interface FacetValue {
  value: string;
  label: string;
  count: number;
}
interface List {
  items: Item[];
  total: number;
  page: number;
  page_size: number;
  facets: {
    manufacturer: FacetValue[];
    quality: FacetValue[];
    colour: FacetValue[];
    capacity: FacetValue[];
    price: { min: number; max: number };
  };
}
interface Category {
  id: string;
  name: string;
  seo_name: string;
  parent: string | null;
  product_count: number;
  children: Category[];
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The shop's public catalogue API over the demo catalogue (the one `npm start` loads). */
describe.each(engines)('the shop’s catalogue API on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await shop.modules.loadDemoData();
    manager = await signedInStaff(shop, 'obchod@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
  }, 600_000);
  afterAll(async () => shop?.close(), 120_000);

  const get = async (path: string, language = 'cs') => {
    const response = await fetch(`${shop.base}${path}`, { headers: { 'accept-language': language } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      keys: (response.headers.get('surrogate-key') ?? '').split(' ').filter(Boolean),
      cache: response.headers.get('cache-control'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const list = async (query: string) => {
    const answer = await get(`/api/catalog/products?${query}`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 400)).toBe(200);
    return answer.body as unknown as List & { category: { id: string } | null };
  };
  const phonesCategory = async (): Promise<Category> => {
    const tree = (await get('/api/catalog/categories')).body.categories as Category[];
    return tree.find((category) => category.seo_name === 'mobilni-telefony')!;
  };

  it('the category tree: categories for display with their children and products on sale, cache headers and keys', async () => {
    const answer = await get('/api/catalog/categories');
    expect(answer.status).toBe(200);
    expect(answer.cache).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(answer.keys).toEqual(expect.arrayContaining(['catalog', 'categories', 'category-phones']));
    const phones = await phonesCategory();
    expect(phones).toMatchObject({ id: 'phones', name: 'Mobilní telefony', parent: null });
    expect(phones.children.map((child) => child.seo_name)).toContain('iphone');
    expect(phones.product_count).toBeGreaterThan(10);
    // A parent counts what its subcategories hold.
    const sum = phones.children.reduce((total, child) => total + child.product_count, 0);
    expect(phones.product_count).toBeGreaterThanOrEqual(Math.max(...phones.children.map((c) => c.product_count)));
    expect(sum).toBeGreaterThan(0);
  });

  it('a category’s listing: priced items with stock states, facets with counts, the listing’s surrogate keys', async () => {
    const page = await get('/api/catalog/products?category=mobilni-telefony');
    expect(page.status).toBe(200);
    const body = page.body as unknown as List;
    expect(body.total).toBe((await phonesCategory()).product_count);
    expect(body.items).toHaveLength(24);
    for (const item of body.items) {
      expect(item.price).toBeGreaterThan(0);
      expect(item.currency).toBe('CZK');
      expect(['in_stock', 'in_store_only', 'on_order', 'sold_out']).toContain(item.stock_state);
      // The Omnibus line only beside a reduced price.
      if (item.original_price === null) expect(item.lowest_price_30d).toBeNull();
    }
    expect(page.keys).toEqual(expect.arrayContaining(['catalog', 'category-phones', `product-${body.items[0]!.code}`]));
    const apple = body.facets.manufacturer.find((facet) => facet.label === 'Apple')!;
    expect(apple.count).toBeGreaterThan(0);
    expect(body.facets.quality.map((facet) => facet.value)).toContain('new');
    expect(body.facets.price.min).toBeLessThanOrEqual(body.facets.price.max);

    // The category by id answers the same.
    expect((await list('category=phones')).total).toBe(body.total);
    // Unknown category: 404 problem.
    const unknown = await get('/api/catalog/products?category=neni-takova');
    expect(unknown.status).toBe(404);
    expect(unknown.type).toContain('application/problem+json');
  });

  it('filters narrow the result and each facet counts what the other filters leave', async () => {
    const all = await list('category=phones&page_size=96');
    const apple = all.facets.manufacturer.find((facet) => facet.label === 'Apple')!;
    const onlyApple = await list(`category=phones&manufacturer=${apple.value}&page_size=96`);
    expect(onlyApple.total).toBe(apple.count);
    expect(onlyApple.items.every((item) => item.manufacturer === 'Apple')).toBe(true);
    // The manufacturer facet still offers the others (its own filter aside), with the same counts.
    expect(onlyApple.facets.manufacturer).toEqual(all.facets.manufacturer);

    const used = await list('category=phones&quality=used&page_size=96');
    expect(used.items.every((item) => item.quality.startsWith('used'))).toBe(true);

    const { min, max } = all.facets.price;
    const middle = Math.round((min + max) / 2);
    const cheap = await list(`category=phones&price_to=${middle}&page_size=96`);
    expect(cheap.items.every((item) => item.price <= middle)).toBe(true);
    const dear = await list(`category=phones&price_from=${middle + 1}&page_size=96`);
    expect(cheap.total + dear.total).toBe(all.total);

    const inStock = await list('category=phones&in_stock=true&page_size=96');
    expect(inStock.items.every((item) => item.stock_state === 'in_stock')).toBe(true);

    const colour = all.facets.colour[0]!;
    const coloured = await list(`category=phones&colour=${encodeURIComponent(colour.value)}&page_size=96`);
    expect(coloured.total).toBe(colour.count);
  });

  it('sorts by price both ways and pages through without overlap', async () => {
    const ascending = await list('category=phones&sort=price_asc&page_size=96');
    const prices = ascending.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await list('category=phones&sort=price_desc&page_size=12');
    expect(descending.items[0]!.price).toBe(Math.max(...prices, descending.items[0]!.price));

    const first = await list('category=phones&sort=price_asc&page_size=12&page=1');
    const second = await list('category=phones&sort=price_asc&page_size=12&page=2');
    expect(second.page).toBe(2);
    const codes = new Set(first.items.map((item) => item.code));
    expect(second.items.some((item) => codes.has(item.code))).toBe(false);
    expect(second.items.map((item) => item.code)).toEqual(ascending.items.slice(12, 24).map((item) => item.code));
    const newest = await list('category=phones&sort=newest');
    expect(newest.total).toBe(ascending.total);
  });

  it('a product’s detail: variants of its model, stores, options; 404 problem for an unknown one', async () => {
    const { items } = await list('category=phones&sort=price_desc');
    const answer = await get(`/api/catalog/products/${items[0]!.seo_name}`);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const detail = answer.body as Record<string, unknown> & {
      variants: { code: string; price: number; price_without_vat: number; stock_state: string }[];
      stores: { id: string; stock_state: string }[];
      breadcrumbs: { seo_name: string }[];
      price: number;
      price_without_vat: number;
      vat_rate: number;
      warranty_options: { months: number; price: number }[];
      insurance_options: { price: number }[];
    };
    expect(detail).toMatchObject({ code: items[0]!.code, seo_name: items[0]!.seo_name, currency: 'CZK' });
    expect(detail.price_without_vat).toBe(Math.round(detail.price / (1 + detail.vat_rate / 100)));
    expect(detail.variants.map((variant) => variant.code)).toContain(items[0]!.code);
    expect(detail.breadcrumbs[0]!.seo_name).toBe('mobilni-telefony');
    expect(detail.stores.map((store) => store.id)).toEqual(expect.arrayContaining(['cz-praha', 'cz-brno', 'cz-ostrava']));
    expect(detail.stores.map((store) => store.id)).not.toContain('cz-central');
    for (const option of detail.warranty_options) expect([12, 36]).toContain(option.months);
    expect(answer.keys).toEqual(expect.arrayContaining(['catalog', `product-${items[0]!.code}`]));
    for (const variant of detail.variants) expect(answer.keys).toContain(`product-${variant.code}`);

    const missing = await get('/api/catalog/products/zadny-takovy-produkt');
    expect(missing.status).toBe(404);
    expect(missing.type).toContain('application/problem+json');
  });

  it('search forgives a typo and missing accents; finds categories too', async () => {
    const typo = await get('/api/search?term=samsung%20galxy');
    expect(typo.status).toBe(200);
    const products = (typo.body.result as { products: Item[] }).products;
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((product) => /galaxy/i.test(product.short_name))).toBe(true);
    expect(typo.keys).toEqual(expect.arrayContaining(['catalog', 'search']));

    // A demo product whose name carries accents, asked for without them.
    let accented: { item: Item; word: string } | undefined;
    for (let page = 1; !accented; page++) {
      const { items } = await list(`page_size=96&sort=price_asc&page=${page}`);
      if (items.length === 0) break;
      accented = items
        .flatMap((item) => item.long_name.split(/[\s,()–-]+/).map((word) => ({ item, word })))
        .find(({ word }) => fold(word) !== word.toLowerCase() && word.length >= 4);
    }
    expect(accented, 'the demo catalogue has a product name with accents').toBeDefined();
    const plain = fold(accented!.word);
    const found = await get(`/api/search?term=${encodeURIComponent(plain)}&limit=50`);
    expect(found.status).toBe(200);
    const hits = (found.body.result as { products: (Item & { long_name: string })[] }).products;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((p) => fold(p.long_name).includes(plain))).toBe(true);

    const categories = await get('/api/search?term=mobilni');
    expect((categories.body.result as { categories: { id: string }[] }).categories.map((c) => c.id)).toContain('phones');
  });

  it('a term under 2 characters is refused with the spec’s message, in Czech and Romanian', async () => {
    const cs = await get('/api/search?term=a', 'cs');
    expect(cs.status).toBe(400);
    expect(cs.type).toContain('application/problem+json');
    expect(cs.body).toMatchObject({ code: 'catalogue.shop.search_too_short', errors: { term: [expect.any(String)] } });
    expect(String(cs.body.title)).toContain('2');
    const ro = await get('/api/search?term=%20b%20', 'ro');
    expect(ro.status).toBe(400);
    expect(ro.body.title).not.toBe(cs.body.title);
  });

  it('a term longer than 100 characters is refused with a message naming the limit, in Czech, Romanian and English', async () => {
    const term = encodeURIComponent('galaxy '.repeat(15));
    const messages: string[] = [];
    for (const language of ['cs', 'ro', 'en']) {
      const answer = await get(`/api/search?term=${term}`, language);
      expect(answer.status).toBe(400);
      expect(answer.type).toContain('application/problem+json');
      expect(answer.body).toMatchObject({
        code: 'catalogue.shop.search_too_long',
        errors: { term: ['catalogue.shop.search_too_long'] },
      });
      expect(String(answer.body.title)).toContain('100');
      expect((answer.body.messages as Record<string, string[]>).term![0]).toContain('100');
      messages.push(String(answer.body.title));
    }
    expect(new Set(messages).size).toBe(3);
    // The listing's q: one field error among the request's, its message naming the limit too.
    const listing = await get(`/api/catalog/products?q=${term}&page=0`, 'ro');
    expect(listing.status).toBe(400);
    expect(listing.body.errors).toMatchObject({ q: ['catalogue.shop.search_too_long'], page: ['validation.invalid_value'] });
    expect((listing.body.messages as Record<string, string[]>).q![0]).toContain('100');
    // Characters are code points: 100 emoji (200 UTF-16 units) are within the limit, spaces at the ends are not counted.
    const emoji = encodeURIComponent(`  ${'📱'.repeat(100)}  `);
    expect((await get(`/api/search?term=${emoji}`)).status).toBe(200);
    expect((await get(`/api/catalog/products?q=${emoji}`)).status).toBe(200);
    expect((await get(`/api/search?term=${encodeURIComponent('📱'.repeat(101))}`)).status).toBe(400);
  });

  it('the API reference documents the term’s limits', async () => {
    const spec = (await get('/api/openapi.json')).body as {
      paths: Record<string, { get: { parameters: { name: string; schema: { maxLength?: number } }[] } }>;
    };
    const term = spec.paths['/api/search']!.get.parameters.find((parameter) => parameter.name === 'term');
    expect(term?.schema.maxLength).toBe(100);
    const q = spec.paths['/api/catalog/products']!.get.parameters.find((parameter) => parameter.name === 'q');
    expect(q?.schema.maxLength).toBe(100);
  });

  it('malformed queries answer 400 problem+json naming the parameter, never a 500', async () => {
    const long = 'x'.repeat(5000);
    const cases: [string, string][] = [
      ['/api/catalog/products?sort=cheapest', 'sort'],
      ['/api/catalog/products?page=0', 'page'],
      ['/api/catalog/products?page=-1', 'page'],
      ['/api/catalog/products?page=abc', 'page'],
      ['/api/catalog/products?page_size=10000', 'page_size'],
      ['/api/catalog/products?price_from=5000&price_to=100', 'price_from'],
      [`/api/catalog/products?q=${long}`, 'q'],
      ['/api/catalog/products?colour_of_the_day=red', 'colour_of_the_day'],
      [`/api/search?term=${long}`, 'term'],
      ['/api/search?term=iphone&limit=0', 'limit'],
      ['/api/search?term=iphone&page=2', 'page'],
      ['/api/search', 'term'],
    ];
    for (const [path, field] of cases) {
      const answer = await get(path);
      expect(answer.status, path.slice(0, 80)).toBe(400);
      expect(answer.type).toContain('application/problem+json');
      expect(Object.keys(answer.body.errors as object), path.slice(0, 80)).toContain(field);
    }
  });

  it('the stores: the market’s stores without the warehouse, and a product’s stock in one', async () => {
    const answer = await get('/api/catalog/stores');
    expect(answer.status).toBe(200);
    const stores = answer.body.stores as { id: string; city: string; kind: string; opening_hours: Record<string, unknown> }[];
    expect(stores.map((store) => store.id).sort()).toEqual(['cz-brno', 'cz-ostrava', 'cz-praha']);
    expect(stores.every((store) => store.kind === 'store' && store.opening_hours.mon !== undefined)).toBe(true);
    expect(answer.keys).toEqual(expect.arrayContaining(['catalog', 'stores', 'store-cz-praha']));

    const { items } = await list('category=phones');
    const stock = await get(`/api/catalog/stores/cz-praha/stock?product=${items[0]!.code}`);
    expect(stock.status).toBe(200);
    expect(stock.body).toMatchObject({ store: 'cz-praha', product: items[0]!.code });
    expect((await get(`/api/catalog/stores/cz-central/stock?product=${items[0]!.code}`)).status).toBe(404);
  });

  it('a price change shows in the listing and the detail once the command has answered', async () => {
    const { items } = await list('category=phones&sort=price_asc');
    const target = items[0]!;
    const lower = Math.max(1, target.price - 1);
    const set = await manager.request('PUT', `/api/admin/prices/${target.code}`, { body: { price: lower } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const after = await list('category=phones&sort=price_asc');
    expect(after.items.find((item) => item.code === target.code)?.price).toBe(lower);
    const detail = await get(`/api/catalog/products/${target.seo_name}`);
    expect(detail.body.price).toBe(lower);
  });
});
