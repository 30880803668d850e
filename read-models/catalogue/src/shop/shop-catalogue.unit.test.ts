import MiniSearch from 'minisearch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoLocations } from '@buyloop/catalogue';
import { SEARCH_MAX_WORDS } from '@buyloop/contracts/catalogue/shop';
import { project, recorded } from '@buyloop/projector/spec';
import type { CategoryTreeDocument } from '../categories/category-tree-projection';
import type { MasterDocument } from '../products/masters-projection';
import type { ReferenceDocument } from '../products/reference-projection';
import { searchWordRules, searchWordsOf, ShopCatalogue } from './shop-catalogue';
import { shopProductsProjection } from './shop-products-projection';
import { defaultFilter, ShopQueries } from './shop-queries';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const hours = (n: number) => new Date(NOW.getTime() + n * 3_600_000).toISOString();

interface Spec {
  readonly code: string;
  readonly master: string;
  readonly name: string;
  readonly colour: string;
  readonly price: number;
  readonly kind?: string;
  readonly warehouse?: number;
}

const specs: readonly Spec[] = [
  { code: 'GS24-BLK', master: 'galaxy-s24', name: 'Samsung Galaxy S24 Černá', colour: 'Černá', price: 19990, warehouse: 5 },
  { code: 'GS24-WHT', master: 'galaxy-s24', name: 'Samsung Galaxy S24 Bílá', colour: 'Bílá', price: 20990 },
  { code: 'IP15-BLK', master: 'iphone-15', name: 'Apple iPhone 15 Černá', colour: 'Černá', price: 22990, warehouse: 2 },
  {
    code: 'CHG-25W',
    master: 'charger',
    name: 'Nabíječka USB-C 25 W',
    colour: 'Bílá',
    price: 490,
    kind: 'accessory',
    warehouse: 9,
  },
  { code: 'INS-1Y', master: 'insurance', name: 'Pojištění na 1 rok', colour: '', price: 990, kind: 'insurance' },
];

const eventsOf = (spec: Spec) => [
  recorded(
    'CatalogueProductCreated',
    {
      code: spec.code,
      masterProductId: spec.master,
      ean: null,
      colour: spec.colour || null,
      capacity: spec.kind ? null : '128 GB',
      quality: 'new',
      grade: null,
      longName: spec.name,
      shortName: spec.name,
      vatRate: 21,
      preOrder: false,
      electronicLicence: false,
      externalStock: false,
      legalWarrantyMonths: 24,
      kind: spec.kind ?? 'device',
      extensionMonths: null,
      at: hours(-100),
    },
    `product-${spec.code}`,
  ),
  recorded(
    'PriceSet',
    { code: spec.code, market: 'cz', currency: 'CZK', price: spec.price, validFrom: hours(-100), at: hours(-100) },
    `price-${spec.code}-cz`,
  ),
  ...(spec.warehouse
    ? [
        recorded(
          'StockReceived',
          { code: spec.code, location: 'cz-central', receiptId: null, quantity: spec.warehouse, reference: null, at: hours(-99) },
          `stock-${spec.code}-cz-central`,
        ),
      ]
    : []),
];

const masterOf = (id: string, name: string, manufacturer: string, codes: string[]): MasterDocument =>
  ({
    id,
    name,
    seo_name: id,
    manufacturer_id: manufacturer,
    type_device_id: 'phone',
    description: '',
    params: [],
    photo_ids: [`${id}-photo-1`, `${id}-photo-2`],
    package: null,
    seo_title: null,
    seo_description: null,
    meta_master_id: null,
    variant_codes: codes,
    active_variant_codes: codes,
    variant_count: codes.length,
    active_variant_count: codes.length,
    created_at: hours(-100),
    updated_at: hours(-100),
    stream_version: 1,
  }) as unknown as MasterDocument;

const node = (id: string, parent: string | null, name: string, children: string[], products: string[]) => ({
  id,
  name,
  parent,
  seo_name: id,
  for_display: true,
  for_buyout: false,
  for_service: false,
  filterable: true,
  manufacturers: [],
  photo_id: null,
  type_device: null,
  seo_title: null,
  seo_description: null,
  child_ids: children,
  product_ids: products,
});

