import type { Request, Response } from 'express';
import { RequestRefused } from '@buyloop/kit';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies and browsers from closing a quiet connection (20 s). */
  readonly heartbeatMs?: number;
  /** Events that may wait for a client that does not read; one more and it is told to reload, and the stream ends (64). */
  readonly bufferLimit?: number;
  /** How long a browser waits before it reconnects after the connection drops (2 s). */
  readonly retryMs?: number;
  /** Streams one client address may hold open at once (10): a page or two per tab, not a flood. */
  readonly maxPerClient?: number;
  /** Streams the app (one per process) holds open at once, from everyone (1000). */
  readonly maxOpen?: number;
}

/** One server-sent event: `event:` names it, `id:` is what the browser sends back as Last-Event-ID, `data:` is JSON. */
export interface ServerSentEvent {
  readonly event: string;
  readonly id?: string | null;
  readonly data: unknown;
}

/** The event a client gets when it fell too far behind or the stream cannot go on: fetch everything again. */
export const RELOAD_EVENT = 'reload';

const DEFAULT_HEARTBEAT_MS = 20_000;
const DEFAULT_BUFFER_LIMIT = 64;
const DEFAULT_RETRY_MS = 2_000;
export const DEFAULT_MAX_STREAMS_PER_CLIENT = 10;
export const DEFAULT_MAX_OPEN_STREAMS = 1_000;
/** What a refused stream is told to wait: long enough for a tab or two to close, short enough for a page that retries. */
const STREAM_LIMIT_RETRY_AFTER_SECONDS = 30;
const MAX_LAST_EVENT_ID = 200;
/** How long an ended stream's last bytes may wait for a client that does not read before its connection is cut. */
const END_GRACE_MS = 5_000;

/** A line break inside a field would end it early and let the rest pass for another field. */
const oneLine = (value: string): string => value.replace(/[\r\n\0]/g, '');

export function formatServerSentEvent({ event, id, data }: ServerSentEvent): string {
  const lines = [`event: ${oneLine(event)}`];
  if (id !== undefined && id !== null) lines.push(`id: ${oneLine(id)}`);
  // JSON without indentation has no raw line breaks: one data line.
  lines.push(`data: ${JSON.stringify(data ?? null)}`);
  return `${lines.join('\n')}\n\n`;
}

const openStreams = new WeakMap<object, Set<EventStream>>();

const tooManyStreams = (message: string): RequestRefused =>
  new RequestRefused(429, 'request.rate_limited', 'Too many requests', message, {
    retryAfterSeconds: STREAM_LIMIT_RETRY_AFTER_SECONDS,
  });

/**
 * Ends every event stream an app has open: a server shutting down would
 * otherwise wait for them. The browsers reconnect (to whichever process
 * serves next) and resume from their Last-Event-ID.
 */
export function endEventStreams(app: object): void {
  for (const stream of openStreams.get(app) ?? []) stream.close();
}

/**
 * A `text/event-stream` response that never holds its sender back: events
 * the client has not taken yet wait in a bounded buffer; past its limit the
 * client is told to reload and the stream ends, so a slow or stalled reader
 * costs a reload, never memory or a blocked publisher. `send` returns at
 * once and never throws. Heartbeat comments keep an idle connection open.
 */
export class EventStream {
  /** What the browser sent back when it reconnected (null on a first connection or an unusable value). */
  readonly lastEventId: string | null;
  private readonly waiting: string[] = [];
  private blocked = false;
  private ended = false;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly closeListeners: (() => void)[] = [];
  private readonly bufferLimit: number;

  private constructor(
    req: Request,
    private readonly res: Response,
    options: EventStreamOptions,
    private readonly registry: Set<EventStream>,
    /** Whom the stream is counted against (Express's req.ip: the proxy's client under TRUST_PROXY). */
    readonly clientAddress: string,
  ) {
    const header = req.get('last-event-id');
    this.lastEventId = header && header.length <= MAX_LAST_EVENT_ID && !/[\r\n\0]/.test(header) ? header : null;
    this.bufferLimit = options.bufferLimit ?? DEFAULT_BUFFER_LIMIT;
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      // A buffering proxy would hold the events back until the response ends.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    this.write(`retry: ${options.retryMs ?? DEFAULT_RETRY_MS}\n\n`);
    this.heartbeat = setInterval(() => {
      // A client that has not taken the last events needs no proof of life on top of them.
      if (!this.blocked) this.write(': heartbeat\n\n');
    }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    this.heartbeat.unref();
    res.on('close', () => this.finish());
    this.registry.add(this);
  }

  /**
   * Answers the request with an event stream; call it only once the request
   * has passed every check. Each stream holds a connection, a timer and a
   * subscription for as long as the client likes, so there are only so many:
   * past `maxPerClient` from one address or `maxOpen` in all, the request is
   * refused (RequestRefused 429 with Retry-After, thrown before anything is
   * written) and the page goes on without live updates.
   */
  static open(req: Request, res: Response, options: EventStreamOptions = {}): EventStream {
    const registry = openStreams.get(req.app) ?? new Set<EventStream>();
    openStreams.set(req.app, registry);
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? '';
    const maxOpen = options.maxOpen ?? DEFAULT_MAX_OPEN_STREAMS;
    const maxPerClient = options.maxPerClient ?? DEFAULT_MAX_STREAMS_PER_CLIENT;
    if (registry.size >= maxOpen) throw tooManyStreams(`The server holds ${maxOpen} live streams open already; try again later`);
    let fromClient = 0;
    for (const stream of registry) if (stream.clientAddress === clientAddress) fromClient += 1;
    if (fromClient >= maxPerClient)
      throw tooManyStreams(`This address holds ${maxPerClient} live streams open already; close one or try again later`);
    return new EventStream(req, res, options, registry, clientAddress);
  }

  get closed(): boolean {
    return this.ended;
  }

  send(event: ServerSentEvent): void {
    this.write(formatServerSentEvent(event));
  }

  /** Ends the response (the browser reconnects by itself unless told otherwise). */
  close(): void {
    this.end();
  }

  /** Runs once the stream is over, whoever ended it; at once if it already is. */
  onClose(listener: () => void): void {
    if (this.ended) listener();
    else this.closeListeners.push(listener);
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (this.blocked) {
      this.waiting.push(chunk);
      if (this.waiting.length > this.bufferLimit) this.overflow();
      return;
    }
    if (!this.res.write(chunk)) this.block();
  }

  private block(): void {
    this.blocked = true;
    this.res.once('drain', () => this.drain());
  }

  private drain(): void {
    this.blocked = false;
    while (!this.ended && this.waiting.length > 0) {
      if (!this.res.write(this.waiting.shift()!)) {
        this.block();
        return;
      }
    }
  }

  /** The client fell too far behind: what it missed is dropped, it is told to reload, and the stream ends. */
  private overflow(): void {
    this.waiting.length = 0;
    this.end(formatServerSentEvent({ event: RELOAD_EVENT, data: { reason: 'overflow' } }));
  }

  private end(last?: string): void {
    if (this.ended) return;
    this.finish();
    if (last === undefined) this.res.end();
    else this.res.end(last);
    // A client that stopped reading would keep the connection (and its buffers) forever.
    const cut = setTimeout(() => this.res.destroy(), END_GRACE_MS);
    cut.unref();
    this.res.once('close', () => clearTimeout(cut));
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.waiting.length = 0;
    clearInterval(this.heartbeat);
    this.registry.delete(this);
    for (const listener of this.closeListeners.splice(0)) {
      try {
        listener();
      } catch {
        // A listener's failure must not keep the others from cleaning up.
      }
    }
  }
}
