import { describe, expect, it } from 'vitest';
import type { Document, Page, Query } from '@buyloop/document-store';
import type { ModuleContext, ProjectorChange } from '@buyloop/projector';
import { project, recorded } from '@buyloop/projector/spec';
import type { MasterDocument } from '../products/masters-projection';
import { ShopCatalogue } from './shop-catalogue';
import { SHOP_PRODUCTS_PROJECTION, shopProductsProjection } from './shop-products-projection';
import { ShopSync } from './sync';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const CODE = 'PX9';

const productEvents = (price: number) => [
  recorded(
    'CatalogueProductCreated',
    {
      code: CODE,
      masterProductId: 'pixel-9',
      ean: null,
      colour: 'Obsidian',
      capacity: '128 GB',
      quality: 'new',
      grade: null,
      longName: 'Google Pixel 9 128 GB',
      shortName: 'Pixel 9',
      vatRate: 21,
      preOrder: false,
      electronicLicence: false,
      externalStock: false,
      legalWarrantyMonths: 24,
      kind: 'device',
      extensionMonths: null,
      at: '2026-11-01T00:00:00.000Z',
    },
    `product-${CODE}`,
  ),
  recorded(
    'PriceSet',
    { code: CODE, market: 'cz', currency: 'CZK', price, validFrom: '2026-11-01T00:00:00.000Z', at: '2026-11-01T00:00:00.000Z' },
    `price-${CODE}-cz`,
  ),
];

const master = {
  id: 'pixel-9',
  name: 'Google Pixel 9',
  seo_name: 'google-pixel-9',
  manufacturer_id: 'google',
  params: [],
  photo_ids: [],
  variant_codes: [CODE],
} as unknown as MasterDocument;

/** The document store and the projector's change stream as the shop reads them, in memory. */
function fakeContext() {
  const collections = new Map<string, Map<string, Document>>();
  const listeners: ((change: ProjectorChange) => void)[] = [];
  const collection = (name: string) => {
    let found = collections.get(name);
    if (!found) collections.set(name, (found = new Map()));
    return found;
  };
  const context = {
    market: 'cz',
    logger: { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined },
    collection: async (name: string) => name,
    documents: {
      async find(name: string, query: Query = {}): Promise<Page> {
        const all = [...collection(name)].map(([id, document]) => ({ id, document }));
        const offset = query.offset ?? 0;
        return { items: all.slice(offset, offset + (query.limit ?? 100)), total: all.length };
      },
      async getMany(name: string, ids: readonly string[]) {
        return new Map(ids.flatMap((id) => (collection(name).has(id) ? [[id, collection(name).get(id)!]] : [])));
      },
      async get(name: string, id: string) {
        return collection(name).get(id) ?? null;
      },
    },
    changes: {
      subscribe(observer: { next: (change: ProjectorChange) => void }) {
        listeners.push(observer.next);
        return { unsubscribe: () => listeners.splice(listeners.indexOf(observer.next), 1) };
      },
    },
  } as unknown as ConstructorParameters<typeof ShopSync>[0] & Pick<ModuleContext, 'market'>;
  const announce = (change: ProjectorChange) => {
    for (const listener of [...listeners]) listener(change);
  };
  return { context, collection, announce };
}

describe('the shop’s sync with the projector', () => {
  it('loads what is there, takes in the documents a batch wrote, and reloads everything when a projection reloads', async () => {
    const { context, collection, announce } = fakeContext();
    collection('catalogue_masters').set(master.id, master);
    collection(SHOP_PRODUCTS_PROJECTION).set(CODE, project(shopProductsProjection, productEvents(15990)).get(CODE)!);
    const catalogue = new ShopCatalogue('cz', 'cs', () => NOW);
    const sync = new ShopSync(context, catalogue);
    await sync.start();
    expect(catalogue.entry(CODE)?.price).toBe(15990);

    // A batch wrote the product's document: the shop reads it (and only it) and shows the new price.
    collection(SHOP_PRODUCTS_PROJECTION).set(CODE, project(shopProductsProjection, productEvents(14990)).get(CODE)!);
    announce({
      kind: 'documents',
      projection: SHOP_PRODUCTS_PROJECTION,
      collection: SHOP_PRODUCTS_PROJECTION,
      checkpoint: '1/2',
      position: '2',
      written: [CODE],
      deleted: [],
    } as unknown as ProjectorChange);
    await sync.settled();
    expect(catalogue.entry(CODE)?.price).toBe(14990);

    // A projection rebuilt: what the shop holds is read again whole (here: the master is gone, so the product is not on sale).
    collection('catalogue_masters').delete(master.id);
    announce({
      kind: 'reload',
      projection: 'catalogue_masters',
      collection: 'catalogue_masters',
      reason: 'rebuilt',
      checkpoint: null,
      position: '3',
    } as unknown as ProjectorChange);
    await sync.settled();
    expect(catalogue.entry(CODE)?.onSale).toBe(false);

    // Changes of projections the shop does not join are not its business.
    collection(SHOP_PRODUCTS_PROJECTION).delete(CODE);
    announce({
      kind: 'documents',
      projection: 'catalogue_prices',
      collection: 'catalogue_prices',
      checkpoint: '1/4',
      position: '4',
      written: [CODE],
      deleted: [],
    } as unknown as ProjectorChange);
    await sync.settled();
    expect(catalogue.entry(CODE)).toBeDefined();
    await sync.stop();
  });
});
