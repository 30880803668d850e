import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import { Projector } from '@buyloop/projector';
import { ResponseContractCheck } from '@buyloop/http';
import { analyticsModule, type AnalyticsSummary } from '@buyloop/analytics-read-models';
import { buildApp } from '../app';
import { projectionsOf, RunningModules } from '../module-runtime';
import { silentLogger } from '../logger';
import { closeServer, listen, urlOf } from '../server';
import { manualClock } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
/** A day on the Czech shop's calendar, YYYY-MM-DD. */
const pragueDay = (at: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const daysBefore = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const OPS_TOKEN = 'analytics-test-ops-token';
const PER_CLIENT = 5;

/** The API with the analytics module alone: the endpoint, its projections and the back office's summary. */
async function openAnalytics(engine: 'pglite' | 'postgres') {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  const sql: SqlClient = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
  const events = await PostgresEventStore.create(sql, { schema: `t_anev_${id}`, ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: `t_anrm_${id}`, ownsClient: false });
  // The event store stamps each visit with the real time, and the summary's "today" is the routes' clock: both
  // must be the same day (a fixed date here failed every day after the one it named).
  const time = manualClock(new Date().toISOString());
  const list = [analyticsModule({ throttle: { perClient: PER_CLIENT, windowMs: 60_000 } })];
  const projector = new Projector(events, documents, projectionsOf(list), { clock: time.clock });
  await projector.start();
  const modules = await RunningModules.open(list, {
    events,
    documents,
    market: 'cz',
    clock: time.clock,
    publicUrl: 'https://shop.buyloop.invalid',
    mode: 'test',
    logger: silentLogger,
    mail: { send: () => Promise.reject(new Error('no mail here')), caught: () => null },
    env: {},
    collection: (name) => projector.readCollection(name),
    waitFor: (name, checkpoint, timeoutMs) => projector.waitFor(name, checkpoint, timeoutMs),
    changes: projector.changes$,
  });
  await modules.start();
  const contract = new ResponseContractCheck();
  const built = buildApp({
    config: { market: 'cz', mode: 'test' },
    eventStore: events,
    clock: time.clock,
    logger: silentLogger,
    opsToken: OPS_TOKEN,
    contractCheck: contract,
    routes: modules.routes,
  });
  const server: Server = await listen(built.app, 0, '127.0.0.1');
  return {
    base: urlOf(server),
    events,
    time,
    async close() {
      await closeServer(server);
      await modules.stop();
      await projector.stop();
      await events.close();
      if (engine === 'postgres') await dropSchemas(sql, [`t_anev_${id}`, `t_anrm_${id}`]);
      await sql.close();
      contract.assertNone();
    },
  };
}

describe.each(engines)('analytics endpoint on %s', (engine) => {
  let shop: Awaited<ReturnType<typeof openAnalytics>>;
  beforeAll(async () => {
    shop = await openAnalytics(engine);
  });
  afterAll(async () => shop?.close());

  /** A visitor's browser: the CSRF cookie and its header, as the storefront sends them. */
  const send = (body: unknown, csrf: string | null = 'visitor-token') =>
    fetch(`${shop.base}/api/analytics/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(csrf ? { cookie: `buyloop_csrf=${csrf}`, 'x-csrf-token': csrf } : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const summary = async (query = ''): Promise<AnalyticsSummary> => {
    const response = await fetch(`${shop.base}/api/admin/analytics/summary${query}`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as AnalyticsSummary;
  };

  it('records a valid batch as anonymous events of one stream and counts it per day, page type and kind', async () => {
    const response = await send({
      events: [
        { type: 'page_view', page_type: 'catalog', registered: false, path: '/mobilni-telefony' },
        { type: 'view', element_id: 'IPH15-128', element_kind: 'product_tile', page_type: 'catalog' },
        { type: 'view', element_id: 'IPH15-128', element_kind: 'product_tile', page_type: 'catalog' },
        { type: 'view', element_id: 'GALAXY-S24', element_kind: 'product_tile', page_type: 'catalog' },
      ],
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 4 });
    const signedIn = await send({ events: [{ type: 'page_view', page_type: 'catalog', registered: true, path: '/' }] });
    expect(signedIn.status).toBe(202);

    // No IP address or account reaches the log: only that a visitor saw a page.
    const log = await shop.events.readAll({ after: 0n, limit: 100 });
    expect(new Set(log.map((event) => event.stream)).size).toBe(2);
    expect(log.map((event) => event.metadata.actor)).toEqual(Array(5).fill({ userId: 'anonymous', role: 'visitor' }));

    // Both batches folded: five visits in all (the second batch may land after the first one's counts show).
    await vi.waitFor(async () => expect((await summary()).counts.reduce((total, row) => total + row.count, 0)).toBe(5), {
      timeout: 10_000,
    });
    const counted = await summary();
    const today = pragueDay(shop.time.clock());
    // The default period: the last 30 days, today included.
    expect(counted).toMatchObject({ from: daysBefore(today, 29), to: today, top_complete: true });
    expect(counted.counts).toEqual([
      { day: today, page_type: 'catalog', type: 'page_view', count: 2, registered: 1 },
      { day: today, page_type: 'catalog', type: 'view', count: 3, registered: 0 },
    ]);
    await vi.waitFor(async () => expect((await summary()).top_elements).toHaveLength(2), { timeout: 10_000 });
    expect((await summary('?top=1')).top_elements).toEqual([{ element_id: 'IPH15-128', element_kind: 'product_tile', count: 2 }]);
    // Another period does not show them.
    expect((await summary(`?from=${daysBefore(today, 23)}&to=${daysBefore(today, 1)}`)).counts).toEqual([]);
  });

  it('answers bad input with 400 problem+json naming the fields, and a missing CSRF token with 403', async () => {
    const bad = await send({ events: [{ type: 'page_view', page_type: 'nowhere', registered: 'yes', path: 'no-slash' }] });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(Object.keys(((await bad.json()) as { errors: Record<string, unknown> }).errors).sort()).toEqual([
      'events.0.page_type',
      'events.0.path',
      'events.0.registered',
    ]);
    expect((await send('{"events": [')).status).toBe(400);
    expect((await send({ events: [] })).status).toBe(400);
    expect((await send({ events: [{ type: 'click', element_id: 'x' }] })).status).toBe(400);
    const forged = await send({ events: [{ type: 'page_view', page_type: 'home_page', registered: false, path: '/' }] }, null);
    expect(forged.status).toBe(403);
    const period = await fetch(`${shop.base}/api/admin/analytics/summary?from=2026-01-01&to=2026-12-31`, {
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
    });
    expect(period.status).toBe(400);
    expect((await fetch(`${shop.base}/api/admin/analytics/summary`)).status).toBe(401);
  });

  it('throttles a client past its batches per window with 429 and Retry-After, and lets it send again after', async () => {
    shop.time.advance(60_000);
    const batch = { events: [{ type: 'page_view', page_type: 'home_page', registered: false, path: '/' }] };
    for (let i = 0; i < PER_CLIENT; i++) expect((await send(batch)).status).toBe(202);
    const refused = await send(batch);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    shop.time.advance(60_000);
    expect((await send(batch)).status).toBe(202);
  });

  it('is in the API reference with the capability each route checks', async () => {
    const reference = (await (await fetch(`${shop.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-capability': string; requestBody?: unknown }>>;
    };
    expect(reference.paths['/api/analytics/events']?.post?.['x-capability']).toBe('public');
    expect(reference.paths['/api/analytics/events']?.post?.requestBody).toBeDefined();
    expect(reference.paths['/api/admin/analytics/summary']?.get?.['x-capability']).toBe('analytics.read');
  });
});
