/**
 * pnpm bench:shop — the shop's pages and search under load (issue 14 point 4).
 * Builds the front ends, starts the product (node --import tsx
 * services/api/src/main.ts, demo catalogue, fresh embedded store) and, from
 * this second process over loopback only, measures in the same run:
 *
 * - a category page's and a product page's HTML throughput at 32
 *   connections, against the same bytes served as a static file by the same
 *   server (the ceiling): ratio target ≥ 0.5 with the page cache warm; p99
 *   latency; then the same with the cache off (PAGE_CACHE=off, a second
 *   start), to show what the cache buys;
 * - freshness: from a price change command (the back office's PUT
 *   /api/admin/prices/:code, as the demo catalogue manager) to the new price in the
 *   served HTML, over 20 changes, p99 target < 1 s; and whether another
 *   product's page stayed cached meanwhile;
 * - search: p50/p95/p99 of /api/search over a catalogue of 10,000 generated
 *   products (the catalogue's events appended straight to the event store
 *   while the product is stopped, folded by its projector at the next start:
 *   shop-catalogue.ts), target p95 < 30 ms, over a mix of prefixes, typos,
 *   terms without accents, models in several words, six common words and the
 *   demo's model names; the static file's p95 over the same loop as the floor.
 *
 * PGlite in a temporary directory by default; with DATABASE_URL set, a
 * database of its own on that PostgreSQL server (created and dropped here).
 *
 * One JSON object per line; the summary (`"bench":"shop-summary"`) last.
 * BENCH_SKIP_BUILD=1 uses the front ends as built; BENCH_ONLY=search measures
 * search alone; BENCH_SEARCH_PRODUCTS changes the generated catalogue's size.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { PostgresEventStore, pgClient, pgliteClient, type EventStore } from '@buyloop/event-store';
import { appendGeneratedCatalogue, searchTerms, type GeneratedCatalogue } from './shop-catalogue';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const STATIC_DIR = join(ROOT, 'web/dist/client/assets');
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RATIO_TARGET = 0.5;
const FRESHNESS_TARGET_MS = 1000;
const FRESHNESS_CHANGES = 20;
const SEARCH_TARGET_MS = 30;
const SEARCH_PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 10_000);
const SEARCH_TARGET_PRODUCTS = 10_000;
const SEARCH_REQUESTS = 600;

const line = (value: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(value)}\n`);
const progress = (text: string) => process.stderr.write(`${text}\n`);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

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

interface Product {
  readonly base: string;
  readonly engine: Storage['engine'];
  stop(): Promise<void>;
}

/** The demo catalogue manager (services/identity/src/demo-users.ts; development mode only). */
const MANAGER = { email: 'catalogue-manager@demo.buyloop.cz', password: 'Demo-Heslo-2026' };

/**
 * Signs the demo catalogue manager in as the back office does (CSRF cookie, then the login), and answers the
 * headers each of its requests carries: the back office's commands need a person, not the operator's token.
 */
async function signIn(base: string): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const take = async (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    return response;
  };
  const headers = () => ({
    cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-csrf-token': jar.get('buyloop_csrf') ?? '',
  });
  await take(await fetch(`${base}/api/auth/csrf`));
  const login = await take(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify(MANAGER),
    }),
  );
  if (!login.ok) throw new Error(`The demo catalogue manager cannot sign in: ${login.status}`);
  return headers();
}

/**
 * The product on an embedded store in `dir` (fresh the first time) with the demo catalogue, as npm start runs
 * it. The first start draws the demo pictures in the background: measuring waits until they are attached.
 */
