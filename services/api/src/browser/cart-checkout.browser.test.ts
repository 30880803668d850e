import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium } from 'playwright-core';
import type { Shop } from '../identity/harness';
import { hydrated, launchChromium, snapshot } from './browser-harness';
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

/** The page's globals the test reads inside Chromium (the test itself compiles without the DOM types). */
interface PageWindow {
  readonly document: { readonly activeElement: { readonly id: string; getAttribute(name: string): string | null } | null };
}

/**
 * The cart's pages in real Chromium over the demo catalogue: a phone added from its product page,
 * the badge and the cart page showing it, a quantity changed, the discount form's own checks, the
 * way on to the checkout, an order placed with store pickup and a bank transfer (its QR code) and
 * cancelled, and an order's page without its token.
 */
describe('the cart in the storefront', () => {
  let shop: Shop;
  let chromium: Chromium;
  let phone: ListedPhone;

  beforeAll(async () => {
    shop = await openDemoShop();
    phone = await firstPhoneInStock(shop);
    expect((await fetch(`${shop.base}/`)).status).toBe(200);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = (width: number) => newCzechPage(chromium, width);

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

    // A code the shop does not know: the API's 'sale code invalid' under the field; the demo's public code then applies.
    await page.locator('#field-discount-code').fill('NEPLATNY99');
    await page.getByTestId('discount-apply').click();
    await expect.poll(() => page.getByTestId('error-discount-code').textContent()).not.toBe('Toto pole je povinné.');
    expect((await page.getByTestId('error-discount-code').textContent())?.trim()).not.toBe('');
    const full = price(await page.getByTestId('cart-total').textContent());
    await page.locator('#field-discount-code').fill('VITEJTE10');
    await page.getByTestId('discount-apply').click();
    await page.getByTestId('cart-discounts').getByText('VITEJTE10', { exact: true }).waitFor();
    await expect.poll(async () => price(await page.getByTestId('cart-total').textContent())).toBeLessThan(full);
    await snapshot(page, 'cart', 'discount');

    await continueToCheckout(page);
    // Sent empty, the form names every missing field in its summary before anything reaches the API.
    await page.getByTestId('checkout-submit').click();
    await page.getByTestId('error-summary').waitFor();
    expect(await page.getByTestId('error-email').textContent()).toBe('Toto pole je povinné.');
    expect(await page.getByTestId('error-terms').textContent()).toBe('Bez souhlasu nelze objednat.');
    await snapshot(page, 'cart', 'checkout-errors');
    await context.close();
  }, 300_000);

  it('removes a line, and an emptied cart says so', async () => {
    const { context, page } = await newPage(390);
    await productIntoCart(page, shop, phone.seo_name);
    await page.getByTestId('cart-line').first().waitFor();
    // A phone bought alone has no package: it goes at once, without the question a package asks.
    expect(await page.getByTestId('cart-child').count()).toBe(0);
    await page.getByTestId('cart-line').first().getByTestId('cart-remove').click();
    await page.getByTestId('cart-empty').waitFor();
    await snapshot(page, 'cart', 'empty-390');
    await context.close();
  }, 300_000);

  it('checks out with store pickup and a bank transfer, shows the order with its QR code, and cancels it', async () => {
    const { context, page } = await newPage(1366);
    await productIntoCart(page, shop, phone.seo_name);
    await continueToCheckout(page);

    await fillStorePickupCheckout(
      page,
      {
        email: 'jana.novakova@example.cz',
        phone: '+420 777 123 456',
        firstName: 'Jana',
        lastName: 'Nováková',
        street: 'Vinohradská 12',
        city: 'Praha',
        zip: '120 00',
      },
      'bank_transfer',
    );
    await snapshot(page, 'cart', 'checkout-filled');
    await page.getByTestId('checkout-submit').click();

    await page.waitForURL(/\/objednavka\/\d{10}\?token=/, READY);
    const order = page.getByTestId('order-page');
    await order.waitFor();
    const number = /\/objednavka\/(\d{10})/.exec(page.url())?.[1] ?? '';
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Objednávka ${number}`);
    expect(await page.getByTestId('order-status').textContent()).toBe('Čeká na platbu');
    expect(await page.getByTestId('order-items').textContent()).toContain(phone.short_name);
    // The transfer's details with the QR payment code, as the finish answered them.
    const qr = page.getByTestId('order-qr');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.getAttribute('alt')).toMatch(/^QR platba na /);
    expect(await page.getByTestId('order-iban').textContent()).toMatch(/^CZ\d{2}/);
    expect((await page.getByTestId('order-vs').textContent())?.trim()).not.toBe('');
    await snapshot(page, 'cart', 'order');

    await page.getByTestId('order-cancel').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('Zrušena');
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    await context.close();
  }, 300_000);

  it('answers an order’s page with a wrong token as not found (404)', async () => {
    const { context, page } = await newPage(1366);
    const response = await page.goto(`${shop.base}/objednavka/6000000001?token=${'0'.repeat(64)}`, READY);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.getByTestId('order-not-found').textContent()).toContain('Objednávka nenalezena');
    const bare = await page.goto(`${shop.base}/objednavka/6000000001`, READY);
    expect(bare?.status()).toBe(404);
    await context.close();
  }, 300_000);
});
