import type { Server } from 'node:http';
import { SecuredRouter } from '@buyloop/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient, type EventStore } from '@buyloop/event-store';
import { systemActor } from '@buyloop/kit';
import { createApp } from './app';
import { silentLogger } from './logger';
import { createMetrics, type Metrics } from './metrics';
import { closeServer, listen, urlOf } from './server';

/** A slice stand-in whose route has a parameter, so the route label can be told from the raw path. */
const OPS_TOKEN = 'metrics-test-operator-token';

function itemRoutes(): SecuredRouter {
  const router = new SecuredRouter();
  router.get('/items/:id', 'public', (req, res) => {
    res.json({ id: req.params.id });
  });
  return router;
}

/** The value of one sample line, e.g. `name{a="b"} 3`; undefined when the series is absent. */
function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics of the API', () => {
  let raw: PostgresEventStore;
  let store: EventStore;
  let metrics: Metrics;
  let server: Server;
  let base: string;

  const scrape = async (): Promise<string> => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    raw = await PostgresEventStore.create(await pgliteClient());
    metrics = createMetrics();
    store = metrics.countAppends(raw);
    const app = createApp({
      config: { market: 'cz', mode: 'test' },
      eventStore: store,
      logger: silentLogger,
      metrics,
      routes: [itemRoutes()],
      opsToken: OPS_TOKEN,
    });
    server = await listen(app, 0, '127.0.0.1');
    base = urlOf(server);
  });

  afterAll(async () => {
    await closeServer(server);
    await store.close();
  });

  it('serves the text exposition format with the process metrics', async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.text();
    expect(body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(body).toContain('# TYPE nodejs_heap_size_used_bytes gauge');
    expect(body).toContain('# TYPE buyloop_events_appended_total counter');
    expect(body).toContain('# TYPE buyloop_http_request_duration_seconds histogram');
  });

  it('counts appended events by type, leaving idempotent replays and appends around the wrapper out', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const events = [
      { id: ids[0], type: 'MetricsItemAdded', data: { sku: 'a' } },
      { id: ids[1], type: 'MetricsItemAdded', data: { sku: 'b' } },
      { id: ids[2], type: 'MetricsCartCleared', data: {} },
    ];
    const first = await store.append('cart-metrics-1', events, {
      expectedVersion: 'no_stream',
      actor: systemActor,
      market: 'cz',
    });
    expect(first).toMatchObject({ streamVersion: 3n, duplicate: false });
    // A retried request: the store answers with the original result and writes nothing.
    const retry = await store.append('cart-metrics-1', events, {
      expectedVersion: 'no_stream',
      actor: systemActor,
      market: 'cz',
    });
    expect(retry.duplicate).toBe(true);
    await raw.append('cart-metrics-2', [{ type: 'MetricsCartCleared', data: {} }], { actor: systemActor, market: 'cz' });

    const body = await scrape();
    expect(sample(body, 'buyloop_events_appended_total{type="MetricsItemAdded"}')).toBe(2);
    expect(sample(body, 'buyloop_events_appended_total{type="MetricsCartCleared"}')).toBe(1);
  });

  it('passes reads through the wrapper unchanged', async () => {
    expect(store.engine).toBe('pglite');
    expect(await store.headPosition()).toBe(await raw.headPosition());
    const events = await store.readStream('cart-metrics-1');
    expect(events.map((e) => e.type)).toEqual(['MetricsItemAdded', 'MetricsItemAdded', 'MetricsCartCleared']);
    const health = (await (
      await fetch(`${base}/health/details`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })
    ).json()) as { headPosition: string };
    expect(health.headPosition).toBe(String(await raw.headPosition()));
  });

  it('times requests by method, route pattern and status, never by raw path', async () => {
    expect((await fetch(`${base}/items/41`)).status).toBe(200);
    expect((await fetch(`${base}/items/42`)).status).toBe(200);
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404);

    const body = await scrape();
    const items = 'buyloop_http_request_duration_seconds_count{method="GET",route="/items/:id",status="200"}';
    expect(sample(body, items)).toBe(2);
    expect(sample(body, 'buyloop_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    const sum = sample(body, 'buyloop_http_request_duration_seconds_sum{method="GET",route="/items/:id",status="200"}');
    expect(sum).toBeGreaterThan(0);
    expect(
      sample(body, 'buyloop_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/items/:id",status="200"}'),
    ).toBe(2);
    expect(body).not.toContain('/items/41');
    expect(body).not.toContain('/no/such/page');
  });

  it('shows what the projector reports through projectionMetrics, per projection', async () => {
    metrics.projectionMetrics.setLag('orders', { lagEvents: 12, lagSeconds: 3.5 });
    metrics.projectionMetrics.addProcessed('orders', 40);
    metrics.projectionMetrics.addProcessed('orders', 2);
    metrics.projectionMetrics.setLag('catalog', { lagEvents: 0, lagSeconds: 0 });

    let body = await scrape();
    expect(sample(body, 'buyloop_projection_lag_events{projection="orders"}')).toBe(12);
    expect(sample(body, 'buyloop_projection_lag_seconds{projection="orders"}')).toBe(3.5);
    expect(sample(body, 'buyloop_projection_events_total{projection="orders"}')).toBe(42);
    expect(sample(body, 'buyloop_projection_lag_events{projection="catalog"}')).toBe(0);

    metrics.projectionMetrics.setLag('orders', { lagEvents: 0, lagSeconds: 0 });
    metrics.projectionMetrics.forget('catalog');
    body = await scrape();
    expect(sample(body, 'buyloop_projection_lag_events{projection="orders"}')).toBe(0);
    expect(sample(body, 'buyloop_projection_lag_events{projection="catalog"}')).toBeUndefined();
  });

  it('keeps each registry separate, so two apps in one process do not share counts', async () => {
    const other = createMetrics({ defaultMetrics: false });
    const body = await other.registry.metrics();
    expect(body).not.toContain('process_cpu_user_seconds_total');
    expect(body).not.toContain('MetricsItemAdded');
  });
});
