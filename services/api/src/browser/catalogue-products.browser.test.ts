import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

const PASSWORD = 'Katalog-Heslo-2026';
const MANAGER = 'katalog@products.buyloop.cz';
const API = '/api/admin/catalogue';
const DAY_MS = 86_400_000;
const CODE = 'IP15-128-BLK';

/** A real PNG of `width` × `height` in one colour, made here (no image library in this package). */
function png(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [...rgb]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A `datetime-local` value in UTC (the pages run with timezoneId UTC). */
const localInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/**
 * The back office's catalogue section in real Chromium against the real API
 * (data made through the API): a product's detail with two prices set in the
 * form, an offer and the price chart with its Omnibus line; a stock count
 * through the form (a refused one with its field error first); an image
 * upload attached to the master's photos; CSV imports refused with their
 * errors by line and column and nothing imported; the pages at 1366 and 390 px.
 */
describe('the catalogue in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let manager: Browser;
  let masterId: string;
  let manufacturerId: string;
  let typeDeviceId: string;

  const logInManager = async () => {
    manager = new Browser(shop.base, 'cs');
    expect((await manager.logIn(MANAGER, PASSWORD)).status).toBe(200);
  };
  const created = async (path: string, body: unknown): Promise<string> => {
    const answer = await manager.request('POST', `${API}${path}`, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as string;
  };

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString(), catalogue: true });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await shop.identity.service.createAccount(
      { email: MANAGER, password: PASSWORD, roles: ['catalogue_manager'], kind: 'staff' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    await logInManager();
    manufacturerId = await created('/manufacturers', { name: 'Apple' });
    typeDeviceId = await created('/type-devices', { name: 'Mobilní telefon' });
    masterId = await created('/masters', {
      name: 'Apple iPhone 15',
      seo_name: 'apple-iphone-15',
      manufacturer_id: manufacturerId,
      type_device_id: typeDeviceId,
      description: '<p>Telefon s <strong>USB-C</strong>.</p>',
    });
    await created(`/masters/${masterId}/variants`, {
      code: CODE,
      ean: null,
      colour: 'Černá',
      capacity: '128 GB',
      quality: 'new',
      long_name: 'Apple iPhone 15 128 GB černý',
      short_name: 'iPhone 15 128 GB',
      vat_rate: 21,
    });
    // The first price, ten days before the pages are opened (sessions do not outlive that: sign in again after).
    expect((await manager.request('PUT', `/api/admin/prices/${CODE}`, { body: { price: 14_990 } })).status).toBe(200);
    shop.time.advance(10 * DAY_MS);
    await logInManager();
    const receipt = await manager.request('POST', '/api/admin/stock/receipts', {
      body: { code: CODE, location: 'cz-central', quantity: 5, reference: 'DL 2026/7' },
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    chromium = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  async function signedIn(width: number, height = 900): Promise<Page> {
    const context = await chromium.newContext({ viewport: { width, height }, locale: 'cs-CZ', timezoneId: 'UTC' });
    const page = await context.newPage();
    await page.goto(`${shop.base}/admin/`);
    await hydrated(page);
    await page.locator('[name="email"]').fill(MANAGER);
    await page.locator('[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('menu-catalogue').waitFor();
    return page;
  }
  const notice = (page: Page) => page.getByTestId('ctl-notice');
  const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.replace(/\s+/g, ' ').trim();
  const noOverflow = (page: Page) => page.evaluate('document.documentElement.scrollWidth - window.innerWidth');

  it('finds the master in the grid, opens its variant, sets two prices and an offer, and shows the chart with the Omnibus line', async () => {
    const page = await signedIn(1366);
    await page.getByTestId('menu-catalogue').click();
    await page.getByTestId('masters-grid').locator(`[data-testid="master-${masterId}"]`).waitFor();
    await page.getByTestId('masters-search').fill('iphone');
    await expect.poll(() => text(page, 'masters-count')).toBe('Celkem: 1');
    await snapshot(page, 'catalogue', '1-masters-1366');
    await page.locator(`[data-testid="master-${masterId}"]`).click();
    await page.getByTestId('master-detail').waitFor();
    expect(await page.locator('.ctl-description strong').textContent()).toBe('USB-C');
    await page.getByTestId(`variant-${CODE}`).click();
    await page.getByTestId('product-detail').waitFor();
    await expect.poll(() => text(page, 'price-current')).toBe('14 990 Kč');
    expect(await page.getByTestId('price-lowest-30d').count()).toBe(0);

    // A price with decimals is refused under its field, in Czech; then the second price.
    await page.getByTestId('price-set-open').click();
    await page.getByTestId('price-form').locator('[name="price"]').fill('12990,50');
    await page.getByTestId('price-save').click();
    await page.getByTestId('price-form').getByTestId('error-price').waitFor();
    expect(await page.getByTestId('price-form').getByTestId('form-error').textContent()).toContain(
      'Během ukládání došlo k chybě.',
    );
    await page.getByTestId('price-form').locator('[name="price"]').fill('12 990');
    await page.getByTestId('price-save').click();
    await expect.poll(() => notice(page).textContent()).toContain('Úspěšně uloženo.');
    await page.getByTestId('price-form').waitFor({ state: 'detached' });
    await expect.poll(() => text(page, 'price-current')).toBe('12 990 Kč');
    await expect.poll(() => page.getByTestId('price-chart').getAttribute('data-points')).toBe('2');

    // A time-limited offer from an hour on (the server's clock runs ten days ahead of this browser's).
    const serverNow = shop.time.clock().getTime();
    await page.getByTestId('price-offer-open').click();
    const offer = page.getByTestId('offer-form');
    await offer.locator('[name="price"]').fill('9990');
    await offer.locator('[name="valid_from"]').fill(localInput(serverNow + 3_600_000));
    await offer.locator('[name="valid_to"]').fill(localInput(serverNow + 14 * DAY_MS));
    await page.getByTestId('offer-save').click();
    await offer.waitFor({ state: 'detached' });
    expect(await text(page, 'price-current')).toBe('12 990 Kč');

    // Ninety minutes later the offer applies: the page shows it with the lowest price of the 30 days before it.
    shop.time.advance(90 * 60_000);
    await catalogueHandles(shop).pricing.tick();
    await page.reload();
    await hydrated(page);
    await expect.poll(() => text(page, 'price-current')).toBe('9 990 Kč');
    expect(await text(page, 'price-lowest-30d')).toBe('12 990 Kč');
    expect(await text(page, 'price-offer')).toContain('9 990 Kč');
    const chart = page.getByTestId('price-chart');
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(4);
    await chart.locator('.recharts-line-curve').waitFor();
    // A horizontal line has no height, so it is never 'visible' to Playwright: it is there, with its label.
    await chart.locator('.recharts-reference-line').waitFor({ state: 'attached' });
    // Its label is drawn in a layer of its own.
    expect(await text(page, 'price-chart')).toContain('Nejnižší cena za posledních 30 dní: 12 990 Kč');
    await page.locator('.ctl-history summary').click();
    expect(await page.getByTestId('price-history').locator('tbody tr').count()).toBeGreaterThanOrEqual(4);
    await snapshot(page, 'catalogue', '2-product-price-1366');

    const api = await manager.request('GET', `/api/admin/prices/${CODE}`);
    expect(api.body).toMatchObject({ price: 9990, reduced: true, lowest_price_30d: 12990 });
    await page.context().close();
  }, 120_000);

  it('counts the stock through the form: a negative count is refused under its field, a good one shows', async () => {
    await logInManager();
    const page = await signedIn(1366);
    await page.goto(`${shop.base}/admin/catalogue/products/${CODE}`);
    await hydrated(page);
    await expect.poll(() => text(page, 'stock-on-hand-cz-central')).toBe('5');
    await page.getByTestId('stock-count-open').click();
    const form = page.getByTestId('count-form');
    expect(await form.locator('[name="location"]').inputValue()).toBe('cz-central');
    await form.locator('[name="on_hand"]').fill('-1');
    await form.locator('[name="reason"]').fill('Inventura: 2 kusy poškozené');
    await page.getByTestId('count-save').click();
    await form.getByTestId('error-on_hand').waitFor();
    expect(await form.locator('[name="on_hand"]').getAttribute('aria-invalid')).toBe('true');
    await form.locator('[name="on_hand"]').fill('3');
    await page.getByTestId('count-save').click();
    await expect.poll(() => notice(page).textContent()).toContain('Úspěšně uloženo.');
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => text(page, 'stock-on-hand-cz-central')).toBe('3');
    expect(await text(page, 'stock-available-cz-central')).toBe('3');
    const stock = await manager.request('GET', `/api/admin/stock/${CODE}`);
    expect(stock.body.totals).toEqual({ on_hand: 3, reserved: 0, available: 3 });
    await page.context().close();
  }, 120_000);

  it('uploads a photo to the master: it is attached, shown and saved in the master’s photos', async () => {
    await logInManager();
    const page = await signedIn(1366);
    await page.goto(`${shop.base}/admin/catalogue/masters/${masterId}`);
    await hydrated(page);
    await page.getByTestId('master-photos').waitFor();
    await page.getByTestId('image-upload-input').setInputFiles({
      name: 'iphone-15-cerny.png',
      mimeType: 'image/png',
      buffer: png(640, 480, [30, 30, 36]),
    });
    await page.getByTestId('photo-list').locator('img').first().waitFor();
    await expect.poll(() => notice(page).textContent()).toContain('Úspěšně uloženo.');
    await expect
      .poll(() =>
        page
          .getByTestId('photo-list')
          .locator('img')
          .first()
          .evaluate((img) => (img as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    const master = await manager.request('GET', `${API}/masters/${masterId}`);
    const photos = master.body.photo_ids as string[];
    expect(photos).toHaveLength(1);
    expect(await page.getByTestId('photo-list').locator('li').getAttribute('data-photo')).toBe(photos[0]);
    await snapshot(page, 'catalogue', '3-master-photo-1366');
    await page.context().close();
  }, 120_000);

  it('refuses CSV imports with their errors by line and column and imports nothing', async () => {
    await logInManager();
    const before = (await manager.request('GET', `${API}/masters?startRow=0&endRow=10`)).body.total as number;
    const page = await signedIn(1366);
    await page.goto(`${shop.base}/admin/catalogue/imports`);
    await hydrated(page);
    const products = page.getByTestId('import-products');

    // Only .csv is sent at all.
    await page
      .getByTestId('import-products-file')
      .setInputFiles({ name: 'produkty.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await page.getByTestId('import-products-submit').click();
    expect(await products.getByTestId('import-products-error').textContent()).toContain(
      'Lze nahrát pouze soubory CSV se všemi povinnými sloupci.',
    );

    // A CSV without a required column: the spec's message and the missing column.
    const header =
      'master_seo_name;master_name;manufacturer_id;type_device_id;code;ean;colour;capacity;quality;grade;long_name;short_name;vat_rate';
    const noVat = header.replace(';vat_rate', '');
    await page.getByTestId('import-products-file').setInputFiles({
      name: 'produkty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${noVat}\nsamsung-galaxy-s24;Samsung Galaxy S24;${manufacturerId};${typeDeviceId};SGS24-128;;Černá;128 GB;new;;Samsung Galaxy S24 128 GB;Galaxy S24\n`,
      ),
    });
    await page.getByTestId('import-products-submit').click();
    await products.getByTestId('import-products-missing').waitFor();
    expect(await products.getByTestId('import-products-error').textContent()).toContain(
      'Lze nahrát pouze soubory CSV se všemi povinnými sloupci.',
    );
    expect(await text(page, 'import-products-missing')).toContain('vat_rate');

    // Every column there, wrong values on lines 3 and 4: each listed by line and column.
    const rows = [
      header,
      `samsung-galaxy-s24;Samsung Galaxy S24;${manufacturerId};${typeDeviceId};SGS24-128;;Černá;128 GB;new;;Samsung Galaxy S24 128 GB;Galaxy S24;21`,
      `samsung-galaxy-s24;Samsung Galaxy S24;${manufacturerId};${typeDeviceId};SGS24-256;;Černá;256 GB;broken;;Samsung Galaxy S24 256 GB;Galaxy S24;21`,
      `samsung-galaxy-s24;Samsung Galaxy S24;${manufacturerId};${typeDeviceId};SGS24-512;;Černá;512 GB;used;;Samsung Galaxy S24 512 GB;Galaxy S24;7`,
    ];
    await page.getByTestId('import-products-file').setInputFiles({
      name: 'produkty.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${rows.join('\n')}\n`),
    });
    await page.getByTestId('import-products-submit').click();
    const table = products.getByTestId('import-products-rows');
    await table.waitFor();
    expect(await products.getByTestId('import-products-error').textContent()).toContain('Nic nebylo importováno.');
    const cells = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-line')}:${tr.getAttribute('data-column')}`));
    expect(cells).toEqual(expect.arrayContaining(['3:quality', '4:grade', '4:vat_rate']));
    expect(cells.every((cell) => !cell.startsWith('2:'))).toBe(true);
    await snapshot(page, 'catalogue', '4-import-errors-1366');

    // The price import too: a price with decimals is a line's error.
    await page.getByTestId('import-prices-file').setInputFiles({
      name: 'ceny.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`code;price\n${CODE};11990\n${CODE}X;abc\n`),
    });
    await page.getByTestId('import-prices-submit').click();
    await page.getByTestId('import-prices-rows').waitFor();
    expect(await page.getByTestId('import-prices-rows').locator('tbody tr[data-line="3"]').count()).toBeGreaterThan(0);

    expect((await manager.request('GET', `${API}/masters?startRow=0&endRow=10`)).body.total).toBe(before);
    expect((await manager.request('GET', `${API}/products/SGS24-128`)).status).toBe(404);
    expect((await manager.request('GET', `/api/admin/prices/${CODE}`)).body.price).toBe(9990);
    await page.context().close();
  }, 120_000);

  it('creates a manufacturer, a master and a used variant through the forms, each refusal under its field', async () => {
    await logInManager();
    const page = await signedIn(1366);
    await page.goto(`${shop.base}/admin/catalogue/reference`);
    await hydrated(page);
    const manufacturers = page.getByTestId('ref-manufacturers');
    await manufacturers.getByTestId('ref-add-manufacturers').locator('[name="name"]').fill('Samsung');
    await manufacturers.getByTestId('ref-add-manufacturers').locator('button[type="submit"]').click();
    await expect.poll(() => notice(page).textContent()).toContain('Úspěšně uloženo.');
    await manufacturers.locator('.ctl-ref-list', { hasText: 'Samsung' }).waitFor();

    await page.getByTestId('ctl-tab-masters').click();
    await page.getByTestId('master-create-open').click();
    const create = page.getByTestId('master-create');
    await create.locator('[name="name"]').fill('Samsung Galaxy S24');
    expect(await create.locator('[name="seo_name"]').inputValue()).toBe('samsung-galaxy-s24');
    await create.locator('[name="manufacturer_id"]').selectOption({ label: 'Samsung' });
    await create.locator('[name="type_device_id"]').selectOption({ label: 'Mobilní telefon' });
    await page.getByTestId('master-create-submit').click();
    await page.getByTestId('master-detail').waitFor();
    expect(await page.locator('#master-title').textContent()).toBe('Samsung Galaxy S24');

    // A used variant without a grade: the server's message under the grade; with one, the variant is listed.
    await page.getByTestId('variant-add-open').click();
    const variant = page.getByTestId('variant-create');
    await variant.locator('[name="code"]').fill('SGS24-256-B');
    await variant.locator('[name="long_name"]').fill('Samsung Galaxy S24 256 GB, použitý');
    await variant.locator('[name="short_name"]').fill('Galaxy S24 256 GB');
    await variant.locator('[name="capacity"]').fill('256 GB');
    await variant.locator('[name="quality"]').selectOption('used');
    await variant.locator('[name="legal_warranty_months"]').fill('12');
    await page.getByTestId('variant-create-submit').click();
    await variant.getByTestId('error-grade').waitFor();
    expect(await variant.locator('[name="grade"]').getAttribute('aria-invalid')).toBe('true');
    await variant.locator('[name="grade"]').selectOption('B');
    await page.getByTestId('variant-create-submit').click();
    await page.getByTestId('variant-SGS24-256-B').waitFor();
    await variant.waitFor({ state: 'detached' });
    const product = await manager.request('GET', `${API}/products/SGS24-256-B`);
    expect(product.body).toMatchObject({ quality: 'used', grade: 'B', legal_warranty_months: 12, manufacturer_name: 'Samsung' });

    // The master's own fields: a description with a bold word, the package (a size typed wrong refused under it).
    await page.getByTestId('master-edit').click();
    const master = page.getByTestId('master-form');
    await master.locator('[data-name="description"]').click();
    await page.keyboard.type('Displej 6,2 palce, ');
    await master.getByRole('button', { name: 'Tučně' }).click();
    await page.keyboard.type('Galaxy AI');
    for (const [name, value] of [
      ['width', '8'],
      ['height', '16,5'],
      ['depth', '1x'],
      ['weight', '0,4'],
    ] as const)
      await master.locator(`[name="${name}"]`).fill(value);
    await page.getByTestId('master-save').click();
    await master.getByTestId('error-package.depth').waitFor();
    await master.locator('[name="depth"]').fill('5');
    await page.getByTestId('master-save').click();
    await master.waitFor({ state: 'detached' });
    await expect.poll(() => text(page, 'master-package')).toBe('8 × 16,5 × 5 cm · 0,4 kg');
    expect(await page.locator('.ctl-description strong, .ctl-description b').first().textContent()).toBe('Galaxy AI');

    // Component params (spec 7): a number that is not one is refused under its cell.
    await page.getByTestId('params-edit').click();
    const params = page.getByTestId('params-form');
    await page.getByTestId('params-add').click();
    await page.getByTestId('params-add').click();
    await params.locator('[name="params.0.name"]').fill('Displej');
    await params.locator('[name="params.0.value"]').fill('6,2"');
    await params.locator('[name="params.1.name"]').fill('Hmotnost (g)');
    await params.locator('[name="params.1.type"]').selectOption('number');
    await params.locator('[name="params.1.value"]').fill('hodně');
    await page.getByTestId('params-save').click();
    await params.locator('[name="params.1.value"][aria-invalid="true"]').waitFor();
    expect(await params.getByTestId('form-error').textContent()).toContain('Parametry komponenty nelze uložit.');
    await params.locator('[name="params.1.value"]').fill('168');
    await page.getByTestId('params-save').click();
    await params.waitFor({ state: 'detached' });
    await page.getByTestId('master-params').locator('td', { hasText: '168' }).waitFor();
    await snapshot(page, 'catalogue', '6-master-forms-1366');
    await page.context().close();
  }, 120_000);

  it('groups masters in meta masters (create, add, swap) and changes a master’s SEO texts in the grid', async () => {
    await logInManager();
    const page = await signedIn(1366);
    await page.goto(`${shop.base}/admin/catalogue/meta-masters`);
    await hydrated(page);
    await page.getByTestId('meta-create-open').click();
    await page.getByTestId('meta-create').locator('[name="name"]').fill('iPhone 15 řada');
    await page.getByTestId('meta-create-submit').click();
    await expect.poll(() => notice(page).textContent()).toContain('Úspěšně uloženo.');
    const row = page.getByTestId('meta-masters').locator('li', { hasText: 'iPhone 15 řada' });
    await row.locator('.ctl-row-title').click();
    const picker = row.locator('[data-testid^="meta-add-"]');
    await picker.locator('input').fill('iPhone');
    await picker.getByRole('button', { name: /Apple iPhone 15/ }).click();
    await row.locator('[data-testid^="meta-masters-of-"]', { hasText: 'Apple iPhone 15' }).waitFor();

    // Spec 7's swap: the master moves to another meta master (offered by the exclude call).
    await created('/meta-masters', { name: 'Apple 2023' });
    await page.goto(`${shop.base}/admin/catalogue/masters/${masterId}`);
    await hydrated(page);
    await expect.poll(() => text(page, 'master-meta-current')).toBe('iPhone 15 řada');
    const swap = page.getByTestId('master-meta');
    expect(await swap.locator('select option').allTextContents()).not.toContain('iPhone 15 řada');
    await swap.locator('select').selectOption({ label: 'Apple 2023' });
    await page.getByTestId('meta-swap').click();
    await expect.poll(() => text(page, 'master-meta-current')).toBe('Apple 2023');

    await page.getByTestId('ctl-tab-seo').click();
    await page.getByTestId('seo-kind').selectOption('master');
    await page.getByTestId('seo-search').fill('iphone');
    const grid = page.getByTestId('seo-grid');
    await grid.locator('.ag-row', { hasText: 'apple-iphone-15' }).click();
    const form = page.getByTestId('seo-form');
    await form.locator('[name="seo_title"]').fill('Apple iPhone 15 – nový i z druhé ruky');
    await page.getByTestId('seo-save').click();
    await expect.poll(() => notice(page).textContent()).toContain('Úspěšně uloženo.');
    await form.waitFor({ state: 'detached' });
    await grid.locator('.ag-row', { hasText: 'Apple iPhone 15 – nový i z druhé ruky' }).waitFor();
    const master = await manager.request('GET', `${API}/masters/${masterId}`);
    expect(master.body).toMatchObject({ seo_title: 'Apple iPhone 15 – nový i z druhé ruky', meta_master_name: 'Apple 2023' });
    await page.context().close();
  }, 120_000);

  it('fits a phone’s width: the grid, the product’s detail and the imports at 390 px', async () => {
    await logInManager();
    const page = await signedIn(390, 844);
    await page.goto(`${shop.base}/admin/catalogue`);
    await hydrated(page);
    await page.locator(`[data-testid="master-${masterId}"]`).waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${shop.base}/admin/catalogue/products/${CODE}`);
    await hydrated(page);
    await page.getByTestId('price-chart').waitFor();
    await page.getByTestId('stock-table').waitFor();
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await snapshot(page, 'catalogue', '5-product-390');
    await page.goto(`${shop.base}/admin/catalogue/imports`);
    await hydrated(page);
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 120_000);
});
