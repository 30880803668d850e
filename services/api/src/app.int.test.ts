import type { Server } from 'node:http';
import express from 'express';
import { SecuredRouter, problemHandler, requestId } from '@buyloop/http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient, type EventStore } from '@buyloop/event-store';
import { systemActor, ValidationError } from '@buyloop/kit';
import { createApp } from './app';
import type { LogFields, Logger } from './logger';
import { closeServer, listen, urlOf } from './server';
import { StartupError } from './startup-error';

interface LogEntry {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: LogFields | undefined;
}

function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (message, fields) => entries.push({ level: 'info', message, fields }),
    warn: (message, fields) => entries.push({ level: 'warn', message, fields }),
    error: (message, fields) => entries.push({ level: 'error', message, fields }),
  };
}

/** A clock the test moves by hand, so uptime and timestamps are exact. */
/** A state-changing request from our own pages: the CSRF cookie and the header that repeats it. */
const CSRF = { 'x-csrf-token': 'test-token', cookie: 'buyloop_csrf=test-token' };

function manualClock(start: string) {
  let now = new Date(start).getTime();
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** Stand-ins for the slices to come: one that refuses input by field, one with a bug, one that reads the body. */
function exampleRoutes(): SecuredRouter {
  const router = new SecuredRouter();
  router.post('/examples/echo', 'public', (req, res) => {
    res.json({ received: req.body });
  });
  router.post('/examples/buy-back', 'public', () => {
    throw new ValidationError('validation.failed', {
      'customer_data.first_name': ['validation.required'],
      'pickup_address.street': ['validation.too_long'],
    });
  });
  router.get('/examples/bug', 'public', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/buyloop/internal.ts:42');
  });
  return router;
}

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')?.split(';')[0]).toBe('application/problem+json');
  return (await response.json()) as Record<string, unknown>;
}

const OPS_TOKEN = 'app-test-ops-token';
/** The local operator's bearer token: an administrator, as far as the permission table goes. */
const AS_ADMINISTRATOR = { authorization: `Bearer ${OPS_TOKEN}` };

