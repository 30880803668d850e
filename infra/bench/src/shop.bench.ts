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
 * - search: p95 of /api/search over a catalogue of 10,000 generated
 *   products (imported through the catalogue's CSV import), target < 30 ms,
 *   with the static file's p95 over the same loop as the floor.
 *
 * One JSON object per line; the summary (`"bench":"shop-summary"`) last.
 * BENCH_SKIP_BUILD=1 uses the front ends as built.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

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
const SEARCH_REQUESTS = 400;
const IMPORT_ROWS = 200;

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
async function startProduct(dir: string, env: Record<string, string>): Promise<Product> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'pglite'),
      DATABASE_URL: '',
      BUYLOOP_MODE: 'development',
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
    return { base, stop };
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

const WORDS = ['Nova', 'Orbit', 'Pixel', 'Vega', 'Lumen', 'Atlas', 'Zenit', 'Kappa', 'Sigma', 'Delta', 'Bora', 'Fjord'];
const KINDS = ['telefon', 'tablet', 'hodinky', 'sluchátka', 'nabíječka', 'kryt', 'reproduktor', 'čtečka'];

/**
 * 10,000 products through the catalogue's own CSV import (and their prices), in files of 200: a file's import
 * answers when every row is written, and a bigger file can outlast the HTTP client's five minutes on a busy machine.
 */
async function generateProducts(product: Product): Promise<number> {
  const auth = await signIn(product.base);
  const first = async (kind: string) => {
    const { items } = await json<{ items: { id: string }[] }>(`${product.base}/api/admin/catalogue/${kind}`, { headers: auth });
    if (!items[0]) throw new Error(`No ${kind} in the demo catalogue`);
    return items[0].id;
  };
  const manufacturer = await first('manufacturers');
  const typeDevice = await first('type-devices');
  const header =
    'master_seo_name;master_name;manufacturer_id;type_device_id;code;ean;colour;capacity;quality;grade;long_name;short_name;vat_rate';
  let imported = 0;
  const began = performance.now();
  for (let chunk = 0; chunk < Math.ceil(SEARCH_PRODUCTS / IMPORT_ROWS); chunk++) {
    const rows: string[] = [header];
    const prices: string[] = ['code;price'];
    for (let i = chunk * IMPORT_ROWS; i < Math.min(SEARCH_PRODUCTS, (chunk + 1) * IMPORT_ROWS); i++) {
      const name = `${WORDS[i % WORDS.length]} ${KINDS[Math.floor(i / WORDS.length) % KINDS.length]} ${i}`;
      const code = `BENCH${String(i).padStart(5, '0')}`;
      rows.push(`bench-${i};${name};${manufacturer};${typeDevice};${code};;;;new;;${name} 128 GB;${name};21`);
      prices.push(`${code};${1000 + (i % 5000)}`);
    }
    const products = await fetch(`${product.base}/api/admin/catalogue/import/products`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: rows.join('\n'),
    });
    if (!products.ok) throw new Error(`Product import refused: ${products.status} ${(await products.text()).slice(0, 500)}`);
    const priced = await fetch(`${product.base}/api/admin/prices/import`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/csv' },
      body: prices.join('\n'),
    });
    if (!priced.ok) throw new Error(`Price import refused: ${priced.status} ${(await priced.text()).slice(0, 500)}`);
    imported = Math.min(SEARCH_PRODUCTS, imported + IMPORT_ROWS);
    progress(`  ${imported} products imported (${Math.round((performance.now() - began) / 1000)} s)`);
  }
  return imported;
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return performance.now() - started;
}

