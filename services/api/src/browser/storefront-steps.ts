import { expect } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { deliveryModule } from '@buyloop/delivery-read-models';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated } from './browser-harness';

/** Pages count as arrived when their HTML is parsed (the demo photos are drawn in the background). */
export const READY = { waitUntil: 'domcontentloaded' } as const;

/** A phone as the catalogue's listing answers it. */
export interface ListedPhone {
  code: string;
  seo_name: string;
  short_name: string;
  stock_state: string;
}

/**
 * The shop with both front ends over the demo catalogue, as a customer's journey needs it:
 * the delivery context answers the checkout's methods and pickup points (the harness runs
 * the payments context itself).
 */
export async function openDemoShop(): Promise<Shop> {
  ensureFrontEndsBuilt();
  const shop = await openShop('pglite', 'test', {
    frontEnds: true,
    catalogue: true,
    clockStart: new Date().toISOString(),
    modules: [deliveryModule()],
  });
  await shop.modules.loadDemoData();
  return shop;
}

/** The first phone the demo catalogue lists as in stock: the one a journey buys. */
export async function firstPhoneInStock(shop: Shop): Promise<ListedPhone> {
  const listing = (await (
    await fetch(`${shop.base}/api/catalog/products?category=mobilni-telefony&in_stock=true&page_size=24`)
  ).json()) as { items: ListedPhone[] };
  const inStock = listing.items.find((item) => item.stock_state === 'in_stock');
  if (!inStock) throw new Error('The demo catalogue has no phone in stock');
  return inStock;
}

/**
 * A fresh Czech browser context `width` px wide. A machine shared with other suites renders
 * slowly at times: patience, not a timing claim (a journey waiting on process managers may ask
 * for a longer navigation timeout).
 */
export async function newCzechPage(
  chromium: Chromium,
  width: number,
  navigationTimeout = 90_000,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
  context.setDefaultNavigationTimeout(navigationTimeout);
  context.setDefaultTimeout(60_000);
  return { context, page: await context.newPage() };
}

/** The customer and the address a checkout is filled with. */
export interface CheckoutCustomer {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  zip: string;
}

/**
 * Fills the open checkout with `customer`, store pickup at the first store offered and
 * `payment`, and ticks the terms and the privacy consent; the caller sends it (some journeys
 * take a snapshot of the filled form first).
 */
export async function fillStorePickupCheckout(
  page: Page,
  customer: CheckoutCustomer,
  payment: 'bank_transfer' | 'card',
): Promise<void> {
  await page.locator('#field-email').fill(customer.email);
  await page.locator('#field-phone').fill(customer.phone);
  await page.locator('#field-first_name').fill(customer.firstName);
  await page.locator('#field-last_name').fill(customer.lastName);
  await page.getByTestId('delivery-options').locator('[data-code="store_pickup"] input').check();
  const store = page.getByTestId('store-select');
  // The stores arrive after the method is chosen: the first option is the empty prompt.
  await expect.poll(() => store.locator('option').count()).toBeGreaterThan(1);
  await store.selectOption({ index: 1 });
  await page.getByTestId('payment-options').locator(`[data-code="${payment}"] input`).check();
  await page.locator('#field-street').fill(customer.street);
  await page.locator('#field-city').fill(customer.city);
  await page.locator('#field-zip').fill(customer.zip);
  await page.getByTestId('check-terms').check();
  await page.getByTestId('check-privacy').check();
}

/** The product's page opened, the product added to the cart, and the way on to the cart page followed. */
export async function productIntoCart(page: Page, shop: Shop, seoName: string): Promise<void> {
  await page.goto(`${shop.base}/produkt/${seoName}`, READY);
  await hydrated(page);
  await page.getByTestId('add-to-cart-button').click();
  await page.getByTestId('cart-added-go').click();
  await page.waitForURL(/\/kosik$/, READY);
}

/** From the cart page on to the checkout, waiting until its form is there. */
export async function continueToCheckout(page: Page): Promise<void> {
  await page.getByTestId('cart-continue').click();
  await page.waitForURL(/\/pokladna$/, READY);
  await page.getByTestId('checkout-form').waitFor();
}