async function startProduct(storage: Storage, env: Record<string, string>): Promise<Product> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BUYLOOP_MODE: 'development',
      ...storage.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let log = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => (log = (log + chunk).slice(-20_000)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}`);
      if (i > 1200) throw new Error('The product did not come up (and draw its demo pictures) within ten minutes');
      const drawing = /drawing \d+ models' pictures/.test(log) && !/Demo catalogue pictures (attached|: \d+ drawn)/.test(log);
      try {
        const health = await fetch(`${base}/health`);
        const catalogue = await fetch(`${base}/api/catalog/categories`);
        if (health.ok && catalogue.ok && !drawing) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { base, engine: storage.engine, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface CategoryNode {
  readonly seo_name: string;
  readonly product_count?: number;
  readonly children?: readonly CategoryNode[];
}

interface Pages {
  readonly category: string;
  readonly product: string;
  /** Another product's page, which a price change of the first must leave cached. */
  readonly other: string;
  readonly code: string;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A category with products, its page and two of its products' pages (as the category page links them). */
async function findPages(base: string): Promise<Pages> {
  const { categories } = await json<{ categories: CategoryNode[] }>(`${base}/api/catalog/categories`);
  const all: CategoryNode[] = [];
  const walk = (nodes: readonly CategoryNode[]) => nodes.forEach((node) => (all.push(node), walk(node.children ?? [])));
  walk(categories);
  for (const category of all.filter((node) => (node.product_count ?? 1) > 1)) {
    const { items } = await json<{ items: { code: string; seo_name: string }[] }>(
      `${base}/api/catalog/products?category=${encodeURIComponent(category.seo_name)}&page_size=24`,
    );
    if (items.length < 2) continue;
    const categoryPath = `/${category.seo_name}`;
    const html = await (await fetch(`${base}${categoryPath}`)).text();
    const linkTo = (seo: string) =>
      [...html.matchAll(/href="([^"#?]+)"/g)].map((match) => match[1]!).find((href) => href.endsWith(`/${seo}`)) ??
      `${categoryPath}/${seo}`;
    const [first, ...rest] = items as [{ code: string; seo_name: string }, ...{ code: string; seo_name: string }[]];
    // The other page must not show the changed product (a variant's page lists its siblings and their prices).
    for (const candidate of rest.reverse()) {
      const other = linkTo(candidate.seo_name);
      const keys = (await fetch(`${base}${other}`)).headers.get('surrogate-key')?.split(' ') ?? [];
      if (!keys.includes(`product-${first.code}`))
        return { category: categoryPath, product: linkTo(first.seo_name), other, code: first.code };
    }
  }
  throw new Error('No category with two unrelated products in the demo catalogue');
}

/** Waits until the server answers /health within 100 ms again (at most a minute). */
async function drained(base: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const started = performance.now();
    await (await fetch(`${base}/health`)).arrayBuffer();
    if (performance.now() - started < 100) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Load {
  readonly perSecond: number;
  readonly p99: number;
  readonly errors: number;
}

async function load(url: string, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    perSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** Our page against its own bytes as a static file of the same server; warmed first. */
async function pageAgainstStatic(base: string, path: string, name: string, cache: 'on' | 'off') {
  const bytes = Buffer.from(await (await fetch(`${base}${path}`)).arrayBuffer());
  const file = `bench-shop-${process.pid}-${name}-${cache}.html`;
  writeFileSync(join(STATIC_DIR, file), bytes);
  try {
    await load(`${base}${path}`, 2);
    await drained(base);
    await load(`${base}/assets/${file}`, 2);
    const ours = await load(`${base}${path}`);
    // Renders still queued from the run before (cache off) would slow the baseline down: they finish first.
    await drained(base);
    const baseline = await load(`${base}/assets/${file}`);
    const after = await fetch(`${base}${path}`);
    await after.arrayBuffer();
    const ratio = round(ours.perSecond / Math.max(1, baseline.perSecond), 2);
    const result = {
      bench: 'shop-html',
      page: name,
      path,
      cache,
      bytes: bytes.length,
      connections: CONNECTIONS,
      ours_per_s: ours.perSecond,
      ours_p99_ms: ours.p99,
      ours_errors: ours.errors,
      baseline: 'static-file',
      baseline_per_s: baseline.perSecond,
      baseline_p99_ms: baseline.p99,
      ratio,
      // Cache on: a page still cached from before the run says HIT with an Age of about the run's length.
      x_cache_after: after.headers.get('x-cache'),
      age_after_s: Number(after.headers.get('age') ?? NaN),
      ...(cache === 'on' ? { target_ratio: RATIO_TARGET, pass: ratio >= RATIO_TARGET && ours.errors === 0 } : {}),
    };
    line(result);
    return result;
  } finally {
    rmSync(join(STATIC_DIR, file), { force: true });
  }
}

/** The price as a page may print it: its digits, with any grouping space or dot between them. */
const pricePattern = (price: number) => new RegExp(String(price).split('').join('[\\s\\u00a0\\u202f.,]?'));

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function freshness(product: Product, pages: Pages) {
  const auth = { ...(await signIn(product.base)), 'content-type': 'application/json' };
  // The other page is cached before the changes, and must still be a HIT after them.
  await fetch(`${product.base}${pages.other}`);
  await fetch(`${product.base}${pages.product}`);
  const times: number[] = [];
  const commands: number[] = [];
  let timedOut = 0;
  for (let i = 0; i < FRESHNESS_CHANGES; i++) {
    const price = 13_571 + i * 7;
    const started = performance.now();
    const put = await fetch(`${product.base}/api/admin/prices/${encodeURIComponent(pages.code)}`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ price }),
    });
    if (!put.ok) throw new Error(`Price change refused: ${put.status} ${await put.text()}`);
    await put.arrayBuffer();
    commands.push(performance.now() - started);
    const pattern = pricePattern(price);
    for (;;) {
      const html = await (await fetch(`${product.base}${pages.product}`)).text();
      if (pattern.test(html)) break;
      if (performance.now() - started > 10_000) {
        timedOut++;
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    times.push(performance.now() - started);
  }
  const other = await fetch(`${product.base}${pages.other}`);
  await other.arrayBuffer();
  const p99 = round(percentile(times, 99));
  const result = {
    bench: 'shop-freshness',
    path: pages.product,
    changes: FRESHNESS_CHANGES,
    p50_ms: round(percentile(times, 50)),
    command_p50_ms: round(percentile(commands, 50)),
    p99_ms: p99,
    max_ms: round(Math.max(...times)),
    timed_out: timedOut,
    target_p99_ms: FRESHNESS_TARGET_MS,
    pass: p99 < FRESHNESS_TARGET_MS && timedOut === 0,
    other_page: pages.other,
    other_page_x_cache: other.headers.get('x-cache'),
    other_page_stayed_cached: other.headers.get('x-cache') === 'HIT',
  };
  line(result);
  return result;
}

/**
 * Where the product keeps its data in this run: PGlite in the run's directory, or, with DATABASE_URL set, a
 * database of its own on that PostgreSQL server (created here, dropped at the end), so nothing else's schemas
 * are touched.
 */
interface Storage {
  readonly engine: 'pglite' | 'postgres';
  readonly env: Record<string, string>;
  /** The product's event store, opened by this process while the product is stopped (PGlite allows one process). */
  openEvents(): Promise<{ readonly store: EventStore; close(): Promise<void> }>;
  drop(): Promise<void>;
}

async function storageFor(dir: string): Promise<Storage> {
  const server = process.env.DATABASE_URL?.trim();
  const schema = 'event_store';
  if (!server) {
    const dataDir = join(dir, 'pglite');
    return {
      engine: 'pglite',
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      async openEvents() {
        const sql = await pgliteClient(dataDir);
        const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
        return { store, close: async () => (await store.close(), await sql.close()) };
      },
      drop: async () => undefined,
    };
  }
  const name = `buyloop_bench_shop_${process.pid}`;
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
    engine: 'postgres',
    env: { DATA_DIR: join(dir, 'unused'), DATABASE_URL: url.toString() },
    async openEvents() {
      const sql = pgClient({ connectionString: url.toString() });
      const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
      return { store, close: async () => (await store.close(), await sql.close()) };
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The catalogue's listed products (variants), as the listing counts them. */
const listedTotal = async (base: string) => (await json<{ total: number }>(`${base}/api/catalog/products`)).total;

/**
 * Appends SEARCH_PRODUCTS generated products to the stopped product's event store (shop-catalogue.ts): the
 * product folds them at its next start.
 */
async function generateProducts(storage: Storage) {
  const { store, close } = await storage.openEvents();
  try {
    return await appendGeneratedCatalogue(store, {
      products: SEARCH_PRODUCTS,
      market: 'cz',
      parallel: storage.engine === 'postgres' ? 16 : 8,
      progress: (done) => {
        if (done % 2000 === 0) progress(`  ${done} products appended`);
      },
    });
  } finally {
    await close();
  }
}

/** Waits until the listing counts `expected` products: the projector has folded the generated ones. */
async function caughtUp(base: string, expected: number): Promise<number> {
  const began = performance.now();
  for (let i = 0; ; i++) {
    const total = await listedTotal(base);
    if (total >= expected) return round((performance.now() - began) / 1000);
    if (i > 1200) throw new Error(`The generated products never all showed: ${total} of ${expected} listed`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return performance.now() - started;
}

async function search(product: Product, staticPath: string, generated: GeneratedCatalogue, foldSeconds: number) {
  const terms = searchTerms(SEARCH_REQUESTS);
  // One round first: the first requests of a fresh process pay for compiling the code paths.
  for (const { term } of terms.slice(0, 30)) await timed(`${product.base}/api/search?term=${encodeURIComponent(term)}`);
  const ours: number[] = [];
  const byKind = new Map<string, number[]>();
  const floor: number[] = [];
  for (const { kind, term } of terms) {
    const took = await timed(`${product.base}/api/search?term=${encodeURIComponent(term)}`);
    ours.push(took);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    floor.push(await timed(`${product.base}${staticPath}`));
  }
  const p95 = round(percentile(ours, 95));
  const listed = await listedTotal(product.base);
  const result = {
    bench: 'shop-search',
    engine: product.engine,
    generated_products: generated.products,
    listed_products: listed,
    generated_in_s: generated.seconds,
    folded_in_s: foldSeconds,
    requests: terms.length,
    ours_p50_ms: round(percentile(ours, 50)),
    ours_p95_ms: p95,
    ours_p99_ms: round(percentile(ours, 99)),
    p95_ms_by_kind: Object.fromEntries([...byKind].map(([kind, times]) => [kind, round(percentile(times, 95))])),
    baseline: 'static-file',
    baseline_p95_ms: round(percentile(floor, 95)),
    target_p95_ms: SEARCH_TARGET_MS,
    target_products: SEARCH_TARGET_PRODUCTS,
    pass: p95 < SEARCH_TARGET_MS && generated.products >= SEARCH_TARGET_PRODUCTS,
  };
  line(result);
  return result;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    progress('Building the storefront and the back office…');
    const build = spawnSync(process.execPath, [join(ROOT, 'infra/scripts/pnpm.mjs'), 'run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('pnpm build failed');
  }

  const dir = mkdtempSync(join(tmpdir(), 'buyloop-bench-shop-'));
  const storage = await storageFor(dir);
  try {
    await phases(storage);
  } finally {
    await storage.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The generated catalogue appended while the product is stopped; the product started again (as `env` says)
 * once the listing counts `before` + the generated products.
 */
async function withGeneratedCatalogue(storage: Storage, before: number, env: Record<string, string>) {
  progress(`Appending ${SEARCH_PRODUCTS} generated products to the ${storage.engine} event store…`);
  const generated = await generateProducts(storage);
  progress(`  ${generated.products} products (${generated.events} events) in ${generated.seconds} s; starting again…`);
  const began = performance.now();
  const product = await startProduct(storage, env);
  try {
    await caughtUp(product.base, before + generated.products);
    return { product, generated, foldSeconds: round((performance.now() - began) / 1000) };
  } catch (error) {
    await product.stop();
    throw error;
  }
}

/** Search over the generated catalogue, with a tiny static file of the same server as the floor. */
async function searchWithFloor(product: Product, generated: GeneratedCatalogue, foldSeconds: number) {
  progress(`Search over ${generated.products} generated products…`);
  const file = `bench-shop-${process.pid}-floor.txt`;
  writeFileSync(join(STATIC_DIR, file), 'ok');
  try {
    return await search(product, `/assets/${file}`, generated, foldSeconds);
  } finally {
    rmSync(join(STATIC_DIR, file), { force: true });
  }
}

const searchTarget = (found: Awaited<ReturnType<typeof search>>) => ({
  value: found.ours_p95_ms,
  target: `< ${SEARCH_TARGET_MS} over >= ${SEARCH_TARGET_PRODUCTS} products`,
  products: found.generated_products,
  pass: found.pass,
});

/** BENCH_ONLY=search: the search figure alone. */
async function searchOnly(storage: Storage): Promise<void> {
  progress(`Starting the product on ${storage.engine} (demo catalogue)…`);
  const first = await startProduct(storage, { PAGE_CACHE: 'off' });
  const before = await listedTotal(first.base).finally(() => first.stop());
  const { product, generated, foldSeconds } = await withGeneratedCatalogue(storage, before, { PAGE_CACHE: 'off' });
  try {
    const found = await searchWithFloor(product, generated, foldSeconds);
    line({
      bench: 'shop-summary',
      engine: storage.engine,
      search_p50_ms: found.ours_p50_ms,
      search_p95_ms: found.ours_p95_ms,
      search_p99_ms: found.ours_p99_ms,
      targets: { search_p95_ms: searchTarget(found) },
      targets_met: found.pass,
    });
  } finally {
    await product.stop();
  }
}

async function phases(storage: Storage): Promise<void> {
  if (process.env.BENCH_ONLY === 'search') return searchOnly(storage);
  progress(`Starting the product on ${storage.engine} with the page cache on…`);
  let product = await startProduct(storage, { PAGE_CACHE: 'on' });
  let warm: Awaited<ReturnType<typeof pageAgainstStatic>>[];
  let fresh: Awaited<ReturnType<typeof freshness>>;
  let pages: Pages;
  let before: number;
  try {
    pages = await findPages(product.base);
    before = await listedTotal(product.base);
    progress(`Pages: ${pages.category}, ${pages.product}`);
    warm = [
      await pageAgainstStatic(product.base, pages.category, 'category', 'on'),
      await pageAgainstStatic(product.base, pages.product, 'product', 'on'),
    ];
    progress('Freshness…');
    fresh = await freshness(product, pages);
  } finally {
    await product.stop();
  }

  const started = await withGeneratedCatalogue(storage, before, { PAGE_CACHE: 'off' });
  product = started.product;
  let cold: Awaited<ReturnType<typeof pageAgainstStatic>>[];
  let found: Awaited<ReturnType<typeof search>>;
  try {
    progress('The page cache off (PAGE_CACHE=off)…');
    cold = [
      await pageAgainstStatic(product.base, pages.category, 'category', 'off'),
      await pageAgainstStatic(product.base, pages.product, 'product', 'off'),
    ];
    found = await searchWithFloor(product, started.generated, started.foldSeconds);
  } finally {
    await product.stop();
  }

  const [category, detail] = warm as [(typeof warm)[number], (typeof warm)[number]];
  const targets = {
    category_ratio_warm: { value: category.ratio, target: `>= ${RATIO_TARGET}`, pass: category.pass === true },
    product_ratio_warm: { value: detail.ratio, target: `>= ${RATIO_TARGET}`, pass: detail.pass === true },
    freshness_p99_ms: { value: fresh.p99_ms, target: `< ${FRESHNESS_TARGET_MS}`, pass: fresh.pass },
    untouched_page_stays_cached: { value: fresh.other_page_x_cache, target: 'HIT', pass: fresh.other_page_stayed_cached },
    search_p95_ms: searchTarget(found),
  };
  line({
    bench: 'shop-summary',
    engine: storage.engine,
    category_ratio_warm: category.ratio,
    product_ratio_warm: detail.ratio,
    category_p99_ms_warm: category.ours_p99_ms,
    product_p99_ms_warm: detail.ours_p99_ms,
    category_ratio_cache_off: cold[0]?.ratio,
    product_ratio_cache_off: cold[1]?.ratio,
    category_p99_ms_cache_off: cold[0]?.ours_p99_ms,
    product_p99_ms_cache_off: cold[1]?.ours_p99_ms,
    freshness_p99_ms: fresh.p99_ms,
    search_p50_ms: found.ours_p50_ms,
    search_p95_ms: found.ours_p95_ms,
    search_p99_ms: found.ours_p99_ms,
    targets,
    targets_met: Object.values(targets).every((target) => target.pass),
  });
}

main().catch((error: unknown) => {
  progress(`bench:shop failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