async function search(product: Product, staticPath: string) {
  const generated = await generateProducts(product);
  // The index takes the products in as the projector folds them: wait until the last one is found.
  const last = `${WORDS[(generated - 1) % WORDS.length]} ${generated - 1}`;
  for (let i = 0; ; i++) {
    const { result } = await json<{ result: { products: unknown[] } }>(
      `${product.base}/api/search?term=${encodeURIComponent(last)}`,
    );
    if (result.products.length > 0) break;
    if (i > 600) throw new Error('The generated products never showed in search');
    await new Promise((r) => setTimeout(r, 500));
  }
  // Distinct terms (whole words, prefixes, typos, without accents), so no answer comes from a cache.
  const terms: string[] = [];
  for (let i = 0; i < SEARCH_REQUESTS; i++) {
    const word = WORDS[i % WORDS.length]!;
    const kind = KINDS[i % KINDS.length]!;
    const variants = [
      `${word} ${i * 13}`,
      `${kind.normalize('NFD').replace(/\p{M}/gu, '')} ${i}`,
      `${word.slice(0, 3)}${word.slice(4)} ${kind} ${i}`,
      `${kind.slice(0, 4)} ${i * 7}`,
    ];
    terms.push(variants[i % variants.length]!);
  }
  const ours: number[] = [];
  const floor: number[] = [];
  for (const term of terms) {
    ours.push(await timed(`${product.base}/api/search?term=${encodeURIComponent(term)}`));
    floor.push(await timed(`${product.base}${staticPath}`));
  }
  const p95 = round(percentile(ours, 95));
  const result = {
    bench: 'shop-search',
    products: generated,
    requests: terms.length,
    ours_p50_ms: round(percentile(ours, 50)),
    ours_p95_ms: p95,
    baseline: 'static-file',
    baseline_p95_ms: round(percentile(floor, 95)),
    target_p95_ms: SEARCH_TARGET_MS,
    target_products: SEARCH_TARGET_PRODUCTS,
    pass: p95 < SEARCH_TARGET_MS && generated >= SEARCH_TARGET_PRODUCTS,
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
  try {
    await phases(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** BENCH_ONLY=search: the search figure alone (its catalogue import is the slow part of the run). */
async function searchOnly(dir: string): Promise<void> {
  const product = await startProduct(dir, { PAGE_CACHE: 'off' });
  const file = `bench-shop-${process.pid}-floor.txt`;
  writeFileSync(join(STATIC_DIR, file), 'ok');
  try {
    const found = await search(product, `/assets/${file}`);
    line({ bench: 'shop-summary', search_p95_ms: found.ours_p95_ms, products: found.products, targets_met: found.pass });
  } finally {
    rmSync(join(STATIC_DIR, file), { force: true });
    await product.stop();
  }
}

async function phases(dir: string): Promise<void> {
  if (process.env.BENCH_ONLY === 'search') return searchOnly(dir);
  progress('Starting the product with the page cache on…');
  let product = await startProduct(dir, { PAGE_CACHE: 'on' });
  let warm: Awaited<ReturnType<typeof pageAgainstStatic>>[];
  let fresh: Awaited<ReturnType<typeof freshness>>;
  let pages: Pages;
  try {
    pages = await findPages(product.base);
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

  progress('Starting the product with the page cache off (PAGE_CACHE=off)…');
  product = await startProduct(dir, { PAGE_CACHE: 'off' });
  let cold: Awaited<ReturnType<typeof pageAgainstStatic>>[];
  let found: Awaited<ReturnType<typeof search>>;
  try {
    cold = [
      await pageAgainstStatic(product.base, pages.category, 'category', 'off'),
      await pageAgainstStatic(product.base, pages.product, 'product', 'off'),
    ];
    progress(`Search over ${SEARCH_PRODUCTS} generated products…`);
    const file = `bench-shop-${process.pid}-floor.txt`;
    writeFileSync(join(STATIC_DIR, file), 'ok');
    try {
      found = await search(product, `/assets/${file}`);
    } finally {
      rmSync(join(STATIC_DIR, file), { force: true });
    }
  } finally {
    await product.stop();
  }

  const [category, detail] = warm as [(typeof warm)[number], (typeof warm)[number]];
  const targets = {
    category_ratio_warm: { value: category.ratio, target: `>= ${RATIO_TARGET}`, pass: category.pass === true },
    product_ratio_warm: { value: detail.ratio, target: `>= ${RATIO_TARGET}`, pass: detail.pass === true },
    freshness_p99_ms: { value: fresh.p99_ms, target: `< ${FRESHNESS_TARGET_MS}`, pass: fresh.pass },
    untouched_page_stays_cached: { value: fresh.other_page_x_cache, target: 'HIT', pass: fresh.other_page_stayed_cached },
    search_p95_ms: { value: found.ours_p95_ms, target: `< ${SEARCH_TARGET_MS}`, pass: found.pass },
  };
  line({
    bench: 'shop-summary',
    category_ratio_warm: category.ratio,
    product_ratio_warm: detail.ratio,
    category_p99_ms_warm: category.ours_p99_ms,
    product_p99_ms_warm: detail.ours_p99_ms,
    category_ratio_cache_off: cold[0]?.ratio,
    product_ratio_cache_off: cold[1]?.ratio,
    category_p99_ms_cache_off: cold[0]?.ours_p99_ms,
    product_p99_ms_cache_off: cold[1]?.ours_p99_ms,
    freshness_p99_ms: fresh.p99_ms,
    search_p95_ms: found.ours_p95_ms,
    targets,
    targets_met: Object.values(targets).every((target) => target.pass),
  });
}

main().catch((error: unknown) => {
  progress(`bench:shop failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
