import { request as httpRequest, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { Express } from 'express';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import { Projector, type Module } from '@buyloop/projector';
import { endEventStreams, ResponseContractCheck, type EventStreamOptions, type RouteDeclaration } from '@buyloop/http';
import { argon2Hasher } from '@buyloop/identity';
import { auditModule } from '@buyloop/audit-read-models';
import { identityModule, type IdentityHandle } from '@buyloop/identity-read-models';
import { buyBackModule, type BuyBackHandle } from '@buyloop/buy-back-read-models';
import { catalogueModule, type CatalogueHandle } from '@buyloop/catalogue-read-models';
import { analyticsModule } from '@buyloop/analytics-read-models';
import { cartModule } from '@buyloop/cart-read-models';
import { paymentsModule } from '@buyloop/payments-read-models';
import { createMailer, startMailCatcher, type MailCatcher } from '@buyloop/mail';
import type { Market } from '@buyloop/kit';
import { buildApp } from '../app';
import { projectionsOf, RunningModules } from '../module-runtime';
import { silentLogger } from '../logger';
import { createMetrics } from '../metrics';
import { frontEndRoutes } from '../front-ends';
import { pageCacheModule } from '../page-cache';
import { opsRoutes } from '../ops-routes';
import { closeServer, listen, urlOf } from '../server';

export const OPS_TOKEN = 'identity-test-ops-token';

/** A clock the tests move by hand (reset links expire, throttles end). */
export function manualClock(start = '2026-11-22T09:00:00.000Z') {
  let now = new Date(start).getTime();
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

export interface Shop {
  readonly base: string;
  readonly app: Express;
  readonly routes: readonly RouteDeclaration[];
  readonly identity: IdentityHandle;
  readonly projector: Projector;
  readonly events: PostgresEventStore;
  readonly documents: PostgresDocumentStore;
  readonly mail: MailCatcher;
  readonly buyBack: BuyBackHandle;
  /** The catalogue's areas by name; null unless opened with `catalogue: true`. */
  readonly catalogue: CatalogueHandle | null;
  readonly modules: RunningModules;
  readonly time: ReturnType<typeof manualClock>;
  /** Every answer checked against its route's contract; close() fails with the answers that do not match. */
  readonly contract: ResponseContractCheck;
  close(): Promise<void>;
}

/**
 * The whole API as main.ts wires it (identity, ops, built-in routes, the
 * users projection running), on PGlite or the PostgreSQL server in schemas
 * of its own, with real SMTP into a catcher and real argon2id (cheaper
 * settings than production, same algorithm).
 */
export async function openShop(
  engine: 'pglite' | 'postgres',
  mode: 'test' | 'production' = 'test',
  /** `clockStart`: a real browser drops cookies that expired by its own clock, so browser tests start at the real time. */
  /** `live`: the buy-back's live status streams (a test of a slow reader makes the buffer small). */
  /** `catalogue`: the catalogue module too (products, categories, prices, stock, images). */
  /** `pageCache`: the page and catalogue-answer cache caches (its purge route is always there; off, it caches nothing). */
  /** `modules`: more modules after the product's (a test's stand-in for a context that provides a port). */
  /** `market`: the market the product runs for (MARKET), cz unless told. */
  /** `publicUrl`: PUBLIC_URL, handed to the front ends too (canonical links); without it they name the address they are asked on. */
  options: {
    frontEnds?: boolean;
    clockStart?: string;
    live?: EventStreamOptions;
    catalogue?: boolean;
    pageCache?: boolean;
    modules?: readonly Module[];
    market?: Market;
    publicUrl?: string;
  } = {},
): Promise<Shop> {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  const market = options.market ?? 'cz';
  const sql: SqlClient = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
  const events = await PostgresEventStore.create(sql, { schema: `t_idev_${id}`, ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: `t_idrm_${id}`, ownsClient: false });
  const time = manualClock(options.clockStart);
  // Every projection the product runs, as main.ts runs them.
  // The modules main.ts runs, with cheaper password hashing (same algorithm), quick mail retries and no scheduler timer.
  const identity = identityModule({ passwords: argon2Hasher({ memoryCost: 4096, timeCost: 1 }) });
  const buyBack = buyBackModule({
    mailRetry: { baseDelayMs: 50, maxDelayMs: 500 },
    settleMs: 15_000,
    schedulerIntervalMs: 3_600_000,
    ...(options.live ? { live: options.live } : {}),
  });
  const catalogue = options.catalogue ? catalogueModule({ settleMs: 15_000 }) : null;
  const list = [
    auditModule(),
    identity,
    buyBack,
    pageCacheModule(),
    analyticsModule(),
    ...(catalogue ? [catalogue, cartModule({ settleMs: 15_000 })] : []),
    paymentsModule(),
    ...(options.modules ?? []),
  ];
  const projector = new Projector(events, documents, projectionsOf(list), { clock: time.clock });
  await projector.start();
  const mail = await startMailCatcher();
  const mailer = createMailer({ host: mail.host, port: mail.port, from: 'Buyloop <obchod@buyloop.invalid>' });
  const modules = await RunningModules.open(list, {
    events,
    documents,
    market,
    clock: time.clock,
    publicUrl: options.publicUrl ?? 'https://shop.buyloop.invalid',
    mode,
    logger: silentLogger,
    mail: { send: (message) => mailer.send(message), caught: () => mail.messages() },
    env: { BUYBACK_PAYOUT_LIMIT: '20000', PAGE_CACHE: options.pageCache ? 'on' : 'off' },
    collection: (name) => projector.readCollection(name),
    waitFor: (name, checkpoint, timeoutMs) => projector.waitFor(name, checkpoint, timeoutMs),
    changes: projector.changes$,
  });
  await modules.start();
  const contract = new ResponseContractCheck();
  const built = buildApp({
    config: { market, mode },
    eventStore: events,
    clock: time.clock,
    logger: silentLogger,
    metrics: createMetrics({ defaultMetrics: false }),
    sessions: modules.sessions,
    opsToken: OPS_TOKEN,
    contractCheck: contract,
    routes: [
      ...modules.routes,
      opsRoutes(projector, modules),
      ...(options.frontEnds ? [frontEndRoutes({ market, ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}) })] : []),
    ],
  });
  const server: Server = await listen(built.app, 0, '127.0.0.1');
  // A test's fetch reuses kept-alive connections, and its clock (undici's coarse timers, in this process's event
  // loop, which PGlite's queries block) can run late: a connection idle near the server's limit may be taken
  // just as the server closes it, and the request is reset (ECONNRESET / other side closed). Preparing 50 buyers
  // on PGlite leaves the first ones idle for over a minute. No test waits ten minutes; closeServer still cuts
  // idle connections at once.
  server.keepAliveTimeout = 600_000;
  return {
    base: urlOf(server),
    app: built.app,
    routes: built.routes,
    identity: modules.handleOf(identity),
    projector,
    events,
    documents,
    mail,
    buyBack: modules.handleOf(buyBack),
    catalogue: catalogue ? modules.handleOf(catalogue) : null,
    modules,
    time,
    contract,
    async close() {
      endEventStreams(built.app);
      await closeServer(server);
      await modules.stop();
      await projector.stop();
      await mailer.close();
      await mail.close();
      await events.close();
      if (engine === 'postgres') await dropSchemas(sql, [`t_idev_${id}`, `t_idrm_${id}`]);
      await sql.close();
      settleContract(contract);
    },
  };
}

