import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { signedInStaff } from '../buy-back-testing';
import { orderStandIns, placeOrder, stockedProduct } from '../cart/admin-orders-testing';
import { ensureFrontEndsBuilt, launchChromium, signInToBackOffice, snapshot } from './browser-harness';
import { newCzechPage } from './storefront-steps';

const PASSWORD = 'Objednavky-Heslo-2026';
const SUPPORT = 'podpora@objednavky.buyloop.cz';

/**
 * The back office's orders in real Chromium at 1366 px: staff find an order
 * placed over the API in the grid (with its customer), open it, cancel it
 * with a reason (required: the dialog refuses an empty one), and see the
 * status change and the cancellation in the timeline; the order delivery
 * grid lists its delivery.
 */
describe('orders in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let number: string;
  let other: string;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', {
      frontEnds: true,
      catalogue: true,
      clockStart: new Date().toISOString(),
      modules: [orderStandIns],
    });
    await stockedProduct(shop, 'BO-PHONE', 15_990, 10);
    number = await placeOrder(shop, 'BO-PHONE', {
      first_name: 'Alena',
      last_name: 'Krátká',
      email: 'alena@example.cz',
      company: 'Krátká a syn s.r.o.',
    });
    other = await placeOrder(shop, 'BO-PHONE', { first_name: 'Ondřej', last_name: 'Veselý', email: 'ondrej@example.cz' });
    await signedInStaff(shop, SUPPORT, PASSWORD, ['customer_support']);
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newCzechPage(chromium, 1366);
    await signInToBackOffice(page, shop.base, SUPPORT, PASSWORD);
    await page.getByTestId('menu-orders').click();
    await page.getByTestId('orders-grid').waitFor();
    return { context, page };
  }

  it('finds the order in the grid, cancels it with a reason and shows the new status and the timeline entry', async () => {
    const { context, page } = await signedIn();
    const link = page.getByTestId(`order-${number}`);
    await link.waitFor();
    // The pinned number column and the others are separate rows of the grid's DOM: read them together.
    const row = async () => (await page.locator(`.ag-row[row-id="${number}"]`).allTextContents()).join(' ');
    await expect.poll(row).toContain('Alena Krátká (Krátká a syn s.r.o.)');
    expect(await row()).toContain('Potvrzena');
    await snapshot(page, 'admin-orders', 'grid');

    // The number box narrows the grid to the one order.
    await page.getByTestId(`order-${other}`).waitFor();
    await page.getByTestId('orders-number').fill(number);
    await expect.poll(() => page.getByTestId(`order-${other}`).count()).toBe(0);
    await link.waitFor();

    await link.click();
    await page.waitForURL(new RegExp(`/admin/orders/${number}$`));
    const status = page.getByTestId('order-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('confirmed');
    expect(await page.getByTestId('order-items').textContent()).toContain('BO-PHONE');
    expect(await page.getByTestId('order-customer').textContent()).toContain('alena@example.cz');
    // A confirmed order may be cancelled or shipped; not yet delivered nor withdrawn from.
    await page.getByTestId('order-action-ship').waitFor();
    expect(await page.getByTestId('order-action-deliver').count()).toBe(0);
    expect(await page.getByTestId('order-action-withdraw').count()).toBe(0);
    await snapshot(page, 'admin-orders', 'detail');

    await page.getByTestId('order-action-cancel').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByTestId('order-action-confirm').click();
    await expect.poll(() => dialog.getByTestId('order-action-field-error').textContent()).toBe('Toto pole je povinné.');
    await dialog.locator('[name="input"]').fill('Zákazník si to rozmyslel po telefonu');
    await snapshot(page, 'admin-orders', 'cancel-dialog');
    await dialog.getByTestId('order-action-confirm').click();

    await expect.poll(() => status.getAttribute('data-status')).toBe('cancelled');
    expect(await status.textContent()).toBe('Zrušena');
    await page.getByTestId('order-notice').waitFor();
    const entry = page.locator('[data-testid="order-timeline-item"][data-status="cancelled"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Zrušena');
    expect(await entry.getByTestId('timeline-cancel-reason').textContent()).toContain('Zákazník si to rozmyslel po telefonu');
    expect(await page.getByTestId('cancel-reason').textContent()).toBe('Zákazník si to rozmyslel po telefonu');
    // Nothing is left to do with a cancelled order.
    expect(await page.getByTestId('order-action-cancel').count()).toBe(0);
    expect(await page.getByTestId('order-action-ship').count()).toBe(0);
    await snapshot(page, 'admin-orders', 'cancelled');

    // The API agrees: the order is cancelled with that reason.
    expect((await shop.events.readStream(`order-${number}`)).map((event) => event.type)).toContain('OrderCancelled');
    await context.close();
  });

  it('lists the order’s delivery in the order delivery grid and opens its detail', async () => {
    const { context, page } = await signedIn();
    await page.getByTestId('tab-deliveries').click();
    await page.getByTestId('deliveries-grid').waitFor();
    const row = async () => (await page.locator(`.ag-row[row-id="${other}"]`).allTextContents()).join(' ');
    await expect.poll(row).toContain('Výdejní místo Praha 4 · P42');
    expect(await row()).toContain('Ondřej Veselý');
    await snapshot(page, 'admin-orders', 'deliveries');
    await page.getByTestId(`delivery-${other}`).click();
    await page.waitForURL(new RegExp(`/admin/orders/deliveries/${other}$`));
    await expect.poll(() => page.getByTestId('delivery-status').textContent()).toBe('Připravuje se');
    // The delivery's own steps only: it can be shipped from here, not cancelled.
    await page.getByTestId('order-action-ship').waitFor();
    expect(await page.getByTestId('order-action-cancel').count()).toBe(0);
    await snapshot(page, 'admin-orders', 'delivery-detail');
    await context.close();
  });
});
