import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { setImmediate as turn } from 'node:timers/promises';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endEventStreams, EventStream, formatServerSentEvent, RELOAD_EVENT } from './event-stream';
import { problemHandler } from './problems';
import { eventsOfRawResponse, EventStreamClient } from './testing/event-stream-client';

let server: Server;
let base: string;
const app = express();
/** The stream each test's request opened, by the `name` in its query. */
const opened = new Map<string, EventStream>();
const closedByServer: string[] = [];

beforeAll(async () => {
  app.get('/events', (req, res) => {
    const name = String(req.query.name);
    const stream = EventStream.open(req, res, {
      heartbeatMs: Number(req.query.heartbeat ?? 60_000),
      bufferLimit: Number(req.query.buffer ?? 64),
    });
    stream.onClose(() => closedByServer.push(name));
    opened.set(name, stream);
    if (stream.lastEventId !== null) stream.send({ event: 'resumed', data: { after: stream.lastEventId } });
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  endEventStreams(app);
  await new Promise((resolve) => server.close(resolve));
});

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 1_000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
};

describe('a server-sent event stream', () => {
  it('answers text/event-stream, uncached, with a retry time, and sends events with their ids as JSON', async () => {
    const client = await EventStreamClient.connect(`${base}/events?name=plain`);
    expect(client.status).toBe(200);
    expect(client.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.headers.get('cache-control')).toBe('no-store');
    await until(() => opened.has('plain'));
    opened.get('plain')!.send({ event: 'changed', id: '12/34', data: { id: 'A-1' } });
    opened.get('plain')!.send({ event: 'ready', data: null });
    const [changed, ready] = await client.waitForCount(2);
    expect(changed).toMatchObject({ event: 'changed', id: '12/34' });
    expect(JSON.parse(changed!.data)).toEqual({ id: 'A-1' });
    expect(ready).toMatchObject({ event: 'ready', data: 'null' });
    expect(client.retryMs).toBe(2_000);
    client.close();
  });

  it('hands the handler the Last-Event-ID a reconnecting browser sends', async () => {
    const client = await EventStreamClient.connect(`${base}/events?name=resume`, { 'last-event-id': '7/99' });
    const resumed = await client.waitFor((event) => event.event === 'resumed');
    expect(JSON.parse(resumed.data)).toEqual({ after: '7/99' });
    client.close();
  });

  it('sends heartbeat comments while nothing happens', async () => {
    const client = await EventStreamClient.connect(`${base}/events?name=quiet&heartbeat=20`);
    expect(await client.waitForComment()).toBe('heartbeat');
    expect(client.events).toEqual([]);
    client.close();
  });

  it('notices a client that went away: the stream closes and its listeners run (no subscription is left behind)', async () => {
    const client = await EventStreamClient.connect(`${base}/events?name=gone`);
    await until(() => opened.has('gone'));
    client.close();
    await until(() => closedByServer.includes('gone'));
    expect(opened.get('gone')!.closed).toBe(true);
    // Sending to a closed stream is a no-op, never an error thrown at the publisher.
    opened.get('gone')!.send({ event: 'changed', data: {} });
  });

  it('ends every open stream of an app when the server shuts down', async () => {
    const client = await EventStreamClient.connect(`${base}/events?name=shutdown`);
    await until(() => opened.has('shutdown'));
    endEventStreams(app);
    await client.ended;
    expect(closedByServer).toContain('shutdown');
  });

  it('keeps a line break in an id or event name from starting a field of its own', () => {
    const text = formatServerSentEvent({ event: 'changed\ndata: forged', id: '1/2\r\nevent: x', data: 'a\nb' });
    expect(text).toBe('event: changeddata: forged\nid: 1/2event: x\ndata: "a\\nb"\n\n');
  });

  it('never holds the sender back: a client that stops reading gets a bounded buffer, then a reload, and the stream ends', async () => {
    // A raw connection whose reading is paused, as a stalled browser tab or a phone in a tunnel.
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'GET /events?name=stalled&buffer=4 HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n',
    );
    socket.pause();
    await until(() => opened.has('stalled'));
    const stream = opened.get('stalled')!;
    const payload = 'x'.repeat(64 * 1024);
    let sent = 0;
    // Each send returns at once; the socket's buffers fill, then the stream's own, then it gives up on the client.
    for (; sent < 5_000 && !stream.closed; sent++) {
      stream.send({ event: 'changed', id: `1/${sent}`, data: payload });
      await turn();
    }
    expect(stream.closed).toBe(true);
    expect(closedByServer).toContain('stalled');

    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => socket.once('close', resolve));
    socket.resume();
    await done;
    const received = eventsOfRawResponse(Buffer.concat(chunks));
    const last = received.at(-1);
    expect(last?.event).toBe(RELOAD_EVENT);
    expect(JSON.parse(last!.data)).toEqual({ reason: 'overflow' });
    // What the client never took was dropped, not kept for it.
    expect(received.filter((event) => event.event === 'changed').length).toBeLessThan(sent);
  });
});

describe('how many streams may be open', () => {
  let limitedServer: Server;
  let limitedBase: string;
  const limitedApp = express();
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    // Behind a proxy that names the client, so one test can speak for several addresses.
    limitedApp.set('trust proxy', true);
    limitedApp.get('/events', (req, res) => void EventStream.open(req, res, { maxPerClient: 2, maxOpen: 3 }));
    limitedApp.use(problemHandler(quiet));
    await new Promise<void>((resolve) => {
      limitedServer = limitedApp.listen(0, '127.0.0.1', () => resolve());
    });
    limitedBase = `http://127.0.0.1:${(limitedServer.address() as AddressInfo).port}/events`;
  });

  afterAll(async () => {
    endEventStreams(limitedApp);
    await new Promise((resolve) => limitedServer.close(resolve));
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  /** A request the limit refuses: its status, problem, Retry-After. */
  const refused = async (address: string) => {
    const answer = await fetch(limitedBase, { headers: { accept: 'text/event-stream', ...from(address) } });
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      retryAfter: answer.headers.get('retry-after'),
      problem: (await answer.json()) as { code: string; status: number },
    };
  };

  it('refuses a client past its share, and anyone past the total, with 429 problem+json and Retry-After', async () => {
    const first = await EventStreamClient.connect(limitedBase, from('10.0.0.1'));
    const second = await EventStreamClient.connect(limitedBase, from('10.0.0.1'));
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await refused('10.0.0.1');
    expect(third).toEqual({
      status: 429,
      type: 'application/problem+json; charset=utf-8',
      retryAfter: '30',
      problem: expect.objectContaining({ status: 429, code: 'request.rate_limited' }),
    });
    // Another address still gets its stream, up to the total.
    const other = await EventStreamClient.connect(limitedBase, from('10.0.0.2'));
    expect(other.status).toBe(200);
    expect(await refused('10.0.0.3')).toMatchObject({ status: 429, retryAfter: '30' });

    // A stream that ends gives its place back (once the server has noticed the client left).
    first.close();
    let again = await EventStreamClient.connect(limitedBase, from('10.0.0.1'));
    for (let attempt = 0; again.status === 429 && attempt < 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      again = await EventStreamClient.connect(limitedBase, from('10.0.0.1'));
    }
    expect(again.status).toBe(200);
    for (const client of [second, other, again]) client.close();
  });
});
