import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { czechSale, publishTestCatalogue, signedInStaff, statusLinkIn } from '../buy-back-testing';
import { Browser, openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, SCREENSHOTS } from './browser-harness';

const PASSWORD = 'Vady-Kancelar-2026';
const TECHNICIAN = 'technik@kancelar.buyloop.cz';
const FINANCE = 'ucetni@kancelar.buyloop.cz';

/**
 * The back office's side of the buy-back usability review (issue 16,
 * "Defects found"): what a technician or a clerk meets in Chromium.
 */
describe('the buy-back review’s defects, in the back office', () => {
  let shop: Shop;
  let chromium: Chromium;
  let technician: Browser;
  let finance: Browser;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString() });
    await publishTestCatalogue(shop);
    technician = await signedInStaff(shop, TECHNICIAN, PASSWORD, ['buyback_technician']);
    finance = await signedInStaff(shop, FINANCE, PASSWORD, ['finance']);
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  let sales = 0;
  /** A sale over the API, as the storefront's form sends it, and its status token from the e-mail. */
  const sell = async (): Promise<{ number: string; token: string; customer: Browser }> => {
    const customer = await new Browser(shop.base, 'cs').open();
    const sold = await customer.request('POST', '/api/buyout/sell-online', {
      body: czechSale(),
      headers: { 'idempotency-key': `defects-admin-${++sales}-${Date.now()}` },
    });
    expect(sold.status).toBe(201);
    const number = sold.body.buyout_number as string;
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    return { number, token: statusLinkIn(mail.text, number).token, customer };
  };

  /** A back-office action over the API, on the version just read. */
  const act = async (as: Browser, number: string, action: string, body: unknown): Promise<void> => {
    const detail = await as.request('GET', `/api/admin/buybacks/${number}`);
    const done = await as.request('POST', `/api/admin/buybacks/${number}/${action}`, {
      body,
      headers: { 'if-match': detail.headers.get('etag')! },
    });
    expect(done.status, `${action}: ${JSON.stringify(done.body)}`).toBe(200);
  };

  const logIn = async (width: number, email = TECHNICIAN): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    await page.goto(`${shop.base}/admin/`);
    await hydrated(page);
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('menu-buybacks').waitFor();
    return { context, page };
  };

  it('8. the timeline names its details in Czech and its people by name, never by a raw key, an id or "visitor"', async () => {
    const { number, token, customer } = await sell();
    await act(technician, number, 'receive', { where: 'Výkupní centrum Praha' });
    await act(technician, number, 'inspect', {
      imei: '490154203237518',
      quality_found: 'C',
      findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo' }],
    });
    await act(technician, number, 'revise-offer', {
      price: 6_400,
      reasons: [{ question_id: 'display', reason: 'Prasklé sklo' }],
    });
    const accepted = await customer.request('POST', `/api/buyout/${number}/accept-revised-offer`, { body: { token } });
    expect(accepted.status).toBe(200);
    await act(finance, number, 'order-payout', { approval_id: null });
    await act(finance, number, 'confirm-payout', { payment_reference: 'KB-2026-000888' });

    const { context, page } = await logIn(1366);
    await page.goto(`${shop.base}/admin/buybacks/${number}`);
    await page.locator('[data-testid="detail-status"][data-status="paid"]').waitFor();
    const labels = await page.locator('.timeline-details dt').allTextContents();
    expect(labels.length).toBeGreaterThan(10);
    for (const label of labels) expect(label, 'a detail named by its raw key').toMatch(/^[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/);
    const values = await page.locator('.timeline-details dd').allTextContents();
    expect(values).not.toContain('courier');

    const who = async (type: string) =>
      page.locator(`[data-testid="timeline-item"][data-type="${type}"] .timeline-who`).textContent();
    const everyone = await page.locator('.timeline-who').allTextContents();
    for (const text of everyone) {
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
      expect(text).not.toMatch(/visitor/);
    }
    expect(await who('Submitted')).toContain('Jiří Dvořák');
    expect(await who('RevisedOfferAccepted')).toContain('Jiří Dvořák');
    expect(await who('DeviceReceived')).toContain(TECHNICIAN);
    expect(await who('Paid')).toContain(FINANCE);
    await context.close();
  });

  it('9. the messages say what is wrong: no grade chosen, and "4 500 Kč" is read as a price', async () => {
    const { number } = await sell();
    await act(technician, number, 'receive', { where: 'Výkupní centrum Praha' });
    const { context, page } = await logIn(1366);
    await page.goto(`${shop.base}/admin/buybacks/${number}`);
    await page.locator('[data-testid="detail-status"][data-status="received"]').waitFor();

    await page.getByTestId('action-inspect').click();
    await page.locator('[name="imei"]').fill('490154203237518');
    await page.getByTestId('action-submit').click();
    // No grade chosen: that is what the form says, not "this value is not valid".
    const grade = page.getByTestId('error-quality_found');
    await grade.waitFor({ timeout: 5_000 });
    expect(await grade.textContent()).toMatch(/vyberte/i);
    expect(await grade.textContent()).not.toMatch(/není platná/i);

    await page.locator('[name="quality_found"]').selectOption('C');
    await page.locator('[name="found_choice-display"]').selectOption('display_cracked');
    await page.locator('[name="reason-display"]').fill('Prasklé sklo');
    await page.getByTestId('action-submit').click();
    await page.locator('[data-testid="detail-status"][data-status="inspected"]').waitFor();

    // The price as people write it, with a space and the currency.
    await page.getByTestId('action-revise-offer').click();
    await page.locator('[name="price"]').fill('4 500 Kč');
    await page.locator('[name="reason-display"]').fill('Prasklé sklo displeje');
    await page.getByTestId('action-submit').click();
    await page.locator('[data-testid="detail-status"][data-status="revised"]').waitFor({ timeout: 5_000 });
    expect((await shop.buyBack.service.state(number)).state.revisedOffer?.price).toBe(4_500);
    await context.close();
  });

  it('12. at 390 px the whole top menu is on screen, every entry of it, none cut off or scrolled away', async () => {
    const email = 'spravce@kancelar.buyloop.cz';
    await signedInStaff(shop, email, PASSWORD, ['administrator', 'finance', 'buyback_technician', 'catalogue_manager']);
    const { context, page } = await logIn(390, email);
    await page.screenshot({ path: `${SCREENSHOTS}/defects-12-admin-menu-390.png` });
    const entries = page.locator('nav.menu a[data-testid^="menu-"]');
    expect(await entries.count()).toBeGreaterThanOrEqual(6);
    const placed = await entries.evaluateAll((links) =>
      links.map((link) => {
        const box = (
          link as unknown as { getBoundingClientRect(): { left: number; right: number; width: number } }
        ).getBoundingClientRect();
        return { text: (link as unknown as { textContent: string }).textContent, left: box.left, right: box.right };
      }),
    );
    for (const entry of placed) {
      expect(entry.left, entry.text).toBeGreaterThanOrEqual(0);
      expect(entry.right, entry.text).toBeLessThanOrEqual(390);
    }
    const menu = await page.locator('nav.menu').evaluate((nav) => {
      const { scrollWidth, clientWidth } = nav as unknown as { scrollWidth: number; clientWidth: number };
      return { scrollWidth, clientWidth };
    });
    expect(menu.scrollWidth).toBeLessThanOrEqual(menu.clientWidth);
    // The page itself does not scroll sideways either.
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      ),
    ).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('13. the grid is one Tab stop (Tab leaves it), Enter on a row opens it, and no admin page asks for a missing favicon', async () => {
    const { number } = await sell();
    const { context, page } = await logIn(1366);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.getByTestId('menu-buybacks').click();
    await page.locator(`.ag-row[row-id="${number}"]`).waitFor();

    const inGrid = () =>
      page.evaluate(() => {
        const { document } = globalThis as unknown as {
          document: { activeElement: { closest(selector: string): unknown } | null };
        };
        return Boolean(document.activeElement?.closest('.ag-root-wrapper'));
      });
    await page.getByTestId('grid-search').focus();
    let entered = -1;
    let left = -1;
    for (let press = 1; press <= 40 && left < 0; press++) {
      await page.keyboard.press('Tab');
      const inside = await inGrid();
      if (inside && entered < 0) entered = press;
      if (!inside && entered > 0) left = press;
    }
    expect(entered, 'Tab reaches the grid').toBeGreaterThan(0);
    // Once in, the next Tab or two (header, then the rows) leave it: no walk through every cell.
    expect(left, 'Tab leaves the grid').toBeGreaterThan(entered);
    expect(left - entered, 'Tab leaves the grid').toBeLessThanOrEqual(3);

    // Back in with Shift+Tab, down to the sale's row, Enter: its detail.
    await page.keyboard.press('Shift+Tab');
    await page.locator(`.ag-row[row-id="${number}"] [col-id="buyout_number"]`).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/admin/buybacks/${number}$`));
    await page.getByTestId('detail-status').waitFor();

    // Every admin page names its icon, and the icon is there.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    expect(icon).not.toBe('data:,');
    expect((await fetch(`${shop.base}${icon}`)).status).toBe(200);
    expect((await fetch(`${shop.base}/favicon.ico`)).status).toBe(200);
    expect(missing.filter((url) => url.includes('favicon'))).toEqual([]);
    await context.close();
  });
});
