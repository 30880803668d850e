import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { signedInStaff } from '../buy-back-testing';
import { ensureFrontEndsBuilt, hydrated, launchChromium, signInToBackOffice, snapshot } from './browser-harness';

const PASSWORD = 'Kategorie-Heslo-2026';
const MANAGER = 'kategorie@categories.buyloop.cz';
/** How much wider than the screen the page is (evaluated in the page, where the DOM is). */
const OVERFLOW = 'document.documentElement.scrollWidth - window.innerWidth';

interface Row {
  id: string;
  name: string;
  parent: string | null;
  position: number;
  filterable: boolean;
}

/**
 * The back office's categories page in real Chromium: the tree editor (add,
 * rename, move by drag and by the keyboard's buttons, a refused save with
 * its field error, delete with a confirmation), the load failure's message,
 * the page at a phone's width, and the product-to-category assignment grid.
 */
describe('the category tree editor and the assignment grid in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let manager: Browser;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString(), catalogue: true });
    manager = await signedInStaff(shop, MANAGER, PASSWORD, ['catalogue_manager']);
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  const rows = async (): Promise<Row[]> =>
    (await manager.request('GET', '/api/admin/catalogue/categories')).body.categories as Row[];
  const idOf = async (name: string) => (await rows()).find((row) => row.name === name)!.id;

  async function signedIn(width: number, height: number): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width, height }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await signInToBackOffice(page, shop.base, MANAGER, PASSWORD);
    await page.getByTestId('menu-categories').waitFor();
    await page.goto(`${shop.base}/admin/categories`);
    await hydrated(page);
    return page;
  }

  const notice = (page: Page) => page.getByTestId('categories-notice');
  const form = (page: Page) => page.getByTestId('category-form');
  const row = (page: Page, name: string) => page.locator(`[data-testid^="category-row-"][data-name="${name}"]`);

  async function addCategory(page: Page, name: string, under?: string) {
    if (under) {
      await row(page, under).locator('.cat-name').click();
      await page.getByTestId('category-add-child').click();
    } else await page.getByTestId('category-add-root').click();
    await form(page).locator('[name="name"]').fill(name);
    await page.getByTestId('category-save').click();
    await expect.poll(() => notice(page).textContent()).toBe('Úspěšně uloženo.');
    // Spec 4: the form closes after a save.
    await form(page).waitFor({ state: 'detached' });
    await row(page, name).waitFor();
  }

  it('adds, renames, moves by drag and by buttons, refuses a taken name and deletes, with spec 8’s messages', async () => {
    const page = await signedIn(1366, 900);
    await page.getByTestId('categories-empty').waitFor();
    expect(await page.getByTestId('categories-empty').textContent()).toContain('Zatím tu nejsou žádné kategorie.');
    await snapshot(page, 'categories', '1-empty');

    await addCategory(page, 'Mobilní telefony');
    await addCategory(page, 'Tablety');
    await addCategory(page, 'Apple', 'Mobilní telefony');
    await addCategory(page, 'Samsung', 'Mobilní telefony');
    const phones = await idOf('Mobilní telefony');
    expect((await rows()).filter((r) => r.parent === phones).map((r) => r.name)).toEqual(['Apple', 'Samsung']);

    // Rename, and a flag as a checkbox.
    await row(page, 'Samsung').locator('.cat-name').click();
    await form(page).locator('[name="name"]').fill('Samsung Galaxy');
    await form(page).locator('[name="filterable"]').check();
    await page.getByTestId('category-save').click();
    await expect.poll(() => notice(page).textContent()).toBe('Úspěšně uloženo.');
    await row(page, 'Samsung Galaxy').waitFor();
    expect((await rows()).find((r) => r.name === 'Samsung Galaxy')).toMatchObject({ filterable: true, position: 1 });
    await expect.poll(async () => (await row(page, 'Samsung Galaxy').textContent()) ?? '').toContain('Filtr');

    // Drag Samsung Galaxy onto the top edge of Apple: it goes before it.
    await row(page, 'Samsung Galaxy').dragTo(row(page, 'Apple'), { targetPosition: { x: 60, y: 2 } });
    await expect.poll(async () => (await rows()).find((r) => r.name === 'Samsung Galaxy')?.position).toBe(0);
    await expect.poll(() => notice(page).textContent()).toBe('Úspěšně uloženo.');
    // Drag Tablety onto the middle of Mobilní telefony: it goes inside, last.
    const box = await row(page, 'Mobilní telefony').boundingBox();
    await row(page, 'Tablety').dragTo(row(page, 'Mobilní telefony'), { targetPosition: { x: 80, y: box!.height / 2 } });
    await expect.poll(async () => (await rows()).find((r) => r.name === 'Tablety')?.parent).toBe(phones);
    expect((await rows()).filter((r) => r.parent === phones).map((r) => r.name)).toEqual(['Samsung Galaxy', 'Apple', 'Tablety']);
    await snapshot(page, 'categories', '2-moved');

    // The same without a mouse: the buttons of the selected category.
    await row(page, 'Tablety').locator('.cat-name').click();
    await page.getByTestId('category-move-outdent').click();
    await expect.poll(async () => (await rows()).find((r) => r.name === 'Tablety')?.parent).toBeNull();
    await page.getByTestId('category-move-up').click();
    await expect.poll(async () => (await rows()).find((r) => r.name === 'Tablety')?.position).toBe(0);
    expect(await page.getByTestId('category-move-up').isDisabled()).toBe(true);

    // A refused save: the message of spec 8 and the server's message under its field.
    await addCategory(page, 'Nabíječky', 'Tablety');
    await row(page, 'Mobilní telefony').locator('.cat-name').click();
    await page.getByTestId('category-add-child').click();
    await form(page).locator('[name="name"]').fill('apple');
    await page.getByTestId('category-save').click();
    await page.getByTestId('category-form-error').waitFor();
    expect(await page.getByTestId('category-form-error').textContent()).toContain('Během ukládání došlo k chybě.');
    const nameField = form(page).locator('[name="name"]');
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    const described = await nameField.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      'Kategorie se stejným názvem už na tomto místě stromu existuje.',
    );
    await snapshot(page, 'categories', '3-refused');
    await form(page).getByRole('button', { name: 'Zrušit' }).click();

    // Delete with a confirmation naming what goes with it; the form closes.
    await row(page, 'Tablety').locator('.cat-name').click();
    await page.getByTestId('category-delete').click();
    const dialog = page.getByTestId('category-delete-dialog');
    expect(await dialog.textContent()).toContain('Smažou se i všechny její podkategorie (1).');
    await page.getByTestId('category-delete-confirm').click();
    await expect.poll(() => notice(page).textContent()).toBe('Úspěšně odstraněno.');
    await form(page).waitFor({ state: 'detached' });
    expect(await row(page, 'Tablety').count()).toBe(0);
    expect((await rows()).map((r) => r.name).sort()).toEqual(['Apple', 'Mobilní telefony', 'Samsung Galaxy']);
    await page.context().close();
  }, 180_000);

  it('says when the categories cannot be loaded and loads them on retry', async () => {
    const page = await signedIn(1366, 900);
    await row(page, 'Mobilní telefony').waitFor();
    await page.route('**/api/admin/catalogue/categories/tree', (route) =>
      route.fulfill({ status: 404, contentType: 'application/problem+json', body: '{"status":404,"code":"http.404"}' }),
    );
    await page.reload();
    await hydrated(page);
    const failure = page.getByTestId('categories-load-error');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('Chyba při načítání kategorií.');
    await page.unroute('**/api/admin/catalogue/categories/tree');
    await failure.getByRole('button', { name: 'Zkusit znovu' }).click();
    await row(page, 'Mobilní telefony').waitFor();
    await page.context().close();
  }, 120_000);

  it('assigns selected master products to a category in the grid and shows it there; an empty selection gets spec 5’s message', async () => {
    const reference = async (list: string, name: string) =>
      (await manager.request('POST', `/api/admin/catalogue/${list}`, { body: { name } })).body.id as string;
    const apple = await reference('manufacturers', 'Apple');
    const samsung = await reference('manufacturers', 'Samsung');
    const phoneType = await reference('type-devices', 'Mobilní telefon');
    const master = async (name: string, seo: string, maker: string) => {
      const created = await manager.request('POST', '/api/admin/catalogue/masters', {
        body: { name, seo_name: seo, manufacturer_id: maker, type_device_id: phoneType },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as string;
    };
    const iphone = await master('iPhone 15 Pro', 'iphone-15-pro', apple);
    const galaxy = await master('Galaxy S24 Ultra', 'galaxy-s24-ultra', samsung);
    await master('Galaxy A55', 'galaxy-a55', samsung);
    const flagships = (
      await manager.request('POST', '/api/admin/catalogue/categories', {
        body: { name: 'Vlajkové lodě', type_device: phoneType },
      })
    ).body.category as { id: string };

    const page = await signedIn(1366, 900);
    await page.getByTestId('categories-tab-assign').click();
    const grid = page.getByTestId('assignment-grid');
    const gridRow = (id: string) => grid.locator(`.ag-row[row-id="${id}"]`).first();
    const shownIds = () =>
      grid.locator('.ag-row[row-id]').evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('row-id')))].sort());
    await gridRow(iphone).waitFor();
    await expect.poll(async () => (await shownIds()).length).toBe(3);

    // Nothing chosen: spec 5's message, and nothing sent.
    await page.getByTestId('assignment-assign').click();
    await expect
      .poll(() => page.getByTestId('assignment-notice').textContent())
      .toBe('Pro aktualizaci je nutné vybrat produkty a kategorie.');

    for (const id of [iphone, galaxy]) await gridRow(id).locator('.ag-selection-checkbox').click();
    await page.getByTestId(`assignment-category-${flagships.id}`).check();
    expect(await page.getByTestId('assignment-summary').textContent()).toBe('Vybráno produktů: 2, kategorií: 1');
    await page.getByTestId('assignment-assign').click();
    await expect.poll(() => page.getByTestId('assignment-notice').textContent()).toBe('Úspěšně uloženo.');
    await expect.poll(async () => (await gridRow(iphone).textContent()) ?? '').toContain('Vlajkové lodě');
    expect(await gridRow(galaxy).textContent()).toContain('Vlajkové lodě');
    await snapshot(page, 'categories', '5-assigned');

    // The grid shows one category's products; the tree counts them.
    await page.getByTestId('assignment-show-in').selectOption(flagships.id);
    await expect.poll(shownIds).toEqual([iphone, galaxy].sort());
    const rows = (await manager.request('GET', '/api/admin/catalogue/categories')).body.categories as {
      id: string;
      product_count: number;
    }[];
    expect(rows.find((row) => row.id === flagships.id)?.product_count).toBe(2);
    await page.getByTestId('categories-tab-tree').click();
    await expect.poll(() => page.getByTestId(`category-count-${flagships.id}`).textContent()).toBe('Produkty: 2');

    // The form's manufacturers and type device come from the products area's lists.
    await page.getByTestId(`category-select-${flagships.id}`).click();
    expect(await form(page).locator('[name="type_device"]').inputValue()).toBe(phoneType);
    await form(page).locator(`[name="manufacturers"][value="${apple}"]`).check();
    await form(page).locator(`[name="manufacturers"][value="${samsung}"]`).check();
    await page.getByTestId('category-save').click();
    await expect.poll(() => notice(page).textContent()).toBe('Úspěšně uloženo.');
    const saved = (await manager.request('GET', '/api/admin/catalogue/categories')).body.categories as {
      id: string;
      manufacturers: string[];
    }[];
    expect(saved.find((row) => row.id === flagships.id)?.manufacturers.sort()).toEqual([apple, samsung].sort());
    await page.context().close();
  }, 180_000);

  it('is usable at a phone’s width: nothing wider than the screen, the form below the tree', async () => {
    const parent = await manager.request('POST', '/api/admin/catalogue/categories', {
      body: { name: 'Chytré hodinky a fitness náramky', for_buyout: true, for_service: true, filterable: true },
    });
    const parentId = (parent.body.category as { id: string }).id;
    await manager.request('POST', '/api/admin/catalogue/categories', {
      body: { parent: parentId, name: 'Příslušenství k chytrým hodinkám a náramkům' },
    });
    const page = await signedIn(390, 844);
    await row(page, 'Příslušenství k chytrým hodinkám a náramkům').waitFor();
    await row(page, 'Příslušenství k chytrým hodinkám a náramkům').locator('.cat-name').click();
    await form(page).waitFor();
    const overflow = await page.evaluate<number>(OVERFLOW);
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(page, 'categories', '4-phone');
    await page.getByTestId('categories-tab-assign').click();
    await page.getByTestId('assignment-grid').waitFor();
    expect(await page.evaluate<number>(OVERFLOW)).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 120_000);
});