/**
 * The journeys' answers against the routes' contracts: a mismatch fails the
 * test file that made it. `CONTRACT_CHECK=record` lists the mismatches in
 * `CONTRACT_VIOLATIONS_FILE` (JSON lines) instead, for a change that
 * documents many routes at once.
 */
function settleContract(contract: ResponseContractCheck): void {
  if (process.env.CONTRACT_CHECK !== 'record') return contract.assertNone();
  const file = process.env.CONTRACT_VIOLATIONS_FILE;
  if (file) appendFileSync(file, contract.violations.map((violation) => `${JSON.stringify(violation)}\n`).join(''));
}

/**
 * A browser, as far as the API can tell: keeps cookies, and sends the CSRF
 * cookie's value back in the header on state-changing requests (as our
 * pages do) unless told not to.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    private readonly language = 'cs',
    /** Another loopback address (127.0.0.2…) to connect from: a second client, as far as the API can tell. */
    private readonly localAddress?: string,
  ) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; csrf?: 'auto' | 'none' | string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
    const headers: Record<string, string> = { 'accept-language': this.language, ...(options.headers ?? {}) };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = options.csrf ?? 'auto';
    if (method !== 'GET' && csrf !== 'none') {
      const token = csrf === 'auto' ? this.cookies.get('buyloop_csrf') : csrf;
      if (token) headers['x-csrf-token'] = token;
    }
    const body = options.body !== undefined ? JSON.stringify(options.body) : undefined;
    const response = this.localAddress
      ? await fromAddress(`${this.base}${path}`, method, headers, body, this.localAddress)
      : await fetch(`${this.base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    };
  }

  /** Fetches the CSRF token, as a page does when it loads. */
  async open(): Promise<this> {
    await this.request('GET', '/api/auth/csrf');
    return this;
  }

  async logIn(email: string, password: string) {
    await this.open();
    return this.request('POST', '/api/auth/login', { body: { email, password } });
  }
}

export const STRONG_PASSWORD = 'Řeřicha-2026';

/** One request over node:http, connecting from `localAddress`, answered as a fetch Response. */
function fromAddress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  localAddress: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(incoming.headers))
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
        const status = incoming.statusCode ?? 0;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
      incoming.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The link of the newest registration e-mail to `email` (`/registrace/potvrdit?token=…`). */
export async function registrationLinkFor(shop: Shop, email: string): Promise<URL> {
  const mail = await shop.mail.waitFor(
    (m) => m.to.includes(email) && /\/registrace\/potvrdit\?token=/.test(m.text) && !seenLinks.has(m.id),
    10_000,
  );
  seenLinks.add(mail.id);
  return new URL(/https:\/\/shop\.buyloop\.invalid\/registrace\/potvrdit\?token=\S+/.exec(mail.text)![0]);
}
const seenLinks = new Set<string>();

/** A customer registered as a visitor does it (the form, the e-mailed link, the same password), signed in. */
export async function registerCustomer(shop: Shop, email: string, password = STRONG_PASSWORD, language = 'cs'): Promise<Browser> {
  const browser = await new Browser(shop.base, language).open();
  const asked = await browser.request('POST', '/api/auth/register', {
    body: { email, password, password_confirmation: password },
  });
  if (asked.status !== 202) throw new Error(`Registering ${email}: ${asked.status} ${JSON.stringify(asked.body)}`);
  const link = await registrationLinkFor(shop, email.toLowerCase());
  const confirmed = await browser.request('POST', '/api/auth/register/confirm', {
    body: { token: link.searchParams.get('token'), password },
  });
  if (confirmed.status !== 201) throw new Error(`Confirming ${email}: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return browser;
}
