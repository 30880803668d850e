import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium } from 'playwright-core';
import { systemActor } from '@buyloop/kit';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { signedInStaff } from '../buy-back-testing';
import { ensureFrontEndsBuilt, hydrated, launchChromium, signInToBackOffice } from './browser-harness';

const PASSWORD = 'Kategorie-Heslo-2026';
const MANAGER = 'kategorie@discounts.buyloop.cz';

/** The discount form's categories in real Chromium: chosen from the category list by path, saved, shown again. */
describe('a discount limited to categories in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let manager: Browser;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString(), catalogue: true });
    manager = await signedInStaff(shop, MANAGER, PASSWORD, ['catalogue_manager']);
    const at = shop.time.clock().toISOString();
    const category = (categoryId: string, parentId: string | null, position: number, name: string) => ({
      type: 'CategoryAdded',
      data: {
        categoryId,
        parentId,
        position,
        name,
        seoName: categoryId,
        forDisplay: true,
        forBuyout: false,
        forService: false,
        filterable: false,
        manufacturerIds: [],
        photoId: null,
        typeDeviceId: null,
        seoTitle: null,
        seoDescription: null,
        at,
      },
    });
    const written = await shop.events.append(
      'categorytree-cz',
      [
        category('bt-phones', null, 0, 'Telefony'),
        category('bt-apple', 'bt-phones', 0, 'Apple'),
        category('bt-tablets', null, 1, 'Tablety'),
      ],
      { actor: systemActor, market: 'cz' },
    );
    await shop.projector.waitFor('catalogue_category_tree', written.checkpoint, 15_000);
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  it('chooses categories by their path, saves them, and shows them chosen when the discount is opened again', async () => {
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await signInToBackOffice(page, shop.base, MANAGER, PASSWORD);
    await page.getByTestId('menu-discounts').click();
    await page.getByTestId('discount-new').click();

    const form = page.getByTestId('discount-form');
    await form.locator('[name="title"]').fill('Apple a tablety');
    await form.locator('[name="discount_value"]').fill('5');
    const select = page.getByTestId('discount-categories');
    await expect.poll(() => select.locator('option').allTextContents()).toEqual(['Telefony', 'Telefony › Apple', 'Tablety']);
    await select.selectOption([{ label: 'Telefony › Apple' }, { label: 'Tablety' }]);
    await page.getByTestId('discount-save').click();
    await page.waitForURL(/\/admin\/discounts\/[0-9a-f-]{36}$/);
    const id = /discounts\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

    const detail = await manager.request('GET', `/api/admin/discounts/${id}`);
    expect(detail.body.categories).toEqual(['bt-apple', 'bt-tablets']);
    await page.reload();
    await hydrated(page);
    await expect
      .poll(() =>
        page
          .getByTestId('discount-categories')
          // The test compiles without the DOM types: the select is described by what is read from it.
          .evaluate((element) =>
            [...(element as unknown as { selectedOptions: Iterable<{ value: string }> }).selectedOptions].map(
              (option) => option.value,
            ),
          ),
      )
      .toEqual(['bt-apple', 'bt-tablets']);
    await context.close();
  });
});
