import { get as httpGet, IncomingMessage, ServerResponse, type IncomingHttpHeaders } from 'node:http';
import { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCheckpoints } from '@buyloop/event-store';
import { DEFAULT_MAX_STREAMS_PER_CLIENT } from '@buyloop/http';
import { eventsOfRawResponse, EventStreamClient } from '@buyloop/http/testing';
import { cookieHeader, czechSale, publishTestCatalogue, signedInStaff, statusLinkIn } from './buy-back-testing';
import { Browser, openShop, type Shop } from './identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Zive-Heslo-2026';
/** Events a live stream may hold for a reader that does not read; small, so a test can fill it. */
const BUFFER_LIMIT = 2;

/** A connection whose reader stopped reading: what the server writes stays in its buffers until `unstall`. */
class StalledSocket extends Duplex {
  readonly received: Buffer[] = [];
  private pending: (() => void)[] = [];
  private stalled = true;

  constructor() {
    super({ writableHighWaterMark: 1 });
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.received.push(chunk);
    if (this.stalled) this.pending.push(done);
    else done();
  }

  /** The reader reads again: everything held back flows. */
  unstall(): void {
    this.stalled = false;
    for (const done of this.pending.splice(0)) done();
  }

  get raw(): Buffer {
    return Buffer.concat(this.received);
  }

  get text(): string {
    return this.raw.toString('utf8');
  }
}

