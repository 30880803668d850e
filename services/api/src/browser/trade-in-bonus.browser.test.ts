import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium } from 'playwright-core';
import { Browser, type Shop } from '../identity/harness';
import { czechSale, publishTestCatalogue, signedInStaff } from '../buy-back-testing';
import { launchChromium, snapshot } from './browser-harness';
import {
  continueToCheckout,
  fillStorePickupCheckout,
  firstPhoneInStock,
  newCzechPage,
  openDemoShop,
  productIntoCart,
  READY,
  type ListedPhone,
} from './storefront-steps';
/** A shared, loaded machine: the process managers and the order page's live stream get time, never a timing claim. */
const LIVE = { timeout: 90_000, intervals: [250, 500, 1_000] };
const PASSWORD = 'Vykup-Technik-1';

/** Whole crowns of a price as the page prints it (`20 880 Kč` → 20880). */
const amountOf = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

/**
 * Issue 15's journey (b), the ★: a customer has sold their old iPhone 13 (quality B, 8 800 CZK),
 * trades it in in the cart (the panel takes the buy-back's number and the access code from its
 * e-mail; the bonus is 10 % of the offer, 880 CZK), checks out with store pickup and a bank
 * transfer; the technician receives the old phone, finds it worse (C) and revises the offer to
 * 6 400 CZK, below the bonus's basis; the order page then says the bonus was clawed back (240 CZK
 * of it, added to what the unpaid order costs) and its total grows by as much.
 */
describe('trading in an old phone in the cart, and the bonus clawed back after the inspection', () => {
  let shop: Shop;
  let chromium: Chromium;
  let phone: ListedPhone;
  let technician: Browser;

  beforeAll(async () => {
    shop = await openDemoShop();
    // The buy-back's one-model test catalogue (iPhone 13, price list 3) after the demo's: the sale below is priced by it.
    await publishTestCatalogue(shop);
    phone = await firstPhoneInStock(shop);
    technician = await signedInStaff(shop, 'technik@vykup.buyloop.cz', PASSWORD, ['buyback_technician']);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  it('gives the bonus in the cart, places the order with it, and shows it clawed back once the offer is revised', async () => {
    // The old phone sold online (as the buy-back's form sends it); the thank-you address carries the access code.
    const seller = await new Browser(shop.base, 'cs').open();
    const sold = await seller.request('POST', '/api/buyout/sell-online', {
      body: czechSale(),
      headers: { 'idempotency-key': 'trade-in-bonus-0001' },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const buyback = sold.body.buyout_number as string;
    const token = /token=([A-Za-z0-9_-]+)/.exec(sold.headers.get('location') ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const { context, page } = await newCzechPage(chromium, 1366);
    await productIntoCart(page, shop, phone.seo_name);
    await page.getByTestId('cart-line').first().waitFor();

    const panel = page.getByTestId('buyback-bonus');
    expect(await panel.getByRole('heading', { level: 2 }).textContent()).toBe('Výkup starého zařízení');
    expect(await panel.textContent()).toContain('až 10 %');
    expect(await panel.getByTestId('buyback-bonus-appraise').getAttribute('href')).toBe('/vykup');
    const full = amountOf(await page.getByTestId('cart-total').textContent());

    // A wrong access code: the API's refusal (the same as an unknown number's) under the number's field.
    await page.locator('#field-buyback-number').fill(buyback);
    await page.locator('#field-buyback-token').fill('nespravny-kod');
    await page.getByTestId('buyback-bonus-apply').click();
    await expect.poll(() => page.getByTestId('error-buyback-number').textContent()).toContain('Takový výkup nemáte');
    expect(await page.locator('#field-buyback-number').getAttribute('aria-invalid')).toBe('true');

    // The right one, pasted as the e-mail's whole link: the bonus line and the total 880 lower.
    await page.locator('#field-buyback-number').fill(`${shop.base}/vykup/stav/${buyback}?token=${token}`);
    await page.locator('#field-buyback-token').fill('');
    await page.getByTestId('buyback-bonus-apply').click();
    const line = page.getByTestId('buyback-bonus-line');
    await line.waitFor();
    expect(await line.getAttribute('data-buyback')).toBe(buyback);
    expect(amountOf(await line.getByTestId('buyback-bonus-amount').textContent())).toBe(880);
    expect(await line.textContent()).toContain('z nabídnuté ceny 8');
    await expect.poll(async () => amountOf(await page.getByTestId('cart-total').textContent())).toBe(full - 880);
    expect(await page.getByTestId('cart-total-bonus').textContent()).toContain('Bonus za výkup');
    await snapshot(page, 'trade-in', 'cart-bonus');

    // Checkout: store pickup and a bank transfer.
    await continueToCheckout(page);
    await fillStorePickupCheckout(
      page,
      {
        email: 'jiri.dvorak@example.cz',
        phone: '+420 603 123 456',
        firstName: 'Jiří',
        lastName: 'Dvořák',
        street: 'Václavské náměstí 1',
        city: 'Praha',
        zip: '110 00',
      },
      'bank_transfer',
    );
    await page.getByTestId('checkout-submit').click();

    await page.waitForURL(/\/objednavka\/\d{10}\?token=/, READY);
    await page.getByTestId('order-page').waitFor();
    expect(amountOf(await page.getByTestId('order-total-discounts').textContent())).toBe(880);
    const placedTotal = amountOf(await page.getByTestId('order-total').textContent());
    expect(await page.getByTestId('order-bonus-clawed-back').count()).toBe(0);

    // The technician receives the old phone, finds it worse (C) and revises the offer to 6 400: the bonus is worth 640.
    const detail = await technician.request('GET', `/api/admin/buybacks/${buyback}`);
    const received = await technician.request('POST', `/api/admin/buybacks/${buyback}/receive`, {
      body: { where: 'Výkupní centrum Praha' },
      headers: { 'if-match': detail.headers.get('etag')! },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const inspected = await technician.request('POST', `/api/admin/buybacks/${buyback}/inspect`, {
      body: {
        imei: '490154203237518',
        quality_found: 'C',
        findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo v rohu' }],
      },
      headers: { 'if-match': received.headers.get('etag')! },
    });
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    const revised = await technician.request('POST', `/api/admin/buybacks/${buyback}/revise-offer`, {
      body: { price: 6_400, reasons: [{ question_id: 'display', reason: 'Prasklé sklo displeje' }] },
      headers: { 'if-match': inspected.headers.get('etag')! },
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);

    // The order page follows the order: the notice, the total 240 higher, the bonus 640 in the discounts, a named step.
    const notice = page.getByTestId('order-bonus-clawed-back');
    await expect.poll(() => notice.count(), LIVE).toBe(1);
    expect(await notice.textContent()).toContain('Bonus za výkup byl odečten: 240');
    expect(await notice.textContent()).toContain(`výkup ${buyback}`);
    expect(await notice.textContent()).toContain('přičetli k ceně objednávky');
    await expect.poll(async () => amountOf(await page.getByTestId('order-total').textContent()), LIVE).toBe(placedTotal + 240);
    expect(amountOf(await page.getByTestId('order-total-discounts').textContent())).toBe(640);
    const step = page.getByTestId('order-timeline').locator('li[data-status="bonus_clawed_back"]');
    expect(await step.textContent()).toContain('Bonus za výkup odečten: 240');
    expect(await step.textContent()).not.toContain('added_to_total');
    await snapshot(page, 'trade-in', 'order-clawed-back');
    await context.close();
  }, 600_000);
});
