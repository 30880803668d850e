import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import { Projector } from '@buyloop/projector';
import { ResponseContractCheck } from '@buyloop/http';
import { systemActor } from '@buyloop/kit';
import { DELIVERY_QUOTES_PORT, type DeliveryQuotes } from '@buyloop/contracts/delivery/port';
import { catalogueModule } from '@buyloop/catalogue-read-models';
import {
  deliveryModule,
  importPickupPoints,
  PICKUP_POINTS_COLLECTION,
  sandboxFeed,
  type DeliveryHandle,
} from '@buyloop/delivery-read-models';
import type { Module, ModulePorts } from '@buyloop/projector';
import { buildApp } from '../app';
import { projectionsOf, RunningModules } from '../module-runtime';
import { silentLogger } from '../logger';
import { createMetrics } from '../metrics';
import { closeServer, listen, urlOf } from '../server';
import { manualClock } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

interface Place {
  id: string;
  name: string;
  city: string;
  zip: string;
  lat: number;
  lng: number;
  distance_m?: number;
  available: boolean;
}

/**
 * The delivery context through the HTTP API, with the catalogue (its stores)
 * beside it: the sandbox carrier's feed imported over loopback HTTP into the
 * table, the routes' answers and refusals, and the port the checkout calls.
 * Every answer is checked against its route's contract.
 */