const tree: CategoryTreeDocument = {
  market: 'cz',
  version: 1,
  root_ids: ['mobilni-telefony', 'prislusenstvi'],
  categories: {
    'mobilni-telefony': node('mobilni-telefony', null, 'Mobilní telefony', ['samsung'], ['iphone-15']),
    samsung: node('samsung', 'mobilni-telefony', 'Samsung Galaxy', [], ['galaxy-s24']),
    prislusenstvi: node('prislusenstvi', null, 'Příslušenství', [], ['charger']),
  },
};

const reference = (id: string, name: string): [string, ReferenceDocument] => [
  `manufacturer:${id}`,
  { kind: 'manufacturer', id, name, created_at: '', updated_at: '', stream_version: 1 },
];

function opened(clock = () => NOW) {
  const catalogue = new ShopCatalogue('cz', 'cs', clock);
  catalogue.load({
    products: project(shopProductsProjection, specs.flatMap(eventsOf)),
    masters: new Map([
      ['galaxy-s24', masterOf('galaxy-s24', 'Samsung Galaxy S24', 'samsung', ['GS24-BLK', 'GS24-WHT'])],
      ['iphone-15', masterOf('iphone-15', 'Apple iPhone 15', 'apple', ['IP15-BLK'])],
      ['charger', masterOf('charger', 'Nabíječka USB-C', 'apple', ['CHG-25W'])],
      ['insurance', masterOf('insurance', 'Pojištění', 'buyloop', ['INS-1Y'])],
    ]),
    tree,
    references: new Map([reference('samsung', 'Samsung'), reference('apple', 'Apple')]),
    locations: demoLocations('cz'),
  });
  return { catalogue, queries: new ShopQueries(catalogue, 'cs') };
}

