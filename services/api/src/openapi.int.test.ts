import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PostgresEventStore, pgliteClient } from '@buyloop/event-store';
import { json, openApiPath, problem, ResponseContractCheck, SecuredRouter } from '@buyloop/http';
import { buildApp } from './app';
import { silentLogger } from './logger';
import { closeServer, listen, urlOf } from './server';
import { deliveryModule } from '@buyloop/delivery-read-models';
import { openShop, type Shop } from './identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route Express will serve, read from the app itself rather than from the routers' own lists. */
function servedRoutes(shop: Shop): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) found.push({ method, path: layer.route.path });
      else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((shop.app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

interface Operation {
  readonly 'x-capability': string;
  readonly summary: string;
  readonly tags?: readonly string[];
  readonly responses: Readonly<Record<string, { content?: Record<string, unknown> }>>;
}

type OpenApi = {
  readonly openapi: string;
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, unknown>> };
};

/** Every `$ref` anywhere in the document. */
function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsOf(item, found));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsOf(inner, found);
    }
  return found;
}

describe.each(engines)('the API reference on %s', (engine) => {
  let shop: Shop;
  let document: OpenApi;

  beforeAll(async () => {
    // The front ends' routes too, and every context main.ts runs: the reference covers every route the process serves.
    shop = await openShop(engine, 'test', { frontEnds: true, catalogue: true, modules: [deliveryModule()] });
    const response = await fetch(`${shop.base}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApi;
  });
  afterAll(async () => shop?.close());

  it('is OpenAPI 3.1 and documents every route the app serves, with the capability it checks', () => {
    expect(document.openapi).toBe('3.1.0');
    const served = servedRoutes(shop);
    // The platform's own, the operators', the modules', the front ends' and the reference's routes are all there.
    for (const path of [
      '/health',
      '/api/status',
      '/',
      '/metrics',
      '/api/ops/modules',
      '/api/auth/login',
      '/api/buyout/sell-online',
      '/vykup',
      '/admin',
    ])
      expect(served.map((route) => route.path)).toContain(path);
    const missing = served.filter(({ method, path }) => !document.paths[openApiPath(path).path]?.[method]);
    expect(missing).toEqual([]);
    for (const route of shop.routes) {
      const operation = document.paths[openApiPath(route.path).path]![route.method]!;
      expect(operation['x-capability'], `${route.method} ${route.path}`).toBe(route.capability);
      expect(operation.summary, `${route.method} ${route.path}`).not.toBe('');
      expect(operation.tags?.length, `${route.method} ${route.path} has a tag`).toBe(1);
    }
    const documented = Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0);
    expect(documented).toBe(served.length);
  });

  it('gives every operation a successful answer and every refusal as a problem, and resolves every schema it refers to', () => {
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        expect(operation.responses['500']?.content, `${method} ${path}`).toHaveProperty(['application/problem+json']);
      }
    const missing = refsOf(document).filter((ref) => !(ref.replace('#/components/schemas/', '') in document.components.schemas));
    expect(missing).toEqual([]);
    // The shapes the front ends type with are components of their own.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'Problem',
        'StaffBuyback',
        'CustomerBuyback',
        'BuybackGridPage',
        'Selector',
        'User',
        'SellOnlineRequest',
      ]),
    );
  });

  it('serves the reference page and the viewer it loads from this server only', async () => {
    const page = await fetch(`${shop.base}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true);
      const file = await fetch(`${shop.base}${source}`);
      expect(file.status, source).toBe(200);
      expect(file.headers.get('content-type'), source).toMatch(/^text\/(css|javascript)/);
    }
  });
});

describe('the response contract check', () => {
  let server: Server;
  let base: string;
  let events: PostgresEventStore;
  const check = new ResponseContractCheck();

  beforeAll(async () => {
    events = await PostgresEventStore.create(await pgliteClient(), { schema: 'contract_check' });
    const router = new SecuredRouter({ tag: 'Examples' });
    const greeting = z.strictObject({ greeting: z.string() });
    router.get(
      '/examples/kept',
      'public',
      { summary: 'Keeps its word', responses: { 200: json('A greeting', greeting) } },
      (_req, res) => {
        res.json({ greeting: 'hello' });
      },
    );
    router.get(
      '/examples/drifted',
      'public',
      { summary: 'Answers another shape', responses: { 200: json('A greeting', greeting) } },
      (_req, res) => {
        res.json({ greeting: 'hello', extra: 1 });
      },
    );
    router.get(
      '/examples/undocumented-refusal',
      'public',
      { summary: 'Refuses without saying so', responses: { 200: json('A greeting', greeting) } },
      (_req, res) => {
        res
          .status(409)
          .type('application/problem+json')
          .send(JSON.stringify({ type: 'x', title: 'x', status: 409, code: 'x' }));
      },
    );
    router.post(
      '/examples/lenient',
      'public',
      {
        summary: 'Accepts more than it documents',
        body: z.strictObject({ name: z.string() }),
        responses: { 200: json('A greeting', greeting), 404: problem('Nobody') },
      },
      (_req, res) => {
        res.json({ greeting: 'hello' });
      },
    );
    router.get('/examples/no-contract', 'public', (_req, res) => {
      res.json({ greeting: 'hello' });
    });
    const { app } = buildApp({
      config: { market: 'cz', mode: 'test' },
      eventStore: events,
      logger: silentLogger,
      routes: [router],
      contractCheck: check,
    });
    server = await listen(app, 0, '127.0.0.1');
    base = urlOf(server);
  });
  afterAll(async () => {
    await closeServer(server);
    await events.close();
  });

  it('collects every answer that does not keep its route’s contract, and a request accepted beyond it', async () => {
    const csrf = { 'content-type': 'application/json', 'x-csrf-token': 't', cookie: 'buyloop_csrf=t' };
    for (const path of ['/examples/kept', '/examples/drifted', '/examples/undocumented-refusal', '/examples/no-contract'])
      await fetch(`${base}${path}`);
    await fetch(`${base}/examples/lenient`, { method: 'POST', headers: csrf, body: JSON.stringify({ name: 'Eva', age: 30 }) });
    expect(check.violations.map((v) => [v.route, v.status])).toEqual([
      ['GET /examples/drifted', 200],
      ['GET /examples/undocumented-refusal', 409],
      ['GET /examples/no-contract', 200],
      ['POST /examples/lenient', 200],
    ]);
    expect(check.violations[0]!.problem).toMatch(/extra/);
    expect(check.violations[1]!.problem).toMatch(/status 409 is not documented/);
    expect(check.violations[3]!.problem).toMatch(/request body was accepted/);
    expect(() => check.assertNone()).toThrow(/4 answer\(s\) do not match the API contract/);
  });

  it('refuses to make a reference while a served route names no contract', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.status).toBe(500);
  });
});