describe.each(engines)('live status of a buy-back over server-sent events on %s', (engine) => {
  let shop: Shop;
  let technician: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { live: { bufferLimit: BUFFER_LIMIT } });
    await publishTestCatalogue(shop);
    technician = await signedInStaff(shop, 'technik@live.buyloop.cz', PASSWORD, ['buyback_technician']);
  });
  afterAll(async () => shop?.close());

  async function sell() {
    const customer = await new Browser(shop.base, 'cs').open();
    const sold = await customer.request('POST', '/api/buyout/sell-online', { body: czechSale() });
    expect(sold.status).toBe(201);
    const number = sold.body.buyout_number as string;
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    return { number, token: statusLinkIn(mail.text, number).token };
  }

  /** A technician's action on the version just read; it answers once the read models show it. */
  async function act(number: string, action: 'receive' | 'inspect' | 'approve') {
    const body = {
      receive: { where: 'Praha' },
      inspect: { imei: '490154203237518', quality_found: 'B', findings: [] },
      approve: {},
    }[action];
    const detail = await technician.request('GET', `/api/admin/buybacks/${number}`);
    const done = await technician.request('POST', `/api/admin/buybacks/${number}/${action}`, {
      body,
      headers: { 'if-match': detail.headers.get('etag')! },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }

  const customerStream = (number: string, token: string, headers: Record<string, string> = {}) =>
    EventStreamClient.connect(`${shop.base}/api/buyout/${number}/events?token=${encodeURIComponent(token)}`, headers);
  const staffStream = (number: string, headers: Record<string, string> = {}) =>
    EventStreamClient.connect(`${shop.base}/api/admin/buybacks/${number}/events`, {
      cookie: cookieHeader(technician),
      ...headers,
    });
  const isAfter = (later: string | undefined, earlier: string | undefined) =>
    later !== undefined && earlier !== undefined && compareCheckpoints(later, earlier) > 0;
  /** Whether anyone still listens to the projector (every closed connection must have let go). */
  const listened = () => (shop.projector.changes$ as unknown as { source: { observed: boolean } }).source.observed;

  it('opens the customer’s stream only with the token from the e-mail (404 otherwise, as the status itself), and tells only that it changed', async () => {
    const { number, token } = await sell();
    for (const url of [
      `/api/buyout/${number}/events`,
      `/api/buyout/${number}/events?token=wrong-token`,
      `/api/buyout/0000000000/events?token=${encodeURIComponent(token)}`,
    ]) {
      const refused = await fetch(`${shop.base}${url}`, { headers: { accept: 'text/event-stream' } });
      expect(refused.status, url).toBe(404);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const body = await refused.text();
      expect(body).not.toMatch(/Dvořák|jiri\.dvorak|490154203237518/);
    }

    const client = await customerStream(number, token);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const ready = await client.waitFor((event) => event.event === 'ready');
    expect(JSON.parse(ready.data)).toEqual({ id: number });

    await act(number, 'receive');
    const changed = await client.waitFor((event) => event.event === 'changed');
    expect(isAfter(changed.id, ready.id)).toBe(true);
    // The stream says that the buy-back moved on, never what it holds: the page fetches it with its token.
    expect(JSON.parse(changed.data)).toEqual({ id: number, deleted: false });
    const status = await fetch(`${shop.base}/api/buyout/${number}?token=${encodeURIComponent(token)}`);
    expect(((await status.json()) as { status: string }).status).toBe('received');
    client.close();
  });

  it('opens the back office’s stream for staff who may read buy-backs (401 for a visitor), and 404 for a number that does not exist', async () => {
    const { number } = await sell();
    const visitor = await fetch(`${shop.base}/api/admin/buybacks/${number}/events`);
    expect(visitor.status).toBe(401);
    const missing = await staffStream('0000000000');
    expect(missing.status).toBe(404);

    const client = await staffStream(number);
    expect(client.status).toBe(200);
    await client.waitFor((event) => event.event === 'ready');
    await act(number, 'receive');
    await client.waitFor((event) => event.event === 'changed');
    client.close();
  });

  it('resumes from Last-Event-ID: a buy-back that moved on while the page was away is reported at once, one that did not is not', async () => {
    const { number, token } = await sell();
    const first = await customerStream(number, token);
    const ready = await first.waitFor((event) => event.event === 'ready');
    first.close();

    await act(number, 'receive');
    const missed = await customerStream(number, token, { 'last-event-id': ready.id! });
    const caughtUp = await missed.waitFor(() => true);
    expect(caughtUp.event).toBe('changed');
    expect(isAfter(caughtUp.id, ready.id)).toBe(true);
    missed.close();

    // Back with the newest id: nothing to report, so the first event is the next real change.
    const current = await staffStream(number, { 'last-event-id': caughtUp.id! });
    await act(number, 'inspect');
    const next = await current.waitFor(() => true);
    expect(next.event).toBe('changed');
    expect(isAfter(next.id, caughtUp.id)).toBe(true);
    current.close();

    // An id this server never gave cannot be compared: the page is told to fetch again.
    const unknown = await customerStream(number, token, { 'last-event-id': 'not-a-checkpoint' });
    expect((await unknown.waitFor(() => true)).event).toBe('changed');
    unknown.close();
  });

  it('a rebuild of the read model tells a connected page to reload once, instead of a change per rebuilt batch', async () => {
    const { number, token } = await sell();
    const client = await customerStream(number, token);
    await client.waitFor((event) => event.event === 'ready');
    await shop.projector.rebuild('buybacks');
    await act(number, 'receive');
    await client.waitFor((event) => event.event === 'changed');
    expect(client.events.map((event) => event.event)).toEqual(['ready', 'reload', 'changed']);
    client.close();
  });

  it('a reader that stops reading never holds the projector back: past its buffer it is told to reload and the stream ends', async () => {
    const { number, token } = await sell();
    // The request goes through the whole app, on a connection that takes the first bytes and then nothing.
    const socket = new StalledSocket();
    const req = new IncomingMessage(socket as never);
    req.method = 'GET';
    req.httpVersionMajor = 1;
    req.httpVersionMinor = 1;
    req.httpVersion = '1.1';
    req.url = `/api/buyout/${number}/events?token=${encodeURIComponent(token)}`;
    req.headers = { host: 'shop.buyloop.invalid', accept: 'text/event-stream' };
    req.push(null);
    const res = new ServerResponse(req);
    res.assignSocket(socket as never);
    shop.app(req as never, res as never);
    await expect.poll(() => socket.text).toContain('text/event-stream');

    // Each change is one more event the reader has not taken; the projector goes on regardless.
    await act(number, 'receive');
    await act(number, 'inspect');
    await act(number, 'approve');
    await expect.poll(() => res.writableEnded).toBe(true);

    socket.unstall();
    await expect.poll(() => socket.text).toContain('event: reload');
    const events = eventsOfRawResponse(socket.raw);
    expect(events.at(-1)).toMatchObject({ event: 'reload' });
    expect(JSON.parse(events.at(-1)!.data)).toEqual({ reason: 'overflow' });
    expect(events.filter((event) => event.event === 'changed').length).toBeLessThanOrEqual(BUFFER_LIMIT);
    socket.destroy();
  });

  /** A stream opened from another loopback address (another client, as far as the API can tell). */
  const streamFrom = (localAddress: string, path: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Promise<string>; close(): void }>((resolve, reject) => {
      const request = httpGet(`${shop.base}${path}`, { localAddress, headers: { accept: 'text/event-stream' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const body = new Promise<string>((done) => {
          res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
          res.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
        });
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, close: () => request.destroy() });
      });
      request.on('error', reject);
    });

  it('holds only so many streams open for one client address: past that, 429 problem+json with Retry-After', async () => {
    const { number, token } = await sell();
    const path = `/api/buyout/${number}/events?token=${encodeURIComponent(token)}`;
    const held = [];
    for (let i = 0; i < DEFAULT_MAX_STREAMS_PER_CLIENT; i++) held.push(await streamFrom('127.0.0.5', path));
    expect(held.map((stream) => stream.status)).toEqual(held.map(() => 200));

    const refused = await streamFrom('127.0.0.5', path);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe('30');
    const problem = JSON.parse(await refused.body) as { code: string; title: string };
    expect(problem.code).toBe('request.rate_limited');
    expect(problem.title).toMatch(/Příliš mnoho požadavků/);
    // Another client is not held to this one's share.
    const neighbour = await streamFrom('127.0.0.6', path);
    expect(neighbour.status).toBe(200);

    // A page that goes away gives its place back.
    held.pop()!.close();
    await expect
      .poll(async () => {
        const again = await streamFrom('127.0.0.5', path);
        if (again.status === 200) held.push(again);
        return again.status;
      })
      .toBe(200);
    for (const stream of [...held, neighbour]) stream.close();
  });

  it('lets go of the projector when the page goes away', async () => {
    const { number, token } = await sell();
    await expect.poll(listened, { timeout: 10_000 }).toBe(false);
    const client = await customerStream(number, token);
    await client.waitFor((event) => event.event === 'ready');
    expect(listened()).toBe(true);
    client.close();
    await expect.poll(listened, { timeout: 10_000 }).toBe(false);
  });
});