describe('the API app on a real PGlite event store', () => {
  let store: PostgresEventStore;
  let server: Server;
  let base: string;
  const logger = recordingLogger();
  const time = manualClock('2026-03-01T10:00:00.000Z');

  beforeAll(async () => {
    store = await PostgresEventStore.create(await pgliteClient());
    const app = createApp({
      config: { market: 'ro', mode: 'test' },
      eventStore: store,
      clock: time.clock,
      logger,
      routes: [exampleRoutes()],
      jsonLimit: 1024,
      opsToken: OPS_TOKEN,
    });
    server = await listen(app, 0, '127.0.0.1');
    base = urlOf(server);
  });

  afterAll(async () => {
    await closeServer(server);
    await store.close();
  });

  it('answers /health with what a load balancer needs and nothing more; the details are for administrators', async () => {
    time.advance(90_000);
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
    const visitor = await fetch(`${base}/health/details`);
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const details = await fetch(`${base}/health/details`, { headers: AS_ADMINISTRATOR });
    expect(details.headers.get('cache-control')).toBe('no-store');
    expect(await details.json()).toEqual({
      status: 'ok',
      market: 'ro',
      engine: 'pglite',
      headPosition: '0',
      uptimeSeconds: 90,
      time: '2026-03-01T10:01:30.000Z',
    });
  });

  it('shows the head position moving as events are recorded, as a string so no precision is lost', async () => {
    await store.append(
      'health-check-1',
      [
        { type: 'Probed', data: {} },
        { type: 'Probed', data: {} },
      ],
      {
        actor: systemActor,
        market: 'ro',
      },
    );
    const body = (await (await fetch(`${base}/health/details`, { headers: AS_ADMINISTRATOR })).json()) as {
      headPosition: unknown;
    };
    expect(body.headPosition).toBe('2');
  });

  it('serves a readable status page at /api/status (/ is the shop’s home): up or not for everyone, the details for administrators', async () => {
    const response = await fetch(`${base}/api/status`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>Buyloop · running</title>');
    expect(html).toContain('<a href="/health">/health</a>');
    expect(html).not.toMatch(/Romania · Lei|pglite|Events recorded/);
    const detailed = await (await fetch(`${base}/api/status`, { headers: AS_ADMINISTRATOR })).text();
    expect(detailed).toContain('Romania · Lei');
    expect(detailed).toContain('<dd>pglite</dd>');
    expect(detailed).toMatch(/Events recorded up to position<\/dt><dd>\d+<\/dd>/);
    expect(detailed).toContain('<a href="/health/details">/health/details</a>');
  });

  it('sends the usual security headers', async () => {
    const response = await fetch(`${base}/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('gives every answer a request id, keeping a sane one the caller sent', async () => {
    const generated = await fetch(`${base}/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${base}/health`, { headers: { 'X-Request-Id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const replaced = await fetch(`${base}/health`, { headers: { 'X-Request-Id': 'x'.repeat(500) } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('parses JSON bodies for routes', async () => {
    const response = await fetch(`${base}/examples/echo`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ e_mail: 'jana@example.cz' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: { e_mail: 'jana@example.cz' } });
  });

  it('answers a malformed JSON body with 400 request.malformed_json, the request id as instance', async () => {
    const response = await fetch(`${base}/examples/echo`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', 'X-Request-Id': 'req-malformed' },
      body: '{"e_mail": ',
    });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({
      status: 400,
      code: 'request.malformed_json',
      title: 'The request is not valid',
      instance: 'req-malformed',
    });
    expect(problem.detail).toMatch(/^The request body is not valid JSON/);
  });

  it('answers a body over the limit with 413 request.too_large', async () => {
    const response = await fetch(`${base}/examples/echo`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(2048) }),
    });
    expect(response.status).toBe(413);
    expect(await problemOf(response)).toMatchObject({
      status: 413,
      code: 'request.too_large',
      detail: 'The request body must not be larger than 1024 bytes',
    });
  });

  it('answers an unsupported body encoding with 415, not 500', async () => {
    const response = await fetch(`${base}/examples/echo`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', 'content-encoding': 'compress' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await problemOf(response)).toMatchObject({ status: 415, code: 'request.unsupported_encoding' });
  });

  it('answers an unknown route with 404 route.not_found', async () => {
    const response = await fetch(`${base}/no/such/page?x=1`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await problemOf(response)).toMatchObject({
      status: 404,
      code: 'route.not_found',
      detail: 'There is no DELETE /no/such/page',
      instance: response.headers.get('x-request-id'),
    });
  });

  it('answers a ValidationError with 400 and messages keyed by the field path of the request', async () => {
    const response = await fetch(`${base}/examples/buy-back`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 400, code: 'validation.failed' });
    expect(problem.errors).toEqual({
      'customer_data.first_name': ['validation.required'],
      'pickup_address.street': ['validation.too_long'],
    });
  });

  it('answers a bug with a bare 500 problem and logs the details for the operator', async () => {
    const response = await fetch(`${base}/examples/bug`, { headers: { 'X-Request-Id': 'req-bug' } });
    expect(response.status).toBe(500);
    const raw = await response.clone().text();
    const problem = await problemOf(response);
    expect(Object.keys(problem).sort()).toEqual(['code', 'instance', 'status', 'title', 'type']);
    expect(problem).toMatchObject({ status: 500, code: 'internal', instance: 'req-bug' });
    expect(raw).not.toMatch(/secret_table|internal\.ts|\bat\s/);

    const logged = logger.entries.find((e) => e.level === 'error' && e.fields?.requestId === 'req-bug');
    expect(logged?.fields).toMatchObject({ method: 'GET', path: '/examples/bug' });
    expect((logged?.fields?.error as Error).message).toContain('secret_table');
  });

  it('explains a busy port as a StartupError that names the fix', async () => {
    const port = Number(new URL(base).port);
    const attempt = listen(() => undefined, port, '127.0.0.1');
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(
      `Port ${port} is already in use on 127.0.0.1: stop the other process or set PORT to a free port.`,
    );
  });
});

describe('the API app when the event store cannot be reached', () => {
  let store: PostgresEventStore;
  let server: Server | undefined;
  const logger = recordingLogger();

  async function start(eventStore: EventStore): Promise<string> {
    server = await listen(
      createApp({ config: { market: 'cz', mode: 'test' }, eventStore, logger, healthTimeoutMs: 200, opsToken: OPS_TOKEN }),
      0,
      '127.0.0.1',
    );
    return urlOf(server);
  }

  beforeAll(async () => {
    store = await PostgresEventStore.create(await pgliteClient());
  });

  afterEach(async () => {
    if (server) await closeServer(server);
    server = undefined;
  });

  afterAll(async () => {
    await store.close();
  });

  it('gives up on a store that does not answer instead of hanging the health check', async () => {
    const stuck = new Proxy(store, {
      get: (target, key, receiver) =>
        key === 'headPosition' ? () => new Promise<bigint>(() => undefined) : Reflect.get(target, key, receiver),
    });
    const base = await start(stuck);
    const started = Date.now();
    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await problemOf(response)).code).toBe('health.event_store_unreachable');
  });

  it('answers /health with 503 and says so on the status page when the store is gone', async () => {
    await store.close();
    const base = await start(store);

    const response = await fetch(`${base}/health`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ status: 503, code: 'health.event_store_unreachable' });
    expect(JSON.stringify(problem)).not.toContain('pglite');
    const details = await fetch(`${base}/health/details`, { headers: AS_ADMINISTRATOR });
    expect(details.status).toBe(503);
    expect(await problemOf(details)).toMatchObject({ detail: 'The event store (pglite) cannot be reached' });
    expect(logger.entries.some((e) => e.level === 'warn' && e.message.includes('event store cannot be reached'))).toBe(true);

    const page = await fetch(`${base}/api/status`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Degraded');
    expect(await (await fetch(`${base}/api/status`, { headers: AS_ADMINISTRATOR })).text()).toContain(
      'Degraded: the event store cannot be reached',
    );
  });
});

describe('the problem middleware on its own', () => {
  it('answers a ValidationError thrown by any Express app with the field errors, as problem+json', async () => {
    const app = express();
    app.use(requestId());
    app.get('/throws', () => {
      throw new ValidationError('validation.failed', { e_mail: ['validation.email'] });
    });
    app.use(problemHandler(recordingLogger()));
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const response = await fetch(`${urlOf(server)}/throws`);
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem.errors).toEqual({ e_mail: ['validation.email'] });
      expect(problem.instance).toBe(response.headers.get('x-request-id'));
    } finally {
      await closeServer(server);
    }
  });
});
