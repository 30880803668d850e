import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { signedInStaff } from '../buy-back-testing';
import { ensureFrontEndsBuilt, launchChromium, signInToBackOffice } from './browser-harness';

const PASSWORD = 'Slevy-Heslo-2026';
const MANAGER = 'slevy@discounts.buyloop.cz';

/**
 * The back office's discounts in real Chromium: the grid over the API, a
 * new definition with a field error under its field and spec 5/9's warning
 * at 80 %, and spec 9's generated codes shown in the dialog.
 */
describe('discounts in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let manager: Browser;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString(), catalogue: true });
    manager = await signedInStaff(shop, MANAGER, PASSWORD, ['catalogue_manager']);
    const created = await manager.request('POST', '/api/admin/discounts', {
      body: { title: 'Podzimní výprodej', discount_type: 'absolute', discount_value: 500, codes: ['PODZIM'] },
    });
    expect(created.status).toBe(201);
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  async function signedIn(): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await signInToBackOffice(page, shop.base, MANAGER, PASSWORD);
    await page.getByTestId('menu-discounts').click();
    await page.getByTestId('discounts-grid').waitFor();
    return page;
  }

  it('lists definitions, creates one with a field error and the 80 % warning, and generates codes', async () => {
    const page = await signedIn();
    await page.getByText('Podzimní výprodej').waitFor();

    await page.getByTestId('discount-new').click();
    const form = page.getByTestId('discount-form');
    await form.locator('[name="title"]').fill('Velká sleva');
    await form.locator('[name="discount_value"]').fill('150');
    await page.getByTestId('discount-save').click();
    // The server's refusal lands under its field, in Czech.
    await expect.poll(() => page.getByTestId('error-discount_value').textContent()).toBe('Hodnota slevy musí být od 1 do 100.');

    await form.locator('[name="discount_value"]').fill('85');
    await page.getByTestId('discount-warning').waitFor();
    expect(await page.getByTestId('discount-warning').textContent()).toBe('Pozor: sleva je 80 % nebo více.');
    await page.getByTestId('discount-save').click();
    await page.waitForURL(/\/admin\/discounts\/[0-9a-f-]{36}$/);
    await page.getByText('Sleva: Velká sleva').waitFor();
    await page.getByTestId('discount-warning').waitFor();

    await page.getByTestId('discount-generate').click();
    const dialog = page.getByTestId('generate-dialog');
    await dialog.locator('[name="count"]').fill('3');
    await dialog.getByRole('button', { name: 'Vygenerovat kódy' }).click();
    await page.getByTestId('generated-codes').waitFor();
    const codes = (await page.getByTestId('generated-codes').inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{10}$/);

    await dialog.locator('[name="count"]').fill('10000');
    await dialog.getByRole('button', { name: 'Vygenerovat kódy' }).click();
    await expect.poll(() => dialog.getByTestId('error-count').textContent()).toBe('Počet kódů musí být od 1 do 1000.');
  });
});
