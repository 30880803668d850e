import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium } from './browser-harness';

const READY = { waitUntil: 'domcontentloaded' } as const;
const EMAIL = 'oblibene@zakaznik.buyloop.cz';
const PASSWORD = 'Srdicko-Heslo-2026';

interface Item {
  code: string;
  seo_name: string;
  short_name: string;
}

/**
 * Favourites kept after login (issue 14): a visitor's hearts live on the device; signing in
 * merges them into the account, which another browser then shows after its own sign-in.
 */
describe('favourites in the storefront, kept after login', () => {
  let shop: Shop;
  let chromium: Chromium;
  let phones: Item[];

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, catalogue: true, clockStart: new Date().toISOString() });
    await shop.modules.loadDemoData();
    const listing = (await (await fetch(`${shop.base}/api/catalog/products?category=mobilni-telefony&page_size=12`)).json()) as {
      items: Item[];
    };
    phones = listing.items;
    await shop.identity.service.createAccount(
      { email: EMAIL, password: PASSWORD, roles: ['customer'], kind: 'customer' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    expect((await fetch(`${shop.base}/`)).status).toBe(200);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = async (): Promise<Page> => {
    const context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'cs-CZ' });
    context.setDefaultNavigationTimeout(90_000);
    context.setDefaultTimeout(60_000);
    return context.newPage();
  };

  const signIn = async (page: Page) => {
    await page.goto(`${shop.base}/prihlasit`, READY);
    await hydrated(page);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Heslo').fill(PASSWORD);
    await page.getByRole('button', { name: 'Přihlásit' }).click();
    await page.getByText('Jste přihlášeni.').first().waitFor();
  };

  const favouriteNames = async (page: Page) => {
    await page.getByTestId('favourites').getByTestId('product-tile').first().waitFor();
    return page
      .getByTestId('favourites')
      .getByTestId('product-tile')
      .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-code')));
  };

  it('merges the two products a visitor chose into the account at sign-in, and another browser shows them', async () => {
    const [first, second] = [phones[0]!, phones[1]!];
    const page = await newPage();
    for (const phone of [first, second]) {
      await page.goto(`${shop.base}/produkt/${phone.seo_name}`, READY);
      await hydrated(page);
      const heart = page.getByTestId('product').getByTestId('favourite-toggle').first();
      await heart.click();
      await page.getByTestId('product').locator('[data-testid="favourite-toggle"][aria-pressed="true"]').first().waitFor();
    }
    expect(await page.getByTestId('favourites-count').textContent()).toBe('2');

    await signIn(page);
    // The first page after signing in reads the account, merging the device's list into it.
    await page.getByTestId('favourites-link').click();
    await page.waitForURL(/\/oblibene$/, READY);
    await page.getByText('Oblíbené produkty máte uložené u svého účtu').waitFor();
    expect((await favouriteNames(page)).sort()).toEqual([first.code, second.code].sort());
    // Kept in the account now, no longer on the device.
    expect(await page.evaluate("localStorage.getItem('buyloop:favourites')")).toBe('[]');
    await page.reload(READY);
    await hydrated(page);
    expect((await favouriteNames(page)).sort()).toEqual([first.code, second.code].sort());

    // Another browser: nothing on its device, the account's list after signing in.
    const other = await newPage();
    await signIn(other);
    await other.goto(`${shop.base}/oblibene`, READY);
    await hydrated(other);
    expect((await favouriteNames(other)).sort()).toEqual([first.code, second.code].sort());
    expect(await other.getByTestId('favourites-count').textContent()).toBe('2');
    // A heart taken off there is off the account's list.
    await other.getByTestId('favourites').locator(`[data-code="${first.code}"] [data-testid="favourite-toggle"]`).click();
    await other.locator(`[data-testid="favourites"] [data-code="${first.code}"]`).waitFor({ state: 'detached' });
    await page.reload(READY);
    await hydrated(page);
    expect(await favouriteNames(page)).toEqual([second.code]);
    await page.context().close();
    await other.context().close();
  }, 300_000);
});
