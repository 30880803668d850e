import { describe, expect, it } from 'vitest';
import {
  appliedPrice,
  availablePieces,
  catalogueOffers,
  categoriesOf,
  CATEGORY_TREE_COLLECTION,
  SHOP_LOCATIONS_COLLECTION,
  SHOP_PRODUCTS_COLLECTION,
} from './catalogue-offers';

const at = new Date('2026-11-24T10:00:00.000Z');

describe('the catalogue’s price and stock as the cart reads them', () => {
  it('takes the regular price with the latest start, and a running offer below it', () => {
    const schedule = {
      prices: [
        { price: 1_000, validFrom: '2026-01-01T00:00:00.000Z' },
        { price: 900, validFrom: '2026-11-01T00:00:00.000Z' },
        { price: 800, validFrom: '2026-12-01T00:00:00.000Z' },
      ],
      offers: [
        { price: 850, validFrom: '2026-11-20T00:00:00.000Z', validTo: '2026-11-25T00:00:00.000Z' },
        { price: 950, validFrom: '2026-11-20T00:00:00.000Z', validTo: '2026-11-25T00:00:00.000Z' },
        { price: 100, validFrom: '2026-11-25T00:00:00.000Z', validTo: '2026-11-26T00:00:00.000Z' },
      ],
    };
    expect(appliedPrice(schedule, at)).toBe(850);
    expect(appliedPrice({ ...schedule, offers: [] }, at)).toBe(900);
    expect(appliedPrice({ prices: [{ price: 1, validFrom: '2027-01-01T00:00:00.000Z' }], offers: [] }, at)).toBe(null);
  });

  it('counts what is on hand at the market’s locations less reservations that have not expired', () => {
    const stock = {
      locations: {
        warehouse: {
          on_hand: 10,
          held: {
            r1: { quantity: 3, expires_at: '2026-11-24T11:00:00.000Z' },
            r2: { quantity: 5, expires_at: '2026-11-24T09:00:00.000Z' },
          },
        },
        store: { on_hand: 1, held: { r3: { quantity: 4, expires_at: '2026-11-24T11:00:00.000Z' } } },
        elsewhere: { on_hand: 50, held: {} },
      },
    };
    expect(availablePieces(stock, ['warehouse', 'store'], at)).toBe(7);
    expect(availablePieces(null, ['warehouse'], at)).toBe(0);
  });

  it('sells an insurance or a warranty extension without counting stock, and a device by its pieces on hand', async () => {
    const product = (code: string, kind: string) => ({
      code,
      product: {
        code,
        master_product_id: `master-${code}`,
        long_name: code,
        kind,
        vat_rate: 21,
        status: 'active',
        pre_order: false,
        external_stock: false,
        extension_months: kind === 'warranty_extension' ? 12 : null,
        relations: { insurance: [], warranty_extensions: [] },
      },
      // None of them is on a shelf: a service never is, and this device is sold out.
      stock: { locations: { warehouse: { on_hand: 0, held: {} } } },
      prices: { cz: { schedule: { prices: [{ price: 990, validFrom: '2026-01-01T00:00:00.000Z' }], offers: [] } } },
    });
    const documents = new Map<string, unknown>([
      [`${SHOP_PRODUCTS_COLLECTION}/INS`, product('INS', 'insurance')],
      [`${SHOP_PRODUCTS_COLLECTION}/EXT`, product('EXT', 'warranty_extension')],
      [`${SHOP_PRODUCTS_COLLECTION}/PHONE`, product('PHONE', 'device')],
      [`${SHOP_LOCATIONS_COLLECTION}/cz`, { locations: { warehouse: { id: 'warehouse' } } }],
    ]);
    const offers = catalogueOffers({
      documents: {
        // The store's generic get: these documents are the read model's own shape, as the catalogue wrote them.
        get: async <D>(collection: string, id: string) => (documents.get(`${collection}/${id}`) ?? null) as D | null,
      },
      collection: async (projection) => projection,
      market: 'cz',
      clock: () => at,
    });
    expect((await offers.offer('INS'))?.available).toBeNull();
    expect((await offers.offer('EXT'))?.available).toBeNull();
    expect((await offers.offer('PHONE'))?.available).toBe(0);
  });

  it('files a product under its master’s categories and every one above them, none when the tree is not there', async () => {
    const node = (id: string, parent: string | null, product_ids: string[] = []) => ({ id, parent, product_ids });
    const tree = {
      market: 'cz',
      categories: {
        phones: node('phones', null),
        apple: node('apple', 'phones', ['master-IPHONE']),
        sale: node('sale', null, ['master-IPHONE', 'master-CASE']),
        cases: node('cases', null, ['master-CASE']),
      },
    };
    expect(categoriesOf(tree, 'master-IPHONE').sort()).toEqual(['apple', 'phones', 'sale']);
    expect(categoriesOf(tree, 'master-OTHER')).toEqual([]);
    // A parent the tree does not hold (a half-written tree) ends the climb.
    expect(categoriesOf({ categories: { lost: node('lost', 'gone', ['m']) } }, 'm')).toEqual(['lost']);

    const product = {
      code: 'IPHONE',
      product: {
        code: 'IPHONE',
        master_product_id: 'master-IPHONE',
        long_name: 'iPhone',
        kind: 'device',
        vat_rate: 21,
        status: 'active',
        pre_order: false,
        external_stock: false,
        extension_months: null,
        relations: { insurance: [], warranty_extensions: [] },
      },
      stock: null,
      prices: {},
    };
    const reader = (documents: Map<string, unknown>) =>
      catalogueOffers({
        documents: {
          get: async <D>(collection: string, id: string) => (documents.get(`${collection}/${id}`) ?? null) as D | null,
        },
        collection: async (projection) => projection,
        market: 'cz',
        clock: () => at,
      });
    const withTree = reader(
      new Map<string, unknown>([
        [`${SHOP_PRODUCTS_COLLECTION}/IPHONE`, product],
        [`${CATEGORY_TREE_COLLECTION}/cz`, tree],
      ]),
    );
    expect([...((await withTree.offer('IPHONE'))?.categories ?? [])].sort()).toEqual(['apple', 'phones', 'sale']);
    const withoutTree = reader(new Map<string, unknown>([[`${SHOP_PRODUCTS_COLLECTION}/IPHONE`, product]]));
    expect((await withoutTree.offer('IPHONE'))?.categories).toEqual([]);
  });
});
