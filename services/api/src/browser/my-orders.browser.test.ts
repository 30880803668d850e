import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { orderStandIns, shopProduct, signedInCustomer } from '../cart/admin-orders-testing';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

const READY = { waitUntil: 'domcontentloaded' } as const;
const EMAIL = 'moje-objednavky@zakaznik.buyloop.cz';
const PASSWORD = 'Objednavky-Heslo-2026';

/**
 * "My orders" (issue 15 deliver 5): a customer signed in to the storefront finds the orders the
 * account placed under "Moje objednávky" in the header, and opens one without its e-mail's token.
 */
describe('my orders in the storefront', () => {
  let shop: Shop;
  let chromium: Chromium;
  const numbers: string[] = [];

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', {
      frontEnds: true,
      catalogue: true,
      modules: [orderStandIns],
      clockStart: new Date().toISOString(),
    });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await shopProduct(shop, 'MO-PHONE', { master: 'my-orders-master', longName: 'Telefon Moje', price: 12_000, stock: 20 });
    const customer = await signedInCustomer(shop, EMAIL, PASSWORD);
    // Two orders placed while signed in to the account (through the API, as the checkout page does).
    for (const quantity of [1, 2]) {
      const added = await customer.request('POST', '/api/cart/items', { body: { product: 'MO-PHONE', quantity } });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const finished = await customer.request('POST', '/api/cart/finish', {
        body: {
          customer: { email: EMAIL, phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
          billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
          delivery: { method: 'pickup_point', place_id: 'P1' },
          payment: { method: 'cash_on_delivery' },
          order_info: { consents: { terms: true, privacy: true } },
        },
      });
      expect(finished.status, JSON.stringify(finished.body)).toBe(201);
      numbers.push(finished.body.order_number as string);
      shop.time.advance(60_000);
    }
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

  it('a visitor is asked to sign in; signed in, the header leads to the list, newest first, and each order opens', async () => {
    const page = await newPage();
    await page.goto(`${shop.base}/moje-objednavky`, READY);
    await hydrated(page);
    await page.getByTestId('my-orders-sign-in').waitFor();
    expect(await page.getByTestId('my-orders-link').count()).toBe(0);

    await page.goto(`${shop.base}/prihlasit`, READY);
    await hydrated(page);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Heslo').fill(PASSWORD);
    await page.getByRole('button', { name: 'Přihlásit' }).click();
    await page.getByText('Jste přihlášeni.').first().waitFor();

    // A page loaded after signing in asks who is signed in, and the header shows the way to the orders.
    await page.goto(`${shop.base}/`, READY);
    await hydrated(page);
    await page.getByRole('link', { name: 'Moje objednávky' }).click();
    await page.waitForURL(/\/moje-objednavky$/);
    await page.getByTestId('my-orders').waitFor();
    await expect
      .poll(() => page.getByTestId('my-order-row').locator('a').allTextContents(), { timeout: 30_000 })
      .toEqual([numbers[1], numbers[0]]);
    await snapshot(page, 'my-orders', 'list');

    await page.getByRole('link', { name: `Otevřít objednávku ${numbers[0]}` }).click();
    await page.waitForURL(new RegExp(`/moje-objednavky/${numbers[0]}$`));
    await page.getByTestId('my-order-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(numbers[0]);
    expect(await page.getByTestId('my-order-items').textContent()).toContain('Telefon Moje');
    await snapshot(page, 'my-orders', 'order');

    await page.getByRole('link', { name: 'Zpět na moje objednávky' }).click();
    await page.getByTestId('my-orders').waitFor();

    // Another account's order or a made-up number is no order of this account.
    await page.goto(`${shop.base}/moje-objednavky/1000000000`, READY);
    await hydrated(page);
    await page.getByTestId('my-order-not-found').waitFor();
    await page.context().close();
  }, 240_000);
});
