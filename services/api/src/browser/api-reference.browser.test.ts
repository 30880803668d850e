import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { launchChromium, snapshot } from './browser-harness';

/**
 * The API reference in real Chromium with no network but this server: every
 * request to another origin is aborted and remembered, and the page must
 * still render the operations (the viewer is bundled, not fetched from a CDN)
 * without a script error or a refusal by the page's Content-Security-Policy.
 */
describe('the API reference in a browser, offline', () => {
  let shop: Shop;
  let chromium: Chromium;

  beforeAll(async () => {
    shop = await openShop('pglite');
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  it('renders every group of operations from /api/openapi.json, asking nothing of any other origin', async () => {
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
    const elsewhere: string[] = [];
    const origin = new URL(shop.base).origin;
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });

    await page.goto(`${shop.base}/api/docs`);
    // The viewer lists each tag with its operations; a few that every shop has.
    for (const tag of ['Platform', 'Identity', 'Buy-back', 'Operations', 'Reference'])
      await page.locator(`.opblock-tag[data-tag="${tag}"]`).waitFor({ timeout: 30_000 });
    await page.locator('.opblock-summary-path[data-path="/api/buyout/sell-online"]').waitFor();
    const operations = await page.locator('.opblock').count();
    expect(operations).toBe(shop.routes.length);

    // Opening an operation shows its documented answers, schemas resolved.
    await page.locator('.opblock-summary-path[data-path="/api/admin/buybacks/{number}"]').first().click();
    const answers = page.locator('.responses-table').first();
    await answers.waitFor();
    const text = await answers.innerText();
    expect(text).toContain('404');
    expect(text).toContain('available_actions');
    await snapshot(page, 'api-reference', 'operations');

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
