/**
 * pnpm bench:checkout — the checkout under contention (issue 15 point 7).
 * Starts the product (node --import tsx services/api/src/main.ts, demo
 * catalogue and demo staff, fresh store) and, from this second process over
 * loopback only, measures:
 *
 * - last pieces: 50 buyers (each its own cart cookie and CSRF token, the
 *   product in the cart first) finish at once for a product with exactly 5
 *   pieces left; prints the orders placed, the 409s and `oversold`, read
 *   back from the stock read model (GET /api/admin/stock/:code: pieces held
 *   against pieces on hand), not assumed;
 * - single-use code: a discount and one generated code made through the
 *   back office's API by the demo catalogue manager; 20 carts apply it and
 *   finish at once; exactly one order may be placed;
 * - throughput: 16 buyers, each on a product of its own with plenty of
 *   stock, finish carts prepared beforehand, 16 finishes in flight at a
 *   time: orders/s and the finish's p50/p99; against the event store's
 *   single-event appends (16 writers, distinct streams, through the
 *   EventStore port) on the same store in the same run, measured once the
 *   product has stopped (PGlite allows one process); target ≥ 0.2× (an
 *   order takes several appends: reservation, order, cart, payment).
 *
 * PGlite in a temporary directory always; with DATABASE_URL set, also a
 * database of its own on that PostgreSQL server (created and dropped here).
 * BENCH_ENGINE=pglite|postgres measures one of them only.
 * One JSON object per line on stdout, `"bench":"checkout-summary"` last;
 * progress on stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PostgresEventStore, pgClient, pgliteClient, type EventStore } from '@buyloop/event-store';
import { emit, percentile, progress, round } from './harness';
import { ACTOR, MARKET, orderPlaced } from './payload';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const LAST = { buyers: 50, pieces: 5 } as const;
const CODE_RACE = { buyers: 20 } as const;
const THROUGHPUT = {
  buyers: 16,
  ordersPerBuyer: Number(process.env.BENCH_ORDERS_PER_BUYER ?? 10),
  stock: 10_000,
  target: 0.2,
} as const;
const APPEND = { writers: 16, warmupMs: 1000, measureMs: Number(process.env.BENCH_APPEND_MS ?? 5000) } as const;
const WAREHOUSE = 'cz-central';
/** The demo catalogue manager (services/identity/src/demo-users.ts; development mode only): stock and discounts. */
const MANAGER = { email: 'catalogue-manager@demo.buyloop.cz', password: 'Demo-Heslo-2026' };

type Engine = 'pglite' | 'postgres';

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** One visitor: its own cookies (cart, CSRF, session), sending the CSRF header as the storefront does. */
class Visitor {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const sent: Record<string, string> = { 'accept-language': 'cs', ...headers };
    if (body !== undefined) sent['content-type'] = 'application/json';
    if (this.cookies.size > 0) sent.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = this.cookies.get('buyloop_csrf');
    if (method !== 'GET' && token) sent['x-csrf-token'] = token;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: sent,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async open(): Promise<this> {
    await this.request('GET', '/api/auth/csrf');
    return this;
  }

