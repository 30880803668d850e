import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import {
  CategoryService,
  demoDataSet,
  demoLocations,
  MediaBlobStore,
  priceStream,
  PricingService,
  ProductsService,
  StockService,
  type DemoDataSet,
} from '@buyloop/catalogue';
import type { AppendOptions, NewEvent } from '@buyloop/kit';
import { demoPriceEvents, drawDemoPictures, loadCatalogueDemoData, modelsWithoutPictures } from './load-demo-data';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const clock = () => new Date(NOW);

interface Store {
  readonly events: PostgresEventStore;
  readonly documents: PostgresDocumentStore;
}

/**
 * A few models of the demo data set with everything they name (the
 * accessories and services of their relations): the same data, small enough
 * to load several times in one test.
 */
function smallDataSet(data: DemoDataSet, masterIds: readonly string[]): DemoDataSet {
  const chosen = new Set(masterIds);
  const seed = data.products.filter((p) => chosen.has(p.masterProductId)).map((p) => p.code);
  const related = data.relations
    .filter((r) => seed.includes(r.code))
    .flatMap((r) => [...r.accessories, ...r.gifts, ...r.specialOffers, ...r.insurance, ...r.warrantyExtensions]);
  const codes = new Set([...seed, ...related]);
  const products = data.products.filter((p) => codes.has(p.code));
  const masters = new Set(products.map((p) => p.masterProductId));
  return {
    ...data,
    masters: data.masters.filter((m) => masters.has(m.id)),
    products,
    images: data.images.filter((i) => masters.has(i.masterProductId)),
    relations: data.relations.filter((r) => seed.includes(r.code)),
    metaMasters: data.metaMasters
      .map((meta) => ({ ...meta, masterProductIds: meta.masterProductIds.filter((id) => masters.has(id)) }))
      .filter((meta) => meta.masterProductIds.length > 0),
    assignments: data.assignments
      .map((a) => ({ ...a, masterProductIds: a.masterProductIds.filter((id) => masters.has(id)) }))
      .filter((a) => a.masterProductIds.length > 0),
    prices: data.prices.filter((p) => codes.has(p.code)),
    stock: data.stock.filter((s) => codes.has(s.code)),
  };
}

