import { describe, expect, it } from 'vitest';
import { demoLocations } from '@buyloop/catalogue';
import { project, recorded } from '@buyloop/projector/spec';
import type { MasterDocument } from '../products/masters-projection';
import { entryOf, type EntryContext } from './entries';
import { shopLocationsProjection, shopProductsProjection } from './shop-products-projection';

const day = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 86_400_000).toISOString();
const CODE = 'GS24-256-BLK';
const created = recorded(
  'CatalogueProductCreated',
  {
    code: CODE,
    masterProductId: 'galaxy-s24',
    ean: null,
    colour: 'Černá',
    capacity: '256 GB',
    quality: 'used',
    grade: 'A+',
    longName: 'Samsung Galaxy S24 256 GB Černá',
    shortName: 'Galaxy S24 256 GB',
    vatRate: 21,
    preOrder: false,
    electronicLicence: false,
    externalStock: false,
    legalWarrantyMonths: 12,
    kind: 'device',
    extensionMonths: null,
    at: day(0),
  },
  `product-${CODE}`,
);
const price = (type: string, data: Record<string, unknown>, market = 'cz') =>
  recorded(type, { code: CODE, ...data }, `price-${CODE}-${market}`);
const stock = (type: string, location: string, data: Record<string, unknown>) =>
  recorded(type, { code: CODE, location, ...data }, `stock-${CODE}-${location}`);

const history = [
  // A price may come before the product's own event: the document starts from either.
  price('PriceSet', { market: 'cz', currency: 'CZK', price: 20000, validFrom: day(0), at: day(0) }),
  created,
  price('PriceSet', { market: 'ro', currency: 'RON', price: 4000, validFrom: day(0), at: day(0) }, 'ro'),
  price('OfferScheduled', {
    market: 'cz',
    currency: 'CZK',
    offerId: 'black-friday',
    price: 17990,
    validFrom: day(40),
    validTo: day(45),
    at: day(1),
  }),
  stock('StockReceived', 'cz-central', { receiptId: null, quantity: 2, reference: null, at: day(1) }),
  stock('StockReceived', 'cz-brno', { receiptId: null, quantity: 1, reference: null, at: day(1) }),
  stock('StockReserved', 'cz-central', { reservationId: 'cart-1', quantity: 2, expiresAt: day(41), at: day(40) }),
  stock('StockSold', 'cz-central', { reservationId: 'cart-1', quantity: 2, at: day(40) }),
  recorded(
    'CatalogueProductRelationsSet',
    {
      code: CODE,
      masterProductId: 'galaxy-s24',
      accessories: ['CASE-1'],
      gifts: [],
      specialOffers: [],
      insurance: ['INS-1'],
      warrantyExtensions: ['WAR-12'],
      at: day(2),
    },
    `product-${CODE}`,
  ),
];

const master = {
  id: 'galaxy-s24',
  name: 'Samsung Galaxy S24',
  seo_name: 'samsung-galaxy-s24',
  manufacturer_id: 'samsung',
  type_device_id: 'phone',
  description: '<p>Phone</p>',
  params: [{ name: 'Displej', value: '6,2"', type: 'text' }],
  photo_ids: ['img-black'],
  package: null,
  seo_title: null,
  seo_description: null,
  meta_master_id: null,
  variant_codes: [CODE],
  active_variant_codes: [CODE],
  variant_count: 1,
  active_variant_count: 1,
  created_at: day(0),
  updated_at: day(0),
  stream_version: 1,
} as unknown as MasterDocument;

const context: EntryContext = {
  market: 'cz',
  language: 'cs',
  locations: demoLocations('cz'),
  masters: new Map([[master.id, master]]),
  manufacturerName: (id) => (id === 'samsung' ? 'Samsung' : id),
  coloursOf: () => ['Černá'],
};