describe('the shop catalogue in memory', () => {
  it('lists devices and accessories on sale, never insurance; a category holds its subcategories’ products', () => {
    const { queries } = opened();
    expect(
      queries
        .products(defaultFilter())
        .items.map((item) => item.code)
        .sort(),
    ).toEqual(['CHG-25W', 'GS24-BLK', 'GS24-WHT', 'IP15-BLK']);
    const tree = queries.categories().categories;
    expect(tree.map((c) => [c.id, c.product_count])).toEqual([
      ['mobilni-telefony', 3],
      ['prislusenstvi', 1],
    ]);
    expect(tree[0]!.children.map((c) => [c.id, c.product_count])).toEqual([['samsung', 2]]);
  });

  it('a facet counts what the other filters leave, its own filter aside', () => {
    const { catalogue, queries } = opened();
    const phones = catalogue.category('mobilni-telefony')!;
    const list = queries.products({ ...defaultFilter(), category: phones, manufacturer: ['samsung'] });
    expect(list.total).toBe(2);
    expect(list.facets.manufacturer).toEqual([
      { value: 'apple', label: 'Apple', count: 1 },
      { value: 'samsung', label: 'Samsung', count: 2 },
    ]);
    // The colour facet counts within Samsung only.
    expect(list.facets.colour).toEqual([
      { value: 'bila', label: 'Bílá', count: 1 },
      { value: 'cerna', label: 'Černá', count: 1 },
    ]);
    const black = queries.products({ ...defaultFilter(), category: phones, colour: ['cerna'], sort: 'price_desc' });
    expect(black.items.map((item) => item.code)).toEqual(['IP15-BLK', 'GS24-BLK']);
    expect(black.facets.price).toEqual({ min: 19990, max: 22990 });
  });

  it('search folds accents and forgives a typo; categories are found as well', () => {
    const { queries } = opened();
    // One suggestion per model: its colours would otherwise fill the list.
    expect(queries.search('samsung galxy').result.products.map((p) => p.master_seo_name)).toEqual(['galaxy-s24']);
    // The listing's q keeps every variant.
    expect(queries.products({ ...defaultFilter(), q: 'samsung galxy' }).total).toBe(2);
    expect(queries.search('NABIJECKA').result.products.map((p) => p.code)).toEqual(['CHG-25W']);
    // Insurance is offered beside a device, never found on its own.
    expect(queries.search('pojisteni').result.products).toEqual([]);
    expect(queries.search('prislusenstvi').result.categories.map((c) => c.id)).toEqual(['prislusenstvi']);
    // A category's name finds its products (and its subcategories'), whose own names do not say it.
    expect(queries.search('prislusenstvi').result.products.map((p) => p.code)).toEqual(['CHG-25W']);
    expect(
      queries
        .search('telefony')
        .result.products.map((p) => p.master_seo_name)
        .sort(),
    ).toEqual(['galaxy-s24', 'iphone-15']);
  });

  it('takes in a changed document: a new price is listed and a discontinued product leaves listing and search', () => {
    const { catalogue, queries } = opened();
    const moreEvents = [
      ...eventsOf(specs[0]!),
      recorded(
        'PriceSet',
        { code: 'GS24-BLK', market: 'cz', currency: 'CZK', price: 17990, validFrom: hours(-1), at: hours(-1) },
        'price-GS24-BLK-cz',
      ),
    ];
    catalogue.apply({ products: new Map([['GS24-BLK', project(shopProductsProjection, moreEvents).get('GS24-BLK')!]]) });
    expect(queries.products(defaultFilter()).items.find((item) => item.code === 'GS24-BLK')?.price).toBe(17990);

    const discontinued = recorded(
      'CatalogueProductDiscontinued',
      { code: 'GS24-WHT', masterProductId: 'galaxy-s24', reason: null, at: hours(0) },
      'product-GS24-WHT',
    );
    const gone = project(shopProductsProjection, [...eventsOf(specs[1]!), discontinued]).get('GS24-WHT')!;
    catalogue.apply({ products: new Map([['GS24-WHT', gone]]) });
    expect(queries.products(defaultFilter()).items.map((item) => item.code)).not.toContain('GS24-WHT');
    expect(queries.search('galaxy').result.products.map((p) => p.code)).toEqual(['GS24-BLK']);
  });

  it('an offer’s end changes the listed price when its moment comes, without an event', () => {
    let now = NOW;
    const { catalogue, queries } = opened(() => now);
    const offer = recorded(
      'OfferScheduled',
      {
        code: 'IP15-BLK',
        market: 'cz',
        currency: 'CZK',
        offerId: 'weekend',
        price: 20990,
        validFrom: hours(-1),
        validTo: hours(2),
        at: hours(-1),
      },
      'price-IP15-BLK-cz',
    );
    catalogue.apply({
      products: new Map([['IP15-BLK', project(shopProductsProjection, [...eventsOf(specs[2]!), offer]).get('IP15-BLK')!]]),
    });
    const reduced = queries.products(defaultFilter()).items.find((item) => item.code === 'IP15-BLK')!;
    expect(reduced).toMatchObject({ price: 20990, original_price: 22990, lowest_price_30d: 22990 });
    now = new Date(hours(3));
    const after = queries.products(defaultFilter()).items.find((item) => item.code === 'IP15-BLK')!;
    expect(after).toMatchObject({ price: 22990, original_price: null, lowest_price_30d: null });
  });

  it('seo names read like the product and stay apart; the detail finds a product by either (its code too)', () => {
    const { catalogue, queries } = opened();
    expect(catalogue.seoNameOf('GS24-BLK')).toBe('galaxy-s24-128-gb-cerna');
    const detail = queries.detail('galaxy-s24-128-gb-cerna', new Map())!.detail;
    expect(detail.code).toBe('GS24-BLK');
    expect(detail.variants.map((v) => v.code)).toEqual(['GS24-BLK', 'GS24-WHT']);
    expect(detail.breadcrumbs.map((b) => b.seo_name)).toEqual(['mobilni-telefony', 'samsung']);
    expect(queries.detail('chg-25w', new Map())?.detail.code).toBe('CHG-25W');
    // Insurance is offered on a device's page, it has none of its own.
    expect(queries.detail('ins-1y', new Map())).toBeNull();
    expect(queries.detail('nothing-like-it', new Map())).toBeNull();
  });
});

