import type { Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { catalogueProduct } from '../catalogue/pricing-stock-testing';
import { closeServer, listen, urlOf } from '../server';
import { pageCachePolicy } from '@buyloop/web';
import { pageCacheMiddleware } from './middleware';
import { CachePurger } from './purger';
import { PageCacheStore } from './store';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Cache-Heslo-2026';
/** The catalogue's price read model: the stand-in pages below are rendered from it. */
const PRICES = 'catalogue_prices';

describe.each(engines)('page cache fed by the catalogue events on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;
  let server: Server;
  let base: string;
  let purger: CachePurger;
  const store = new PageCacheStore({ maxBytes: 4 * 1024 * 1024 });
  const renders = new Map<string, number>();

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    manager = await signedInStaff(shop, 'cache@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
    for (const code of ['PC-ONE', 'PC-TWO']) {
      await catalogueProduct(shop, code);
      expect((await manager.request('PUT', `/api/admin/prices/${code}`, { body: { price: 10990 } })).status).toBe(200);
    }
    purger = new CachePurger({
      events: shop.events,
      store,
      market: 'cz',
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      renderedFrom: { products: [PRICES] },
      waitFor: (name, checkpoint, ms) => shop.projector.waitFor(name, checkpoint, ms),
    });
    purger.start();
    // A product page and its catalogue answer as the storefront and the shop API declare them: shareable,
    // tagged with the product's key, rendered from the read model. The compressor sits inside the cache, as on pages.
    const app = express();
    app.use(pageCacheMiddleware({ store, market: 'cz' }));
    app.use(compression({ threshold: 0 }));
    const priceOf = async (code: string) => {
      const document = await shop.documents.get<{ changes: { price: number | null }[] }>(
        await shop.projector.readCollection(PRICES),
        `${code}|cz`,
      );
      return document?.changes.map((change) => change.price).join(',') ?? 'none';
    };
    const shareable = (res: express.Response, code: string) =>
      res.set('Cache-Control', 'public, max-age=0, s-maxage=600').set('Surrogate-Key', `catalog product-${code}`);
    app.get('/telefony/:code', async (req, res) => {
      renders.set(req.params.code, (renders.get(req.params.code) ?? 0) + 1);
      shareable(res, req.params.code)
        .type('html')
        .send(`<!doctype html><p>${req.params.code} prices ${await priceOf(req.params.code)}</p>`);
    });
    app.get('/api/catalog/products/:code', async (req, res) => {
      shareable(res, req.params.code).json({ code: req.params.code, prices: await priceOf(req.params.code) });
    });
    // A page rendered as the storefront renders one: from the API fetched through this same server (so through
    // the cache), kept only as the answers it used allow (web's render rule).
    app.get('/seznam/:code', async (req, res) => {
      const answer = await fetch(`${base}/api/catalog/products/${req.params.code}`);
      const policy = pageCachePolicy([
        {
          status: answer.status,
          surrogateKey: answer.headers.get('surrogate-key'),
          cacheControl: answer.headers.get('cache-control'),
          xCache: answer.headers.get('x-cache'),
        },
      ]);
      const data = (await answer.json()) as { prices: string };
      if (policy.cacheable)
        res
          .set('Cache-Control', `public, max-age=0, s-maxage=${policy.sharedMaxAge}`)
          .set('Surrogate-Key', policy.surrogateKeys.join(' '));
      else res.set('Cache-Control', 'no-store');
      res.type('html').send(`<!doctype html><p>${req.params.code} listed at ${data.prices}</p>`);
    });
    app.get('/ucet', (_req, res) => {
      res.set('Cache-Control', 'no-store').type('html').send('<p>personal</p>');
    });
    server = await listen(app, 0, '127.0.0.1');
    base = urlOf(server);
    // Live: the purger has read the log so far (it flushes what it stored before, so nothing is cached yet).
    await vi.waitFor(() => expect(purger.isLive).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    await purger?.stop();
    if (server) await closeServer(server);
    await shop?.close();
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    return {
      status: response.status,
      cache: response.headers.get('x-cache'),
      age: response.headers.get('age'),
      text: await response.text(),
      headers: response.headers,
    };
  };

  it('serves a shareable page from the cache, compressed bytes per encoding, with X-Cache and Age', async () => {
    const first = await get('/telefony/PC-ONE', { 'accept-encoding': 'gzip' });
    expect(first).toMatchObject({ status: 200, cache: 'MISS' });
    expect(first.text).toContain('PC-ONE prices 10990');
    const second = await get('/telefony/PC-ONE', { 'accept-encoding': 'gzip' });
    expect(second).toMatchObject({ status: 200, cache: 'HIT', text: first.text });
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(Number(second.age)).toBeGreaterThanOrEqual(0);
    // Another encoding is another entry: a client that takes no gzip is never sent gzip.
    const plain = await get('/telefony/PC-ONE', { 'accept-encoding': 'identity' });
    expect(plain.cache).toBe('MISS');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(first.text);
    // An answer that says no-store is never kept.
    await get('/ucet');
    expect((await get('/ucet')).cache).toBe('MISS');
  });

  it('visitors arriving together at a page nobody has cached wait for one render of it', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/telefony/PC-TWO?utm_source=news')));
    expect(renders.get('PC-TWO')).toBe(1);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.cache === 'MISS')).toHaveLength(1);
  });

  it('a price change command purges exactly that product: its page and API answer show the new price, the other stays a HIT', async () => {
    for (const code of ['PC-ONE', 'PC-TWO']) {
      await get(`/telefony/${code}`);
      await get(`/api/catalog/products/${code}`);
      expect((await get(`/telefony/${code}`)).cache).toBe('HIT');
      expect((await get(`/api/catalog/products/${code}`)).cache).toBe('HIT');
    }
    expect((await manager.request('PUT', '/api/admin/prices/PC-ONE', { body: { price: 9990 } })).status).toBe(200);

    await expect.poll(async () => (await get('/telefony/PC-ONE')).text, { timeout: 5_000 }).toContain('9990');
    await expect.poll(async () => (await get('/api/catalog/products/PC-ONE')).text, { timeout: 5_000 }).toContain('9990');
    const other = await get('/telefony/PC-TWO');
    expect(other.cache).toBe('HIT');
    expect(other.text).not.toContain('9990');
    expect((await get('/api/catalog/products/PC-TWO')).cache).toBe('HIT');
    // Once rendered again, the changed page is cached again.
    expect((await get('/telefony/PC-ONE')).cache).toBe('HIT');
  });

  it('pages rendered together right after a price change, from the soft-purged API answer, never keep the old price', async () => {
    const pages = Array.from({ length: 6 }, (_, i) => `/seznam/PC-TWO?v=${i}`);
    await get('/api/catalog/products/PC-TWO');
    expect((await get('/api/catalog/products/PC-TWO')).cache).toBe('HIT');
    const purged = store.stats().purged;
    expect((await manager.request('PUT', '/api/admin/prices/PC-TWO', { body: { price: 8990 } })).status).toBe(200);
    await expect.poll(() => store.stats().purged, { timeout: 5_000 }).toBeGreaterThan(purged);

    // The first render's API call renders the answer again; the others, meanwhile, are served its stale copy.
    await Promise.all(pages.map((page) => get(page)));
    // Whatever they showed then, what the cache kept (or renders now) is the new price.
    for (const page of pages) expect((await get(page)).text).toContain('8990');
  });
});

