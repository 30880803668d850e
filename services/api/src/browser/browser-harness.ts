import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser as Chromium, type Page } from 'playwright-core';
import { findRepoRoot } from '../config';

/** Debian's Chromium (never a downloaded browser). */
export const CHROMIUM = '/usr/bin/chromium';

const root = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
/** Screenshots of each journey's key pages, kept as test artifacts (git ignores the folder). */
export const SCREENSHOTS = join(root, 'test-artifacts', 'screenshots');

/** The front ends are served from their production builds: build them once if a run starts without. */
export function ensureFrontEndsBuilt(): void {
  const built = existsSync(join(root, 'web', 'dist', 'server')) && existsSync(join(root, 'admin', 'dist', 'index.html'));
  if (built) return;
  const result = spawnSync(process.execPath, [resolve(root, 'infra/scripts/pnpm.mjs'), 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    timeout: 170_000,
  });
  if (result.status !== 0) throw new Error('Building the storefront and the back office failed (pnpm build)');
}

export async function launchChromium(): Promise<Chromium> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // As root in a container, without the background traffic a closed network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a screenshot of the page as `<journey>-<step>.png` among the test artifacts. */
export async function snapshot(page: Page, journey: string, step: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${journey}-${step}.png`), fullPage: true });
}

/** Waits until React has hydrated the page (the front ends mark their root). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('[data-hydrated="true"]').first().waitFor({ timeout: 30_000 });
}

/** Signs staff into the back office through its login form (the page then shows the dashboard's menu). */
export async function signInToBackOffice(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/admin/`);
  await hydrated(page);
  await page.locator('[name="email"]').fill(email);
  await page.locator('[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}