describe('the search’s work is bounded by the words a person types', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a term is searched by its distinct folded words, the first six of them', () => {
    expect(SEARCH_MAX_WORDS).toBe(6);
    expect(searchWordsOf('Získat ZISKAT, ziskat získat')).toEqual(['ziskat']);
    expect(searchWordsOf(Array(66).fill('sa').join(' '))).toEqual(['sa']);
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(searchWordsOf(many)).toEqual(['word0', 'word1', 'word2', 'word3', 'word4', 'word5']);
    // Repeats do not use up the six: the seventh distinct word is still left out, the sixth is in.
    expect(searchWordsOf('a a b b c c d d e e f f g g')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(searchWordsOf(' ,;- ')).toEqual([]);
  });

  it('typos are forgiven from four letters on; a prefix is looked up for the last word and for words of three letters or more', () => {
    const words = ['s', 'ga', 'sam', 'galxy'];
    expect(words.map((word) => searchWordRules.fuzzy(word))).toEqual([false, false, false, 0.2]);
    expect(words.map((word, index) => searchWordRules.prefix(word, index, words))).toEqual([false, false, true, true]);
    // A short word is still completed while it is the one being typed.
    expect(searchWordRules.prefix('ga', 1, ['samsung', 'ga'])).toBe(true);
  });

  it('a hostile term reaches the index once, as at most six distinct words, with no retry', () => {
    const { catalogue } = opened();
    const search = vi.spyOn(MiniSearch.prototype, 'search');
    const hostile = `${Array(30).fill('sa').join(' ')} Samsung SAMSUNG galxy cerna bila modra zelena seda`;
    expect(catalogue.searchProducts(hostile)).toEqual([]);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]![0]).toBe('sa samsung galxy cerna bila modra');
  });

  it('a short term that no product matches with all its words is asked again with any of them; a long one is not', () => {
    const { catalogue, queries } = opened();
    const search = vi.spyOn(MiniSearch.prototype, 'search');
    // No product is both a Galaxy and a charger: the retry finds either.
    expect(catalogue.searchProducts('galaxy nabijecka')).toEqual(expect.arrayContaining(['GS24-BLK', 'CHG-25W']));
    expect(search).toHaveBeenCalledTimes(2);
    search.mockClear();
    expect(catalogue.searchProducts('galaxy nabijecka apple iphone cerna')).toEqual([]);
    expect(search).toHaveBeenCalledTimes(1);
    // The typo and accent forgiveness of a few words is untouched.
    expect(queries.search('samsung galxy').result.products.map((p) => p.master_seo_name)).toEqual(['galaxy-s24']);
    expect(queries.search('sams gal').result.products.map((p) => p.master_seo_name)).toEqual(['galaxy-s24']);
  });

  it('a word most products hold is required of what the rarer words find, not asked of the index', () => {
    // 220 black Samsung models and one iPhone: "samsung" and "cerna" are common (at least 200 products, 5 %).
    const many: Spec[] = Array.from({ length: 220 }, (_, i) => ({
      code: `SM-${i}`,
      master: `model-${i}`,
      name: `Samsung Model${i} Černá`,
      colour: 'Černá',
      price: 1000 + i,
    }));
    const all = [...many, specs[2]!];
    const catalogue = new ShopCatalogue('cz', 'cs', () => NOW);
    catalogue.load({
      products: project(shopProductsProjection, all.flatMap(eventsOf)),
      masters: new Map(
        all.map((spec) => [
          spec.master,
          masterOf(spec.master, spec.name, spec.code.startsWith('SM') ? 'samsung' : 'apple', [spec.code]),
        ]),
      ),
      tree,
      references: new Map([reference('samsung', 'Samsung'), reference('apple', 'Apple')]),
      locations: demoLocations('cz'),
    });
    const search = vi.spyOn(MiniSearch.prototype, 'search');
    // model7 keeps its prefix and typo rules (model70…, model17…), the exact match first.
    const found = catalogue.searchProducts('Samsung model7 černá');
    expect(found[0]).toBe('SM-7');
    expect(found).toEqual(expect.arrayContaining(['SM-70', 'SM-17']));
    expect(search.mock.calls.map((call) => call[0])).toEqual(['model7']);
    search.mockClear();
    expect(catalogue.searchProducts('cerna iphone')).toEqual(['IP15-BLK']);
    expect(search.mock.calls.map((call) => call[0])).toEqual(['iphone']);
    // The iPhone is no Samsung: no product holds both words, and the retry asks the rarer word alone.
    search.mockClear();
    expect(catalogue.searchProducts('samsung iphone')).toEqual(['IP15-BLK']);
    expect(search.mock.calls.map((call) => call[0])).toEqual(['iphone', 'iphone']);
    // Common words alone: the rarest is asked (samsung, 220 products against cerna's 221), the other required.
    search.mockClear();
    expect(catalogue.searchProducts('cerna samsung')).toHaveLength(220);
    expect(search.mock.calls.map((call) => call[0])).toEqual(['samsung']);
  });
});