  async must(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const answer = await this.request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
}

/** What every buyer sends, the delivery and payment as the product lists them (deliveryFor). */
const ORDER = {
  customer: { email: 'bench@example.cz', phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
  billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
  order_info: { consents: { terms: true, privacy: true } },
};
let choice: { delivery: Record<string, string>; payment: { method: string } } | null = null;

/**
 * Store pickup at the first store the cart's delivery list names (no courier timeslot, no pickup point to look
 * up), paid on delivery or, where the product does not offer that, by bank transfer: no gateway redirect.
 */
async function deliveryFor(visitor: Visitor): Promise<NonNullable<typeof choice>> {
  const { deliveries } = (await visitor.must('GET', '/api/cart/deliveries')) as {
    deliveries: { code: string; available: boolean; stores?: { id: string }[] }[];
  };
  const store = deliveries.find((option) => option.code === 'store_pickup' && option.available)?.stores?.[0]?.id;
  if (!store) throw new Error(`No store pickup offered: ${JSON.stringify(deliveries)}`);
  const { payments } = (await visitor.must('GET', '/api/cart/payments?delivery=store_pickup')) as {
    payments: { code: string; available: boolean }[];
  };
  const method = ['cash_on_delivery', 'bank_transfer'].find((code) => payments.some((p) => p.code === code && p.available));
  if (!method) throw new Error(`No payment without a redirect offered: ${JSON.stringify(payments)}`);
  return { delivery: { method: 'store_pickup', store_id: store }, payment: { method } };
}

async function buyer(base: string, code: string, discountCode?: string): Promise<Visitor> {
  const visitor = await new Visitor(base).open();
  await visitor.must('POST', '/api/cart/items', { product: code, quantity: 1 });
  if (discountCode) await visitor.must('POST', '/api/cart/discount-codes', { code: discountCode });
  choice ??= await deliveryFor(visitor);
  return visitor;
}

interface Finished extends Answer {
  readonly ms: number;
}

async function finish(visitor: Visitor): Promise<Finished> {
  const started = performance.now();
  const answer = await visitor.request('POST', '/api/cart/finish', { ...ORDER, ...choice });
  return { ...answer, ms: performance.now() - started };
}

const tally = (answers: readonly Answer[]) => {
  const statuses: Record<string, number> = {};
  const codes: Record<string, number> = {};
  for (const answer of answers) {
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (answer.status !== 201) codes[String(answer.body.code)] = (codes[String(answer.body.code)] ?? 0) + 1;
  }
  return { statuses, codes };
};

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where the product keeps its data: PGlite in the run's directory, or a database of its own on the server. */
interface Storage {
  readonly engine: Engine;
  readonly env: Record<string, string>;
  /** The product's event store, opened by this process once the product has stopped. */
  openEvents(): Promise<{ readonly store: EventStore; close(): Promise<void> }>;
  drop(): Promise<void>;
}

async function storageFor(engine: Engine, dir: string): Promise<Storage> {
  const schema = 'event_store';
  if (engine === 'pglite') {
    const dataDir = join(dir, 'pglite');
    return {
      engine,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      async openEvents() {
        const sql = await pgliteClient(dataDir);
        const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
        return { store, close: async () => (await store.close(), await sql.close()) };
      },
      drop: async () => undefined,
    };
  }
  const server = process.env.DATABASE_URL!.trim();
  const name = `buyloop_bench_checkout_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    engine,
    env: { DATA_DIR: join(dir, 'unused'), DATABASE_URL: url.toString() },
    async openEvents() {
      const sql = pgClient({ connectionString: url.toString() });
      const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
      return { store, close: async () => (await store.close(), await sql.close()) };
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

interface Product {
  readonly base: string;
  stop(): Promise<void>;
}

/** The product as npm start runs it in development mode (demo catalogue, demo staff), on `storage`. */
async function startProduct(storage: Storage): Promise<Product> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/api/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', BUYLOOP_MODE: 'development', ...storage.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}`);
      if (i > 1200) throw new Error('The product did not come up within ten minutes');
      try {
        const health = await fetch(`${base}/health`);
        const catalogue = await fetch(`${base}/api/catalog/products`);
        if (health.ok && catalogue.ok && ((await catalogue.json()) as { total: number }).total > 0) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface StockView {
  readonly totals: { readonly on_hand: number; readonly reserved: number; readonly available: number };
  readonly locations: readonly { readonly location: string; readonly on_hand: number }[];
}

/** Demo products a buyer can put in the cart: priced and not ordered in (their stock is counted here). */
async function buyableProducts(base: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; codes.length < count && page <= 20; page++) {
    const listed = (await (await fetch(`${base}/api/catalog/products?page_size=96&page=${page}`)).json()) as {
      items: { code: string; price: number; stock_state: string }[];
    };
    if (listed.items.length === 0) break;
    for (const item of listed.items) if (item.price > 0 && item.stock_state !== 'on_order') codes.push(item.code);
  }
  if (codes.length < count) throw new Error(`The demo catalogue lists ${codes.length} buyable products, ${count} wanted`);
  return codes.slice(0, count);
}

/** Counts every location of `code` to nothing but `pieces` in the warehouse (a stock count, as staff record one). */
async function stockExactly(manager: Visitor, code: string, pieces: number): Promise<StockView> {
  const view = (await manager.must('GET', `/api/admin/stock/${encodeURIComponent(code)}`)) as unknown as StockView;
  for (const location of view.locations) {
    const on_hand = location.location === WAREHOUSE ? pieces : 0;
    if (location.on_hand !== on_hand || location.location === WAREHOUSE)
      await manager.must('POST', '/api/admin/stock/counts', {
        code,
        location: location.location,
        on_hand,
        reason: 'bench:checkout',
      });
  }
  return (await manager.must('GET', `/api/admin/stock/${encodeURIComponent(code)}`)) as unknown as StockView;
}

async function lastPieces(product: Product, manager: Visitor, code: string, engine: Engine) {
  const before = await stockExactly(manager, code, LAST.pieces);
  if (before.totals.available !== LAST.pieces) throw new Error(`${code}: ${JSON.stringify(before.totals)} after the count`);
  const buyers = await Promise.all(Array.from({ length: LAST.buyers }, () => buyer(product.base, code)));
  const answers = await Promise.all(buyers.map(finish));
  const after = (await manager.must('GET', `/api/admin/stock/${encodeURIComponent(code)}`)) as unknown as StockView;
  const placed = answers.filter((answer) => answer.status === 201).length;
  const refused409 = answers.filter((answer) => answer.status === 409).length;
  // Oversold from the stock read model: pieces held for orders beyond the pieces on hand.
  const oversold = Math.max(0, after.totals.reserved - after.totals.on_hand);
  const pass =
    placed === LAST.pieces && refused409 === LAST.buyers - LAST.pieces && oversold === 0 && after.totals.reserved === placed;
  const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const result = {
    bench: 'checkout-last-pieces',
    engine,
    product: code,
    pieces_left: before.totals.available,
    buyers: LAST.buyers,
    orders_placed: placed,
    refused_409: refused409,
    ...tally(answers),
    stock_after: after.totals,
    oversold,
    finish_p50_ms: round(percentile(sorted, 50), 1),
    finish_p99_ms: round(percentile(sorted, 99), 1),
    target: `exactly ${LAST.pieces} orders, ${LAST.buyers - LAST.pieces} x 409, oversold 0`,
    pass,
  };
  emit(result);
  // The issue's own words for the one number that must never be other than 0, beside the JSON line.
  progress(`  oversold: ${oversold} (${engine})`);
  return result;
}

async function singleUseCode(product: Product, manager: Visitor, code: string, engine: Engine) {
  const discount = await manager.must('POST', '/api/admin/discounts', {
    title: 'bench:checkout 10 %',
    discount_type: 'percentage',
    discount_value: 10,
  });
  const generated = await manager.must('POST', `/api/admin/discounts/${String(discount.id)}/codes`, { count: 1 });
  const [discountCode] = generated.codes as string[];
  const buyers = await Promise.all(Array.from({ length: CODE_RACE.buyers }, () => buyer(product.base, code, discountCode)));
  const answers = await Promise.all(buyers.map(finish));
  const placed = answers.filter((answer) => answer.status === 201);
  const others = answers.filter((answer) => answer.status !== 201);
  const refusedRight = others.every(
    (answer) => answer.status === 409 && ['discount.code_used', 'discount.invalid'].includes(String(answer.body.code)),
  );
  const result = {
    bench: 'checkout-single-use-code',
    engine,
    buyers: CODE_RACE.buyers,
    orders_placed: placed.length,
    ...tally(answers),
    winner: placed[0]?.body.order_number ?? null,
    target: 'exactly 1 order; the others 409 discount.code_used / discount.invalid',
    pass: placed.length === 1 && refusedRight,
  };
  emit(result);
  return result;
}

async function throughput(product: Product, manager: Visitor, codes: readonly string[], engine: Engine) {
  for (const code of codes) await stockExactly(manager, code, THROUGHPUT.stock);
  progress(`  preparing ${codes.length * THROUGHPUT.ordersPerBuyer} carts…`);
  const carts: Visitor[][] = [];
  for (const code of codes) {
    const own: Visitor[] = [];
    for (let i = 0; i < THROUGHPUT.ordersPerBuyer; i++) own.push(await buyer(product.base, code));
    carts.push(own);
  }
  // A round of finishes first: the first requests of a fresh process pay for compiling the code paths.
  const warm = carts.map((own) => own.shift()!);
  await Promise.all(warm.map(finish));
  const times: number[] = [];
  const failed: Answer[] = [];
  const began = performance.now();
  await Promise.all(
    carts.map(async (own) => {
      for (const visitor of own) {
        const answer = await finish(visitor);
        if (answer.status === 201) times.push(answer.ms);
        else failed.push(answer);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const result = {
    bench: 'checkout-throughput',
    engine,
    buyers: codes.length,
    orders: times.length,
    failed: failed.length,
    ...(failed.length > 0 ? tally(failed) : {}),
    seconds: round(seconds, 2),
    orders_per_s: round(times.length / seconds, 1),
    finish_p50_ms: round(percentile(sorted, 50), 1),
    finish_p99_ms: round(percentile(sorted, 99), 1),
  };
  emit(result);
  return result;
}

/** Single-event appends by 16 writers to streams of their own, through the EventStore port, for a fixed time. */
async function appends(storage: Storage) {
  const { store, close } = await storage.openEvents();
  try {
    let runs = 0;
    const run = async (ms: number) => {
      const pass = runs++;
      let count = 0;
      const until = performance.now() + ms;
      const began = performance.now();
      await Promise.all(
        Array.from({ length: APPEND.writers }, async (_, writer) => {
          for (let n = 0; performance.now() < until; n++) {
            await store.append(
              `bench-append-${process.pid}-${pass}-${writer}-${n}`,
              [{ type: 'BenchOrderPlaced', data: orderPlaced() }],
              {
                expectedVersion: 'no_stream',
                actor: ACTOR,
                market: MARKET,
              },
            );
            count++;
          }
        }),
      );
      return count / ((performance.now() - began) / 1000);
    };
    await run(APPEND.warmupMs);
    const perSecond = await run(APPEND.measureMs);
    const result = {
      bench: 'checkout-eventstore-appends',
      engine: storage.engine,
      writers: APPEND.writers,
      seconds: APPEND.measureMs / 1000,
      appends_per_s: round(perSecond, 1),
    };
    emit(result);
    return result;
  } finally {
    await close();
  }
}

async function onEngine(engine: Engine) {
  const dir = mkdtempSync(join(tmpdir(), 'buyloop-bench-checkout-'));
  const storage = await storageFor(engine, dir);
  try {
    progress(`Starting the product on ${engine}…`);
    const product = await startProduct(storage);
    let last: Awaited<ReturnType<typeof lastPieces>>;
    let coded: Awaited<ReturnType<typeof singleUseCode>>;
    let flow: Awaited<ReturnType<typeof throughput>>;
    try {
      const manager = await new Visitor(product.base).open();
      await manager.must('POST', '/api/auth/login', MANAGER);
      const codes = await buyableProducts(product.base, THROUGHPUT.buyers + 2);
      const [lastCode, codeRaceProduct, ...others] = codes as [string, string, ...string[]];
      await stockExactly(manager, codeRaceProduct, 1_000);
      progress(`  ${LAST.buyers} buyers of the last ${LAST.pieces} pieces of ${lastCode}…`);
      last = await lastPieces(product, manager, lastCode, engine);
      progress(`  ${CODE_RACE.buyers} checkouts with one single-use code…`);
      coded = await singleUseCode(product, manager, codeRaceProduct, engine);
      progress(`  throughput: ${THROUGHPUT.buyers} buyers…`);
      flow = await throughput(product, manager, others, engine);
    } finally {
      await product.stop();
    }
    progress(`  the event store's single appends on ${engine}…`);
    const store = await appends(storage);
    const ratio = round(flow.orders_per_s / store.appends_per_s, 3);
    return { engine, last, coded, flow, store, ratio };
  } finally {
    await storage.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const reachable: Engine[] = process.env.DATABASE_URL?.trim() ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.BENCH_ENGINE;
  const engines = reachable.filter((engine) => !only || engine === only);
  const results = [];
  for (const engine of engines) results.push(await onEngine(engine));
  const summary: Record<string, unknown> = { bench: 'checkout-summary', engines };
  let met = true;
  for (const { engine, last, coded, flow, store, ratio } of results) {
    const throughputPass = ratio >= THROUGHPUT.target && flow.failed === 0;
    const targets = {
      last_pieces: {
        value: { orders: last.orders_placed, refused_409: last.refused_409, oversold: last.oversold },
        target: last.target,
        pass: last.pass,
      },
      single_use_code: { value: coded.orders_placed, target: 'exactly 1', pass: coded.pass },
      throughput_ratio: {
        value: ratio,
        orders_per_s: flow.orders_per_s,
        appends_per_s: store.appends_per_s,
        target: `>= ${THROUGHPUT.target}`,
        pass: throughputPass,
      },
    };
    met &&= Object.values(targets).every((target) => target.pass);
    summary[engine] = {
      orders_placed_last_pieces: last.orders_placed,
      refused_409_last_pieces: last.refused_409,
      oversold: last.oversold,
      single_use_code_orders: coded.orders_placed,
      orders_per_s: flow.orders_per_s,
      appends_per_s: store.appends_per_s,
      ratio,
      finish_p50_ms: flow.finish_p50_ms,
      finish_p99_ms: flow.finish_p99_ms,
      targets,
    };
  }
  summary.targets_met = met;
  emit(summary);
}

main().catch((error: unknown) => {
  progress(`bench:checkout failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