describe.each(engines)('delivery on %s', (engine) => {
  const time = manualClock('2026-11-24T09:20:00.000Z'); // Tuesday, 10:20 in Prague
  let sql: SqlClient;
  let events: PostgresEventStore;
  let documents: PostgresDocumentStore;
  let projector: Projector;
  let modules: RunningModules;
  let server: Server;
  let base: string;
  let app: Express;
  let handle: DeliveryHandle;
  let ports: ModulePorts;
  const contract = new ResponseContractCheck();
  const schemas: string[] = [];

  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const post = async (path: string, body: unknown) => {
    // A visitor's POST carries the CSRF cookie and the same value in the header, as our pages send it.
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'buyloop_csrf=delivery-test-token',
        'x-csrf-token': 'delivery-test-token',
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  beforeAll(async () => {
    const id = randomUUID().replaceAll('-', '').slice(0, 10);
    schemas.push(`t_dlev_${id}`, `t_dlrm_${id}`);
    sql = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
    events = await PostgresEventStore.create(sql, { schema: schemas[0]!, ownsClient: false, pollIntervalMs: 20 });
    documents = await PostgresDocumentStore.create(sql, { schema: schemas[1]!, ownsClient: false });
    const catalogue = catalogueModule({ settleMs: 15_000 });
    const delivery = deliveryModule();
    // A user of the port that opens before its provider, as the cart will: it looks the port up when it calls.
    const probe: Module<null> = {
      name: 'checkout-probe',
      capabilities: [],
      projections: [],
      streams: {},
      open(context) {
        ports = context.ports;
        return Promise.resolve({ routes: [], handle: null });
      },
    };
    const list = [probe, catalogue, delivery];
    projector = new Projector(events, documents, projectionsOf(list), { clock: time.clock });
    await projector.start();
    modules = await RunningModules.open(list, {
      events,
      documents,
      market: 'cz',
      clock: time.clock,
      publicUrl: 'https://shop.buyloop.invalid',
      mode: 'test',
      logger: silentLogger,
      mail: { send: () => Promise.reject(new Error('no mail here')), caught: () => [] },
      env: {},
      collection: (name) => projector.readCollection(name),
      waitFor: (name, checkpoint, timeoutMs) => projector.waitFor(name, checkpoint, timeoutMs),
      changes: projector.changes$,
    });
    await modules.start();
    handle = modules.handleOf(delivery);
    const stock = modules.handleOf(catalogue).stock as { defineDemoLocations(): Promise<readonly string[]> };
    await stock.defineDemoLocations();
    const built = buildApp({
      config: { market: 'cz', mode: 'test' },
      eventStore: events,
      clock: time.clock,
      logger: silentLogger,
      metrics: createMetrics({ defaultMetrics: false }),
      sessions: modules.sessions,
      opsToken: 'delivery-test-ops-token',
      contractCheck: contract,
      routes: modules.routes,
    });
    app = built.app;
    server = await listen(built.app, 0, '127.0.0.1');
    base = urlOf(server);
    // The stores page reads the catalogue's locations: wait until the projection shows them.
    for (let tries = 0; tries < 200; tries += 1) {
      const { body } = await get('/api/cart/deliveries');
      const stores = (body.deliveries as { code: string; stores?: unknown[] }[]).find((d) => d.code === 'store_pickup')?.stores;
      if (stores && stores.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(async () => {
    await closeServer(server);
    await modules.stop();
    await projector.stop();
    await events.close();
    if (engine === 'postgres') await dropSchemas(sql, schemas);
    await sql.close();
    contract.assertNone();
  });

  it('imports the sandbox carrier’s feed over loopback HTTP into the table, and again without duplicates', async () => {
    expect(handle.feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/feed\/cz\.json$/);
    const feed = sandboxFeed('cz');
    const stored = await documents.find(PICKUP_POINTS_COLLECTION, { limit: 1 });
    expect(stored.total).toBe(feed.length);
    expect(await handle.importNow()).toEqual({ imported: feed.length, skipped: 0, removed: 0 });
    expect((await documents.find(PICKUP_POINTS_COLLECTION, { limit: 1 })).total).toBe(feed.length);
  });

  it('searches pickup points by term, accents and case aside, with the limit', async () => {
    const { status, body } = await get(`/api/cart/delivery-places?term=${encodeURIComponent('ceske budejovice')}&limit=5`);
    expect(status).toBe(200);
    const places = body.places as Place[];
    expect(places).toHaveLength(5);
    for (const place of places) expect(place.city).toBe('České Budějovice');
    const byZip = (await get('/api/cart/delivery-places?term=37001')).body.places as Place[];
    expect(byZip.length).toBeGreaterThan(0);
    expect(byZip.every((place) => place.zip === '370 01')).toBe(true);
    expect(((await get('/api/cart/delivery-places')).body.places as Place[]).length).toBe(20);
    expect(((await get('/api/cart/delivery-places?term=&limit=&lat=&lng=')).body.places as Place[]).length).toBe(20);
    expect(((await get('/api/cart/delivery-places?term=zzzzqqq')).body.places as Place[]).length).toBe(0);
    // Whatever a visitor types is a term, never an error: quotes, wildcards, only spaces.
    for (const term of ["' OR 1=1 --", '%_\\', '   ', 'Praha 🚀'])
      expect((await get(`/api/cart/delivery-places?term=${encodeURIComponent(term)}`)).status, term).toBe(200);
  });

  it('lists the nearest first from a point, with distances, and lists congested points as unavailable', async () => {
    const brno = { lat: 49.1951, lng: 16.6068 };
    const { body } = await get(`/api/cart/delivery-places?lat=${brno.lat}&lng=${brno.lng}&limit=30`);
    const places = body.places as Place[];
    expect(places).toHaveLength(30);
    const distances = places.map((place) => place.distance_m!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The nearest by brute force over the whole feed agrees.
    const nearestId = sandboxFeed('cz')
      .map((point) => ({
        id: point.id,
        d: (point.lat - brno.lat) ** 2 + ((point.lng - brno.lng) * Math.cos((brno.lat * Math.PI) / 180)) ** 2,
      }))
      .sort((a, b) => a.d - b.d)[0]!.id;
    expect(places[0]!.id).toBe(nearestId);
    const congested = sandboxFeed('cz').find((point) => point.status === 'congested')!;
    const found = (await get(`/api/cart/delivery-places?lat=${congested.lat}&lng=${congested.lng}&limit=1`)).body
      .places as Place[];
    expect(found[0]).toMatchObject({ id: congested.id, available: false, distance_m: 0 });
  });

  it('refuses bad input with 400 problem+json naming the field, never a 500', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=1000', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['lat=abc&lng=1', 'lat'],
      ['lat=200&lng=10', 'lat'],
      ['lat=50&lng=-181', 'lng'],
      ['lat=50', 'lng'],
      [`term=${'a'.repeat(5000)}`, 'term'],
      ['term=a&term=b', 'term'],
      ['colour=red', 'colour'],
    ];
    for (const [query, field] of cases) {
      const { status, type, body } = await get(`/api/cart/delivery-places?${query}`);
      expect(status, query).toBe(400);
      expect(type, query).toMatch(/^application\/problem\+json/);
      expect(Object.keys((body.errors ?? {}) as object), query).toContain(field);
    }
    for (const query of ['method=courier', 'method=drone&zip=11000', 'method=courier&zip=1100', 'method=courier&zip=110000']) {
      const { status, type } = await get(`/api/cart/delivery-timeslots?${query}`);
      expect(status, query).toBe(400);
      expect(type, query).toMatch(/^application\/problem\+json/);
    }
  });

  it('lists the delivery methods with fees, free_from and the stores with a ready-by time (spec 9: 30 minutes)', async () => {
    const { status, body } = await get('/api/cart/deliveries');
    expect(status).toBe(200);
    const deliveries = body.deliveries as {
      code: string;
      fee: number;
      free_from?: number;
      available: boolean;
      reason?: string;
      stores?: { id: string; ready_by: string | null }[];
    }[];
    expect(deliveries.map((d) => d.code)).toEqual(['store_pickup', 'pickup_point', 'courier', 'same_day_courier', 'electronic']);
    expect(deliveries.find((d) => d.code === 'pickup_point')).toMatchObject({ fee: 69, free_from: 3000, available: true });
    // An empty cart has no licence to send by e-mail.
    expect(deliveries.find((d) => d.code === 'electronic')).toMatchObject({
      available: false,
      reason: 'delivery.not_electronic',
    });
    const stores = deliveries.find((d) => d.code === 'store_pickup')!.stores!;
    expect(stores.map((store) => store.id)).toContain('cz-praha');
    expect(stores.find((store) => store.id === 'cz-praha')!.ready_by).toBe('2026-11-24T09:50:00.000Z');
  });

  it('answers courier windows for a postcode', async () => {
    const { status, body } = await get('/api/cart/delivery-timeslots?method=courier&zip=110%2000');
    expect(status).toBe(200);
    const slots = body.timeslots as { id: string; available: boolean }[];
    expect(slots).toHaveLength(15);
    expect(slots[0]!.id).toBe('courier-2026-11-25-0800-1200');
  });

  it('checks a same-day courier from a store (liftago check)', async () => {
    const address = { street: 'Vinohradská 12', city: 'Praha 2', zip: '120 00', country: 'CZ' };
    const yes = await post('/api/cart/delivery-liftago-check', { store: 'cz-praha', delivery_address: address });
    expect(yes.status).toBe(200);
    expect(yes.body.available).toBe(true);
    expect((yes.body.timeslots as unknown[]).length).toBeGreaterThan(0);
    const other = await post('/api/cart/delivery-liftago-check', {
      store: 'cz-praha',
      delivery_address: { ...address, city: 'Brno', zip: '602 00' },
    });
    expect(other.body).toEqual({ available: false, reason: 'delivery.same_day_other_town', timeslots: [] });
    for (const body of [
      { store: 'cz-nowhere', delivery_address: address },
      { store: 'cz-praha', delivery_address: { ...address, zip: 'abc' } },
      { store: 'cz-praha', delivery_address: { ...address, extra: 1 } },
      { store: 'cz-praha' },
      { store: 42, delivery_address: address },
    ]) {
      const refused = await post('/api/cart/delivery-liftago-check', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.type).toMatch(/^application\/problem\+json/);
    }
  });

  it('provides the quote port: fees, labels and the refusals of spec 8', async () => {
    const quotes = ports.use<DeliveryQuotes>(DELIVERY_QUOTES_PORT);
    const items = [{ code: 'DLV-PHONE', kind: 'device', quantity: 1 }];
    const open = sandboxFeed('cz').find((point) => point.status === 'open')!;
    const congested = sandboxFeed('cz').find((point) => point.status === 'congested')!;
    expect(await quotes.quote({ method: 'pickup_point', place_id: open.id, items, goods_total: 1000 })).toMatchObject({
      ok: true,
      fee: 69,
      currency: 'CZK',
      place_id: open.id,
    });
    expect(await quotes.quote({ method: 'pickup_point', place_id: congested.id, items, goods_total: 1000 })).toEqual({
      ok: false,
      code: 'delivery.place_unavailable',
      field: 'place_id',
    });
    expect(await quotes.quote({ method: 'pickup_point', place_id: '../../etc', items, goods_total: 1000 })).toMatchObject({
      ok: false,
    });
    expect(await quotes.quote({ method: 'store_pickup', store_id: 'cz-praha', items, goods_total: 10 })).toMatchObject({
      ok: true,
      fee: 0,
    });
    expect(await quotes.quote({ method: 'electronic', items, goods_total: 10 })).toEqual({
      ok: false,
      code: 'delivery.method_unavailable',
      field: 'method',
    });
  });

  it('sends licences by e-mail only: a product the catalogue marks as an electronic licence', async () => {
    const at = time.clock().toISOString();
    const appended = await events.append(
      'product-DLV-LICENCE',
      [
        {
          type: 'CatalogueProductCreated',
          data: {
            code: 'DLV-LICENCE',
            masterProductId: 'dlv-master',
            ean: null,
            colour: null,
            capacity: null,
            quality: 'new',
            grade: null,
            longName: 'Antivirus, 1 year',
            shortName: 'Antivirus',
            vatRate: 21,
            preOrder: false,
            electronicLicence: true,
            externalStock: false,
            legalWarrantyMonths: 24,
            kind: 'service',
            extensionMonths: null,
            at,
          },
        },
      ],
      { expectedVersion: 'no_stream', actor: systemActor, market: 'cz' },
    );
    await projector.waitFor('catalogue_shop_products', appended.checkpoint, 10_000);
    const quotes = ports.use<DeliveryQuotes>(DELIVERY_QUOTES_PORT);
    const licence = [{ code: 'DLV-LICENCE', kind: 'service', quantity: 1 }];
    expect(await quotes.quote({ method: 'electronic', items: licence, goods_total: 990 })).toMatchObject({ ok: true, fee: 0 });
    expect(await quotes.quote({ method: 'courier', items: licence, goods_total: 990 })).toEqual({
      ok: false,
      code: 'delivery.method_unavailable',
      field: 'method',
    });
  });

  it('takes what parses from a carrier’s feed, deletes what it no longer lists, and never empties the table on a broken feed', async () => {
    let body = '';
    const carrier = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    await new Promise<void>((resolve) => carrier.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(carrier.address() as AddressInfo).port}/feed.json`;
    const deps = { documents, market: 'cz' as const, clock: time.clock, logger: silentLogger };
    const point = {
      name: 'Trafika Praha, Dlouhá',
      street: 'Dlouhá 5',
      city: 'Praha',
      zip: '110 00',
      lat: 50.09,
      lng: 14.42,
      status: 'open',
    };
    try {
      body = JSON.stringify({
        carrier: 'test',
        market: 'cz',
        generated_at: time.clock().toISOString(),
        points: [
          { ...point, id: 'T-1' },
          { ...point, id: 'T-2', status: 'congested' },
          { id: 'T-3', name: 'No coordinates' },
        ],
      });
      expect(await importPickupPoints(deps, url)).toEqual({ imported: 2, skipped: 1, removed: sandboxFeed('cz').length });
      const places = (await get('/api/cart/delivery-places?term=dlouha')).body.places as Place[];
      expect(places.map((place) => [place.id, place.available])).toEqual([
        ['T-1', true],
        ['T-2', false],
      ]);
      body = JSON.stringify({ carrier: 'test', market: 'cz', generated_at: time.clock().toISOString(), points: [{ id: 'T-9' }] });
      await expect(importPickupPoints(deps, url)).rejects.toThrow(/no valid point/);
      body = JSON.stringify({
        carrier: 'test',
        market: 'ro',
        generated_at: time.clock().toISOString(),
        points: [{ ...point, id: 'T-1' }],
      });
      await expect(importPickupPoints(deps, url)).rejects.toThrow(/for ro/);
      expect((await documents.find(PICKUP_POINTS_COLLECTION, { limit: 1 })).total).toBe(2);
    } finally {
      await new Promise<void>((resolve) => carrier.close(() => resolve()));
    }
    // The sandbox's feed back, for whatever runs after.
    expect(await handle.importNow()).toMatchObject({ imported: sandboxFeed('cz').length, removed: 2 });
  });

  it('documents every route it serves in the API reference, each with a success and its refusals as problems', async () => {
    const { body } = await get('/api/openapi.json');
    const paths = body.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
    >;
    const served: { method: string; path: string }[] = [];
    const walk = (stack: Layer[]) => {
      for (const layer of stack) {
        if (layer.route) for (const method of Object.keys(layer.route.methods)) served.push({ method, path: layer.route.path });
        else if (layer.handle.stack) walk(layer.handle.stack);
      }
    };
    walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
    const ours = served.filter((route) => route.path.startsWith('/api/cart/deliver'));
    expect(ours.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'get /api/cart/deliveries',
      'get /api/cart/delivery-places',
      'get /api/cart/delivery-timeslots',
      'post /api/cart/delivery-liftago-check',
    ]);
    for (const route of ours) {
      const operation = paths[route.path]?.[route.method];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(Object.keys(operation!.responses).some((status) => status.startsWith('2'))).toBe(true);
      // Every route that reads input documents its refusal (the methods' list reads none).
      if (route.path !== '/api/cart/deliveries')
        expect(operation!.responses['400']?.content, `${route.method} ${route.path}`).toHaveProperty([
          'application/problem+json',
        ]);
      expect(operation!.responses['500']?.content).toHaveProperty(['application/problem+json']);
    }
  });
});
