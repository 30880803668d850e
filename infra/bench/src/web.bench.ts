/**
 * pnpm bench:web — the storefront's buy-back page as a phone would load it
 * (issue 6 point 8). Builds the front ends, starts the product on a fresh
 * embedded store with the demo catalogue, and measures in the same run:
 *
 * - the JavaScript a first load of the buy-back landing page fetches
 *   (every script and module preload its server-rendered HTML names,
 *   gzip-compressed), against the 200 KB budget and against the smallest
 *   page the storefront serves (the contact page: the frame alone);
 * - a Lighthouse run (mobile emulation, Debian's Chromium) of the landing
 *   page: performance (target ≥ 90) and accessibility (target ≥ 95), with the
 *   contact page as the baseline.
 *
 * One JSON object per line; the summary (`"bench":"web-summary"`) last.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const CHROMIUM = '/usr/bin/chromium';
const BUDGET_KB = 200;
const LANDING = '/vykup';
const BASELINE = '/kontakt';

const line = (value: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(value)}\n`);
const progress = (text: string) => process.stderr.write(`${text}\n`);

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

async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`The product exited with ${child.exitCode}`);
    try {
      const health = await fetch(`${base}/health`);
      const catalogue = await fetch(`${base}/api/buyout/manufacturers?type=phone`);
      if (health.ok && catalogue.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The product did not come up within two minutes');
}

/** The JavaScript a first load of `path` fetches: the scripts and module preloads its HTML names, gzip-compressed. */
async function firstLoadScripts(base: string, path: string): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  const html = await (await fetch(`${base}${path}`)).text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) sources.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) sources.add(match[1]!);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, base))).arrayBuffer());
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: sources.size, rawBytes, gzipBytes };
}

async function lighthouseScores(url: string): Promise<{ performance: number; accessibility: number }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    });
    const categories = result?.lhr.categories;
    return {
      performance: Math.round((categories?.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  progress('Building the storefront and the back office…');
  const build = spawnSync(process.execPath, [join(ROOT, 'infra/scripts/pnpm.mjs'), 'run', 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('pnpm build failed');

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'buyloop-bench-web-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'services/api/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BUYLOOP_MODE: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    progress(`Starting the product on ${base}…`);
    await waitUntilUp(base, child);

    const ours = await firstLoadScripts(base, LANDING);
    const frame = await firstLoadScripts(base, BASELINE);
    const ourKb = Math.round((ours.gzipBytes / 1024) * 10) / 10;
    line({
      bench: 'web-js',
      page: LANDING,
      ours_gzip_kb: ourKb,
      files: ours.files,
      raw_kb: Math.round(ours.rawBytes / 1024),
      baseline: `frame only (${BASELINE})`,
      baseline_gzip_kb: Math.round((frame.gzipBytes / 1024) * 10) / 10,
      budget_kb: BUDGET_KB,
      ratio_to_budget: Math.round((ours.gzipBytes / 1024 / BUDGET_KB) * 100) / 100,
    });

    progress('Lighthouse (mobile)…');
    const landing = await lighthouseScores(`${base}${LANDING}`);
    const baseline = await lighthouseScores(`${base}${BASELINE}`);
    line({ bench: 'web-lighthouse', page: LANDING, ...landing, baseline: BASELINE, baseline_scores: baseline });

    line({
      bench: 'web-summary',
      js_gzip_kb: ourKb,
      js_budget_kb: BUDGET_KB,
      js_within_budget: ourKb <= BUDGET_KB,
      performance: landing.performance,
      performance_target: 90,
      accessibility: landing.accessibility,
      accessibility_target: 95,
      targets_met: ourKb <= BUDGET_KB && landing.performance >= 90 && landing.accessibility >= 95,
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  progress(`bench:web failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