describe('the catalogue demo data on PGlite', () => {
  let sql: SqlClient;
  const opened: PostgresEventStore[] = [];

  async function freshStore(): Promise<Store> {
    const id = randomUUID().slice(0, 8);
    const events = await PostgresEventStore.create(sql, { schema: `t_demo_ev_${id}`, ownsClient: false, pollIntervalMs: 20 });
    const documents = await PostgresDocumentStore.create(sql, { schema: `t_demo_dm_${id}`, ownsClient: false });
    // The media area makes its collections when it opens, before the demo area loads.
    await new MediaBlobStore(documents).ensureCollections();
    opened.push(events);
    return { events, documents };
  }

  const contextOf = (store: Store) => ({ ...store, market: 'cz' as const, clock });

  beforeAll(async () => {
    sql = await pgliteClient();
  });
  afterAll(async () => {
    for (const events of opened) await events.close();
    await sql?.close();
  });

  it('loads the whole demo catalogue through the areas, and a second start loads nothing', async () => {
    const store = await freshStore();
    const context = contextOf(store);
    const data = demoDataSet('cz', NOW);
    const report = await loadCatalogueDemoData(context, { data });
    expect(report.loaded).toBe(true);
    expect(report.lines.join('\n')).toContain(`${data.products.length} products`);

    const deps = { events: store.events, market: 'cz' as const, clock };
    const products = new ProductsService(deps);
    for (const product of data.products) {
      const { state } = await products.productState(product.code);
      expect(state.status, product.code).toBe('active');
      expect(state.fields).toMatchObject({
        ean: product.ean,
        quality: product.quality,
        grade: product.grade,
        shortName: product.shortName,
        colour: product.colour?.name ?? null,
        kind: product.kind,
      });
    }
    const phone = data.relations.find((r) => r.gifts.length > 0 && r.insurance.length > 0);
    expect((await products.productState(phone?.code ?? '')).state.relations).toEqual({
      accessories: phone?.accessories,
      gifts: phone?.gifts,
      specialOffers: phone?.specialOffers,
      insurance: phone?.insurance,
      warrantyExtensions: phone?.warrantyExtensions,
    });
    const master = await products.masterState('apple-iphone-15-pro');
    expect(master.state.fields).toMatchObject({ name: 'iPhone 15 Pro', manufacturerId: 'apple', typeDeviceId: 'phone' });
    expect(master.state.metaMasterId).toBe('iphone-15');

    // Prices as the pricing area answers them: the market's prices, several reduced now with the Omnibus line.
    const pricing = new PricingService(deps);
    let reduced = 0;
    for (const price of data.prices) {
      const { current } = await pricing.priceOf(price.code, NOW.toISOString());
      expect(current.regularPrice, price.code).toBe(price.history.at(-1)?.price);
      if (current.reduced) {
        reduced++;
        expect(current.lowestPrice30d).toBeGreaterThan(0);
      }
    }
    expect(reduced).toBeGreaterThanOrEqual(20);

    // Stock at the warehouse and the three stores, in the demo locations' order.
    const stock = new StockService(deps);
    const [warehouse, ...stores] = demoLocations('cz').map((location) => location.id);
    for (const row of data.stock.slice(0, 120)) {
      expect((await stock.level(row.code, warehouse ?? '')).on_hand, row.code).toBe(row.warehouse);
      for (const [index, quantity] of row.stores.entries())
        expect((await stock.level(row.code, stores[index] ?? '')).on_hand).toBe(quantity);
    }

    const tree = await new CategoryService(deps).tree();
    expect(Object.keys(tree.categories)).toHaveLength(data.categories.length);
    expect(tree.categories.phones?.name).toBe('Mobilní telefony');
    for (const assignment of data.assignments)
      expect([...(tree.products[assignment.categoryId] ?? [])].sort()).toEqual([...assignment.masterProductIds].sort());

    const head = await store.events.headPosition();
    expect(await loadCatalogueDemoData(context, { data: demoDataSet('cz', new Date(NOW.getTime() + 86_400_000)) })).toEqual({
      loaded: false,
      lines: [],
    });
    expect(await store.events.headPosition()).toBe(head);
  }, 240_000);

  it('finishes an interrupted load on the next start without writing anything twice', async () => {
    const store = await freshStore();
    const data = smallDataSet(demoDataSet('cz', NOW), ['apple-iphone-15-pro', 'samsung-galaxy-s25-ultra']);
    expect(data.products.length).toBeGreaterThan(10);
    // The process dies three times: among the products, between a product and its master, among the stock receipts.
    const dyingAt = (category: string, allowed: number) => {
      let appends = 0;
      const append = (stream: string, events: readonly NewEvent[], options: AppendOptions) => {
        if (stream.startsWith(`${category}-`) && ++appends > allowed) return Promise.reject(new Error('the process died'));
        return store.events.append(stream, events, options);
      };
      return new Proxy(store.events, {
        get(target, property) {
          if (property === 'append') return append;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    };
    // (The models are all there after the first run, so the second one's master appends are the variants' attachments.)
    for (const events of [dyingAt('product', 8), dyingAt('master', 3), dyingAt('stock', 4)])
      await expect(loadCatalogueDemoData({ ...contextOf(store), events }, { data })).rejects.toThrow('the process died');

    const report = await loadCatalogueDemoData(contextOf(store), { data });
    expect(report.loaded).toBe(true);
    const deps = { events: store.events, market: 'cz' as const, clock };
    const stock = new StockService(deps);
    const [warehouse, ...stores] = demoLocations('cz').map((location) => location.id);
    for (const row of data.stock) {
      // A receipt recorded before the crash is not recorded again.
      expect((await stock.level(row.code, warehouse ?? '')).on_hand).toBe(row.warehouse);
      for (const [index, quantity] of row.stores.entries())
        expect((await stock.level(row.code, stores[index] ?? '')).on_hand).toBe(quantity);
    }
    for (const price of data.prices)
      expect(await store.events.readStream(priceStream(price.code, 'cz'))).toHaveLength(demoPriceEvents(price, 'cz').length);
    const products = new ProductsService(deps);
    for (const master of data.masters) {
      const { state } = await products.masterState(master.id);
      expect([...state.variantCodes].sort()).toEqual(
        data.products
          .filter((p) => p.masterProductId === master.id)
          .map((p) => p.code)
          .sort(),
      );
    }
  }, 120_000);

  it('draws one picture per model and colour and attaches them; an aborted drawing stops, the next one finishes', async () => {
    const store = await freshStore();
    const context = contextOf(store);
    const data = smallDataSet(demoDataSet('cz', NOW), ['apple-watch-ultra-2', 'google-pixel-watch-2']);
    await loadCatalogueDemoData(context, { data });
    const missing = await modelsWithoutPictures(context, data);
    expect(missing.map((m) => m.id)).toEqual(data.masters.filter((m) => m.imageIds.length > 0).map((m) => m.id));

    const stopped = new AbortController();
    stopped.abort();
    expect(await drawDemoPictures(context, data, missing, stopped.signal)).toEqual({ models: 0, pictures: 0 });

    const watches = missing.filter((m) => m.typeDeviceId === 'smartwatch');
    const drawn = await drawDemoPictures(context, data, watches, new AbortController().signal);
    expect(drawn.models).toBe(watches.length);
    const products = new ProductsService({ events: store.events, market: 'cz', clock });
    for (const watch of watches) {
      const { state } = await products.masterState(watch.id);
      expect(state.fields?.photoIds).toHaveLength(watch.imageIds.length);
      for (const id of state.fields?.photoIds ?? []) expect(await products.imageExists(id)).toBe(true);
    }
    expect((await modelsWithoutPictures(context, data)).map((m) => m.id)).toEqual(
      missing.filter((m) => m.typeDeviceId !== 'smartwatch').map((m) => m.id),
    );
  }, 120_000);
});