describe.each(engines)('the back office purge on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { pageCache: true });
    manager = await signedInStaff(shop, 'purge@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
  });
  afterAll(async () => shop?.close());

  const purge = (body: unknown) => manager.request('POST', '/api/new/core/fastly/purge', { body });

  it('purges by keys, by URL and everything, soft or not', async () => {
    expect(await purge({ mode: 'key', keys: ['html', 'api'] })).toMatchObject({
      status: 200,
      body: { mode: 'key', soft_purge: false, purged: 0 },
    });
    expect(await purge({ mode: 'url', url: 'https://shop.buyloop.cz/mobilni-telefony?page=2', soft_purge: true })).toMatchObject({
      status: 200,
      body: { mode: 'url', soft_purge: true },
    });
    expect((await purge({ mode: 'full' })).status).toBe(200);
  });

  it('answers bad input with problem+json naming the field, never a 500', async () => {
    const cases: [unknown, string][] = [
      [{ mode: 'key' }, 'keys'],
      [{ mode: 'key', keys: [] }, 'keys'],
      [{ mode: 'key', keys: ['bad key with spaces'] }, 'keys.0'],
      [{ mode: 'url' }, 'url'],
      [{ mode: 'url', url: 'javascript:alert(1)' }, 'url'],
      [{ mode: 'everything' }, 'mode'],
      [{ mode: 'full', soft_purge: 'yes' }, 'soft_purge'],
      [{ mode: 'full', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await purge(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(Object.keys(response.body.errors as Record<string, unknown>), JSON.stringify(body)).toContain(field);
    }
  });

  it('is refused to staff who do not manage the catalogue', async () => {
    const warehouse = await signedInStaff(shop, 'purge-sklad@admin.buyloop.cz', PASSWORD, ['warehouse']);
    expect((await warehouse.request('POST', '/api/new/core/fastly/purge', { body: { mode: 'full' } })).status).toBe(403);
  });
});
