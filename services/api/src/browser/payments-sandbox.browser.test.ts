import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium } from 'playwright-core';
import { DEV_GATEWAY_SECRET, PaymentsService } from '@buyloop/payments-read-models';
import { openShop, type Shop } from '../identity/harness';
import { launchChromium, snapshot } from './browser-harness';

/**
 * The sandbox gateway's pages in real Chromium: the buyer goes through
 * 3-D Secure (the page's script posts with the CSRF header it reads from the
 * cookie the page set), the sandbox's signed notifications reach our
 * endpoint over loopback, and the buyer lands on the shop's return URL.
 */
describe('the sandbox payment gateway in Chromium', () => {
  let shop: Shop;
  let chromium: Chromium;
  let payments: PaymentsService;

  beforeAll(async () => {
    shop = await openShop('pglite', 'test', { clockStart: new Date().toISOString() });
    payments = new PaymentsService({ events: shop.events, market: 'cz', clock: shop.time.clock, secret: DEV_GATEWAY_SECRET });
    chromium = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const ledger = async (order: string) => (await shop.events.readStream(`payment-${order}`)).map((event) => event.type);

  async function pay(order: string, code: string, language: 'cs-CZ' | 'ro-RO') {
    const returnUrl = `${shop.base}/health?order=${order}`;
    const started = await payments.start({
      order_number: order,
      method: 'card',
      amount: 12_990,
      currency: 'CZK',
      return_url: returnUrl,
      customer_email: 'kupujici@example.cz',
    });
    const context = await chromium.newContext({ locale: language });
    context.setDefaultNavigationTimeout(90_000);
    const page = await context.newPage();
    await page.goto(`${shop.base}${started.redirect_url}`);
    return { context, page, returnUrl };
  }

  it('pays through 3-D Secure with the right code and lands on the return URL; a wrong code fails the payment', async () => {
    const { context, page, returnUrl } = await pay('6100000001', '1234', 'cs-CZ');
    await expect.poll(() => page.title()).toBe('Testovací platební brána');
    await snapshot(page, 'payments-sandbox', 'pay-page');
    await page.getByRole('button', { name: 'Zaplatit s ověřením 3-D Secure' }).click();
    await page.waitForURL(/\/3ds$/);
    await page.getByLabel('Ověřovací kód').fill('1234');
    await snapshot(page, 'payments-sandbox', '3ds-page');
    await page.getByRole('button', { name: 'Potvrdit' }).click();
    await page.waitForURL(returnUrl);
    expect(await ledger('6100000001')).toEqual(['PaymentStarted', 'PaymentAuthorised', 'PaymentSucceeded']);
    // Paid: back on the gateway's page there is nothing more to choose.
    await page.goto(
      `${shop.base}/api/payments/sandbox/pay/${((await payments.state('6100000001')) as { payment_id: string }).payment_id}`,
    );
    expect(await page.getByRole('button').count()).toBe(0);
    await context.close();

    const wrong = await pay('6100000002', '0000', 'ro-RO');
    await expect.poll(() => wrong.page.title()).toBe('Procesator de plăți de test');
    await wrong.page.getByRole('button', { name: 'Plătește cu verificare 3-D Secure' }).click();
    await wrong.page.waitForURL(/\/3ds$/);
    await wrong.page.getByLabel('Cod de verificare').fill('0000');
    await wrong.page.getByRole('button', { name: 'Confirmă' }).click();
    await wrong.page.waitForURL(wrong.returnUrl);
    expect(await ledger('6100000002')).toEqual(['PaymentStarted', 'PaymentFailed']);
    await wrong.context.close();
  }, 300_000);

  it('declines on the buyer’s word', async () => {
    const { context, page, returnUrl } = await pay('6100000003', '', 'cs-CZ');
    await page.getByRole('button', { name: 'Zamítnout platbu' }).click();
    await page.waitForURL(returnUrl);
    expect(await ledger('6100000003')).toEqual(['PaymentStarted', 'PaymentFailed']);
    await context.close();
  }, 300_000);
});
