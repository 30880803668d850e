import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium } from './browser-harness';

const READY = { waitUntil: 'domcontentloaded' } as const;

interface Item {
  code: string;
  seo_name: string;
  short_name: string;
  manufacturer: string;
  currency: string;
}

/** Whole lei as ro-RO writes them: "12.999 lei" (no decimals). */
const LEI = /^\d{1,3}(?:\.\d{3})*[\s\u00a0]lei$/;

/**
 * The storefront of the Romanian market (MARKET=ro) in Chromium: Romanian slugs (/produs,
 * /cautare), texts and whole-lei prices from home through a category to a product, and search.
 */
describe('the shop on the Romanian market', () => {
  let shop: Shop;
  let chromium: Chromium;
  let items: Item[];

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', {
      frontEnds: true,
      catalogue: true,
      market: 'ro',
      clockStart: new Date().toISOString(),
    });
    await shop.modules.loadDemoData();
    items = ((await (await fetch(`${shop.base}/api/catalog/products?page_size=12`)).json()) as { items: Item[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]!.currency).toBe('RON');
    expect((await fetch(`${shop.base}/`)).status).toBe(200);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = async (): Promise<Page> => {
    const context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'ro-RO' });
    context.setDefaultNavigationTimeout(90_000);
    context.setDefaultTimeout(60_000);
    return context.newPage();
  };

  it('browses home → category → product in Romanian, with whole-lei prices', async () => {
    const page = await newPage();
    const home = await page.goto(`${shop.base}/`, READY);
    expect(home?.status()).toBe(200);
    await hydrated(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('ro');
    await page.getByText('Cumpărați pe categorii').first().waitFor();
    expect(await page.getByRole('link', { name: 'Favorite' }).count()).toBeGreaterThan(0);

    await page.getByTestId('home-categories').getByRole('link').first().click();
    await page.getByTestId('product-tile').first().waitFor();
    const prices = await page.getByTestId('listing').getByTestId('price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price.trim()).toMatch(LEI);

    await page.getByTestId('product-tile').first().locator('a').first().click();
    await page.waitForURL(/\/produs\//, READY);
    await page.getByTestId('product').waitFor();
    expect((await page.getByTestId('product').getByTestId('price').first().textContent())?.trim()).toMatch(LEI);
    expect(
      await page
        .getByTestId('product')
        .getByRole('button', { name: /Adaugă la favorite/ })
        .count(),
    ).toBeGreaterThan(0);
    // Reached directly, the product's address is the Romanian one too.
    const direct = await page.goto(`${shop.base}/produs/${items[0]!.seo_name}`, READY);
    expect(direct?.status()).toBe(200);
    expect(await page.getByTestId('product').textContent()).toContain(items[0]!.short_name);
    await page.context().close();
  }, 300_000);

  it('searches on /cautare with Romanian texts', async () => {
    const page = await newPage();
    await page.goto(`${shop.base}/`, READY);
    await hydrated(page);
    const input = page.getByRole('combobox', { name: 'Caută în magazin' });
    await input.fill('s');
    await page.getByText('Căutarea necesită cel puțin 2 caractere').waitFor();
    const term = items[0]!.manufacturer;
    await input.fill(term);
    await page.getByRole('option').first().waitFor();
    await input.press('Enter');
    await page.waitForURL(/\/(cautare|produs\/)/, READY);

    const results = await page.goto(`${shop.base}/cautare?q=${encodeURIComponent(term)}`, READY);
    expect(results?.status()).toBe(200);
    await hydrated(page);
    await page.getByTestId('search-results').getByTestId('product-tile').first().waitFor();
    for (const price of await page.getByTestId('search-results').getByTestId('price').allTextContents())
      expect(price.trim()).toMatch(LEI);
    await page.goto(`${shop.base}/cautare?q=qqqxxzzq`, READY);
    expect(await page.getByTestId('search-empty').textContent()).toContain('Niciun rezultat al căutării.');
    await page.context().close();
  }, 300_000);
});
