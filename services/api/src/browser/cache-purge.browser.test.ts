import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page, Request } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

const PASSWORD = 'Cache-Heslo-2026';
const MANAGER = 'cache@purge.buyloop.cz';
const WAREHOUSE = 'sklad@purge.buyloop.cz';
const PURGE = '/api/new/core/fastly/purge';

/**
 * The back office's cache purge (spec 2/7) in real Chromium: the extra menu
 * entry opens the modal; the default purge sends the keys of every HTML page
 * and every endpoint; a URL purge sends the full URL, softly when asked; a
 * failure shows 'Failed to purge cache' (in Czech and Romanian); people who
 * may not purge do not see the entry.
 */
describe('the cache purge modal of the back office', () => {
  let shop: Shop;
  let chromium: Chromium;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString(), pageCache: true });
    for (const [email, role] of [
      [MANAGER, 'catalogue_manager'],
      [WAREHOUSE, 'warehouse'],
    ] as const)
      await shop.identity.service.createAccount(
        { email, password: PASSWORD, roles: [role], kind: 'staff' },
        { actor: { userId: 'test', role: 'system' } },
        'test',
        { trustedOperator: true },
      );
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  async function signedIn(email: string, menuItem: string): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await page.goto(`${shop.base}/admin/`);
    await hydrated(page);
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId(menuItem).waitFor();
    return page;
  }

  /** Clicks the purge button and answers the body the modal sent and the API's answer status. */
  async function submit(page: Page): Promise<{ body: unknown; status: number }> {
    const [request] = await Promise.all([
      page.waitForRequest((r: Request) => r.url().endsWith(PURGE) && r.method() === 'POST'),
      page.getByTestId('cache-purge-submit').click(),
    ]);
    const response = await request.response();
    return { body: request.postDataJSON() as unknown, status: response?.status() ?? 0 };
  }

  it('purges with the default keys, then one URL softly, and says so', async () => {
    const page = await signedIn(MANAGER, 'menu-catalogue');
    await page.getByTestId('menu-cache-purge').click();
    const dialog = page.getByTestId('cache-purge-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Vyčištění cache obsahu');
    // The default purge: keys of every HTML page and every endpoint, not soft.
    expect(await page.getByTestId('cache-keys').inputValue()).toBe('html api');
    expect(await page.getByTestId('cache-soft').isChecked()).toBe(false);
    await snapshot(page, 'cache-purge', '1-modal');
    expect(await submit(page)).toEqual({ body: { mode: 'key', keys: ['html', 'api'], soft_purge: false }, status: 200 });
    await expect.poll(() => page.getByTestId('cache-purge-toast').textContent()).toContain('Cache vyčištěna');
    await dialog.waitFor({ state: 'hidden' });

    // A URL purge: the address is required, then sent as the full URL, softly when ticked.
    await page.getByTestId('menu-cache-purge').click();
    await page.getByTestId('cache-mode-url').check();
    await page.getByTestId('cache-purge-submit').click();
    await expect.poll(() => dialog.locator('.field-error').textContent()).toBe('Zadejte adresu.');
    expect(await page.getByTestId('cache-url').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('cache-url').fill(`${shop.base}/mobilni-telefony?page=2`);
    await page.getByTestId('cache-soft').check();
    expect(await submit(page)).toEqual({
      body: { mode: 'url', url: `${shop.base}/mobilni-telefony?page=2`, soft_purge: true },
      status: 200,
    });
    await dialog.waitFor({ state: 'hidden' });

    // Everything: a warning first, then mode full.
    await page.getByTestId('menu-cache-purge').click();
    await page.getByTestId('cache-mode-full').check();
    expect(await dialog.locator('.cache-warning').isVisible()).toBe(true);
    expect(await submit(page)).toEqual({ body: { mode: 'full', soft_purge: true }, status: 200 });
    await page.context().close();
  });

  it("a failure shows spec 7's alert, in Czech and in Romanian, and keeps the modal open", async () => {
    const page = await signedIn(MANAGER, 'menu-catalogue');
    await page.route(`**${PURGE}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', status: 503, code: 'health.event_store_unreachable', title: 'Not ready' }),
      }),
    );
    await page.getByTestId('menu-cache-purge').click();
    await page.getByTestId('cache-purge-submit').click();
    const alert = page.getByTestId('cache-purge-error');
    await expect.poll(() => alert.textContent()).toBe('Cache se nepodařilo vyčistit');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await page.getByTestId('cache-purge-dialog').isVisible()).toBe(true);
    await snapshot(page, 'cache-purge', '2-failed');

    await page.getByRole('button', { name: 'Zavřít' }).click();
    await page.locator('.lang-select select').selectOption('ro');
    expect(await page.getByTestId('menu-cache-purge').textContent()).toBe('Golește cache-ul');
    await page.getByTestId('menu-cache-purge').click();
    await page.getByTestId('cache-purge-submit').click();
    await expect.poll(() => alert.textContent()).toBe('Golirea cache-ului a eșuat');
    await page.context().close();
  });

  it('is not offered to staff who may not purge', async () => {
    const page = await signedIn(WAREHOUSE, 'menu-catalogue');
    expect(await page.getByTestId('menu-cache-purge').count()).toBe(0);
    await page.context().close();
  });
});