describe('the shop products projection', () => {
  it('folds a product’s own, price and stock events into one document per code, with each market’s prices', () => {
    const documents = project(shopProductsProjection, history);
    expect([...documents.keys()]).toEqual([CODE]);
    const document = documents.get(CODE)!;
    expect(document.product).toMatchObject({ code: CODE, colour: 'Černá', quality: 'used', grade: 'A+', status: 'active' });
    expect(document.product?.relations).toEqual({
      accessories: ['CASE-1'],
      gifts: [],
      special_offers: [],
      insurance: ['INS-1'],
      warranty_extensions: ['WAR-12'],
    });
    expect(document.prices.cz?.schedule.prices.map((p) => p.price)).toEqual([20000]);
    expect(document.prices.cz?.schedule.offers.map((o) => o.offerId)).toEqual(['black-friday']);
    expect(document.prices.ro?.schedule.prices.map((p) => p.price)).toEqual([4000]);
    expect(document.stock?.locations['cz-central']?.on_hand).toBe(0);
    expect(document.stock?.locations['cz-brno']?.on_hand).toBe(1);
    expect(document.sold).toBe(2);
  });

  it('ignores events of other products’ streams and a discontinued product stops being on sale', () => {
    const stray = recorded('StockReceived', { code: 'OTHER', location: 'cz-brno', quantity: 5 }, `stock-${CODE}-cz-brno`);
    expect(project(shopProductsProjection, [created, stray]).get(CODE)?.stock?.locations).toEqual({});
    const discontinued = recorded(
      'CatalogueProductDiscontinued',
      { code: CODE, masterProductId: 'galaxy-s24', reason: null, at: day(3) },
      `product-${CODE}`,
    );
    const document = project(shopProductsProjection, [...history, discontinued]).get(CODE)!;
    const entry = entryOf(document, context, new Date(day(4)))!;
    expect(entry.onSale).toBe(false);
    expect(entry.listed).toBe(false);
  });

  it('an entry: the price now with VAT and without, Omnibus only while reduced, the stock state of the market’s locations', () => {
    const document = project(shopProductsProjection, history).get(CODE)!;
    const before = entryOf(document, context, new Date(day(10)))!;
    expect(before).toMatchObject({
      price: 20000,
      priceWithoutVat: 16529,
      originalPrice: null,
      lowestPrice30d: null,
      // The warehouse is empty (sold), Brno has one: pickup only.
      stockState: 'in_store_only',
      storeAvailable: { 'cz-praha': 0, 'cz-brno': 1, 'cz-ostrava': 0 },
      qualityKey: 'used-a-plus',
      qualityName: 'Použité – třída A+',
      imageId: 'img-black',
      listed: true,
      manufacturerName: 'Samsung',
    });
    // Until the offer starts the entry holds; then it is worked out again.
    expect(before.validUntil).toBe(new Date(day(40)).getTime());
    const during = entryOf(document, context, new Date(day(42)))!;
    expect(during).toMatchObject({ price: 17990, originalPrice: 20000, lowestPrice30d: 20000 });
    const ro = entryOf(document, { ...context, market: 'ro', locations: demoLocations('ro') }, new Date(day(42)))!;
    expect(ro).toMatchObject({ price: 4000, currency: 'RON', stockState: 'sold_out' });
  });
});

describe('the shop locations projection', () => {
  it('keeps each market’s locations in one document, a redefinition replacing the location', () => {
    const [warehouse, praha] = demoLocations('cz');
    const documents = project(shopLocationsProjection, [
      recorded('LocationDefined', { market: 'cz', location: warehouse, at: day(0) }, 'locations-cz'),
      recorded('LocationDefined', { market: 'cz', location: praha, at: day(0) }, 'locations-cz'),
      recorded('LocationUpdated', { market: 'cz', location: { ...praha!, name: 'Praha 1' }, at: day(1) }, 'locations-cz'),
      recorded('LocationDefined', { market: 'ro', location: demoLocations('ro')[0], at: day(0) }, 'locations-ro'),
    ]);
    expect(Object.keys(documents.get('cz')!.locations)).toEqual([warehouse!.id, praha!.id]);
    expect(documents.get('cz')!.locations[praha!.id]?.name).toBe('Praha 1');
    expect(Object.keys(documents.get('ro')!.locations)).toEqual(['ro-central']);
  });
});
