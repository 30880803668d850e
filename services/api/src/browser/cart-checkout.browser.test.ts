import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

/** Pages count as arrived when their HTML is parsed (the demo photos are drawn in the background). */
const READY = { waitUntil: 'domcontentloaded' } as const;

/** The page's globals the test reads inside Chromium (the test itself compiles without the DOM types). */
interface PageWindow {
  readonly document: { readonly activeElement: { readonly id: string; getAttribute(name: string): string | null } | null };
}

interface Item {
  code: string;
  seo_name: string;
  short_name: string;
  stock_state: string;
}

/**
 * The cart's pages in real Chromium over the demo catalogue: a phone added from its product page,
 * the badge and the cart page showing it, a quantity changed, the discount form's own checks, the
 * way on to the checkout, and an order's page without its token.
 */
describe('the cart in the storefront', () => {
  let shop: Shop;
  let chromium: Chromium;
  let phone: Item;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, catalogue: true, clockStart: new Date().toISOString() });
    await shop.modules.loadDemoData();
    const listing = (await (
      await fetch(`${shop.base}/api/catalog/products?category=mobilni-telefony&in_stock=true&page_size=24`)
    ).json()) as { items: Item[] };
    const inStock = listing.items.find((item) => item.stock_state === 'in_stock');
    if (!inStock) throw new Error('The demo catalogue has no phone in stock');
    phone = inStock;
    expect((await fetch(`${shop.base}/`)).status).toBe(200);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = async (width: number): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
    // A machine shared with other suites renders slowly at times: patience, not a timing claim.
    context.setDefaultNavigationTimeout(90_000);
    context.setDefaultTimeout(60_000);
    return { context, page: await context.newPage() };
  };

  it('adds a phone from its page, shows it in the cart, changes its quantity and goes on to the checkout', async () => {
    const { context, page } = await newPage(1366);
    await page.goto(`${shop.base}/produkt/${phone.seo_name}`, READY);
    await hydrated(page);
    const code = await page.getByTestId('product').getAttribute('data-code');
    const variant = (await page.getByTestId('variant-price').getAttribute('data-variant')) ?? code;
    await page.getByTestId('add-to-cart-button').click();

    const added = page.getByTestId('cart-added');
    await added.getByRole('heading', { name: 'Přidáno do košíku' }).waitFor();
    await expect.poll(() => page.getByTestId('cart-badge').locator('.badge').textContent()).toBe('1');
    await snapshot(page, 'cart', 'added');
    await added.getByRole('link', { name: 'Přejít do košíku' }).click();

    await page.waitForURL(/\/kosik$/, READY);
    const line = page.getByTestId('cart-line').first();
    await line.waitFor();
    expect(await line.getAttribute('data-product')).toBe(variant);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Košík');
    const before = await page.getByTestId('cart-total').textContent();

    await line.getByTestId('cart-quantity').selectOption('2');
    await expect.poll(() => page.getByTestId('cart-badge').locator('.badge').textContent()).toBe('2');
    await expect.poll(() => page.getByTestId('cart-total').textContent()).not.toBe(before);
    const price = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
    expect(price(await line.getByTestId('cart-line-price').first().textContent())).toBeGreaterThan(0);
    await snapshot(page, 'cart', 'page');

    // The discount form checks its own required field before asking: the summary takes focus and links to it.
    await page.getByTestId('discount-apply').click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.getAttribute('data-testid')))
      .toBe('error-summary');
    expect(await page.getByTestId('error-discount-code').textContent()).toBe('Toto pole je povinné.');
    await summary.getByRole('link').first().click();
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id)).toBe(
      'field-discount-code',
    );

    await page.getByTestId('cart-continue').click();
    await page.waitForURL(/\/pokladna$/, READY);
    await page.getByTestId('checkout-form').waitFor();
    // Sent empty, the form names every missing field in its summary before anything reaches the API.
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('error-summary').waitFor();
    expect(await page.getByTestId('error-email').textContent()).toBe('Toto pole je povinné.');
    expect(await page.getByTestId('error-terms').textContent()).toBe('Bez souhlasu nelze objednat.');
    await snapshot(page, 'cart', 'checkout-errors');
    await context.close();
  });

  it('removes a line, and an emptied cart says so', async () => {
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}/produkt/${phone.seo_name}`, READY);
    await hydrated(page);
    await page.getByTestId('add-to-cart-button').click();
    await page.getByTestId('cart-added-go').click();
    await page.waitForURL(/\/kosik$/, READY);
    await page.getByTestId('cart-line').first().waitFor();
    // A phone bought alone has no package: it goes at once, without the question a package asks.
    expect(await page.getByTestId('cart-child').count()).toBe(0);
    await page.getByTestId('cart-line').first().getByTestId('cart-remove').click();
    await page.getByTestId('cart-empty').waitFor();
    await snapshot(page, 'cart', 'empty-390');
    await context.close();
  });

  it('answers an order’s page with a wrong token as not found (404)', async () => {
    const { context, page } = await newPage(1366);
    const response = await page.goto(`${shop.base}/objednavka/6000000001?token=${'0'.repeat(64)}`, READY);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.getByTestId('order-not-found').textContent()).toContain('Objednávka nenalezena');
    const bare = await page.goto(`${shop.base}/objednavka/6000000001`, READY);
    expect(bare?.status()).toBe(404);
    await context.close();
  });
});
