import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { publishTestCatalogue, statusLinkIn } from '../buy-back-testing';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

const PASSWORD = 'Prohlizec-Heslo-2026';

/**
 * The buy-back from both sides in real Chromium (issue 6 point 7): (a) a
 * customer sells a phone, (b) a technician receives and inspects it and
 * revises the offer, (c) the customer accepts and a clerk pays it out, (d) a
 * deep link shows the price without a click. One shop, journeys in order.
 */
describe('the buy-back in a browser', () => {
  let shop: Shop;
  let chromium: Chromium;
  let number = '';
  let statusPath = '';

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString() });
    await publishTestCatalogue(shop);
    for (const [email, role] of [
      ['technik@browser.buyloop.cz', 'buyback_technician'],
      ['ucetni@browser.buyloop.cz', 'finance'],
    ] as const)
      await shop.identity.service.createAccount(
        { email, password: PASSWORD, roles: [role], kind: 'staff' },
        { actor: { userId: 'test', role: 'system' } },
        'test',
        { trustedOperator: true },
      );
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  const newPage = async (width = 1280): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
    return { context, page: await context.newPage() };
  };

  it('(a) a customer picks the device, answers, sells online, fixes the field the server refused, and follows the e-mailed link', async () => {
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}/vykup`);
    await hydrated(page);
    await page.getByTestId('choice-type-phone').click();
    await page.waitForURL(/\/vykup\/mobilni-telefony$/);
    await page.getByTestId('choice-manufacturer-apple').click();
    await page.waitForURL(/\/vykup\/mobilni-telefony\/apple$/);
    await page.getByTestId('choice-model-apple-iphone-13').click();
    await page.waitForURL(/\/vykup\/mobilni-telefony\/apple\/iphone-13-128-gb$/);
    await page.getByTestId('choice-color-apple-iphone-13-blue').click();
    // The address bar followed every choice without a reload.
    await page.waitForURL(/\/vykup\/mobilni-telefony\/apple\/iphone-13-128-gb\/blue/);
    for (const answer of [
      'display-display_worn',
      'body-body_scratched',
      'functions-functions_all',
      'battery-battery_good',
      'charger-charger_yes',
    ])
      await page.getByTestId(`condition-${answer}`).check();
    await expect.poll(() => page.getByTestId('quality').textContent()).toContain('B');
    await expect.poll(() => page.getByTestId('price').textContent()).toMatch(/8\s800\sKč/);
    await snapshot(page, 'a', '1-appraisal');

    await page.getByTestId('way-sell-online').click();
    const form = page.getByTestId('sell-online-form');
    const fill = async (name: string, value: string) => form.locator(`[name="${name}"]`).fill(value);
    await fill('imei', '490154203237518');
    await fill('serialNumber', 'F2LXK1A');
    await fill('birthNumber', '850315/1239');
    await fill('identityCardNumber', '123456789');
    await fill('identityReleasedBy', 'MěÚ Brno');
    await fill('identityValidTo', '1.2.2030');
    await fill('firstName', 'Jiří');
    await fill('lastName', 'Dvořák');
    await form.locator('[name="gender"]').selectOption('male');
    await fill('street', 'Václavské náměstí 1');
    await fill('city', 'Praha');
    await fill('postcode', '110 00');
    await fill('phoneNumber', '603 123 456');
    await form.locator('[name="nationality"]').selectOption('CZ');
    await fill('placeOfBirth', 'Brno');
    await fill('email', 'jiri.dvorak@example.cz');
    await fill('bankAccountNumber', '19-2000145399');
    // A bank code that is not on the ČNB list: only the server knows the list is current.
    await fill('bankCode', '0000');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/buyout/sell-online') && r.status() === 400);
    await page.getByTestId('sell-online-submit').click();
    await refused;
    await expect.poll(() => page.getByTestId('error-bankCode').textContent()).toMatch(/\S/);
    await snapshot(page, 'a', '2-field-error');

    await fill('bankCode', '0800');
    await page.getByTestId('sell-online-submit').click();
    await page.waitForURL(/\/vykup\/dekujeme\?number=\d+/);
    number = new URL(page.url()).searchParams.get('number')!;
    await expect.poll(() => page.getByTestId('thank-you').textContent()).toContain(number);
    await snapshot(page, 'a', '3-thank-you');

    // The status link from the e-mail the catcher received.
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    const { token } = statusLinkIn(mail.text, number);
    statusPath = `/vykup/stav/${number}?token=${encodeURIComponent(token)}`;
    await page.goto(`${shop.base}${statusPath}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('status-label').textContent()).toMatch(/\S/);
    expect(await page.getByTestId('timeline-item').count()).toBeGreaterThan(0);
    await snapshot(page, 'a', '4-status');
    await context.close();
  });

  const logIn = async (page: Page, email: string) => {
    await page.goto(`${shop.base}/admin/`);
    await hydrated(page);
    await page.locator('[name="email"]').fill(email);
    await page.locator('[name="password"]').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('menu-buybacks').waitFor();
  };

  /** Runs a back-office action from the detail page and waits for the status it leads to. */
  const act = async (page: Page, action: string, fields: Record<string, string>, status: string) => {
    await page.getByTestId(`action-${action}`).click();
    for (const [name, value] of Object.entries(fields)) {
      const field = page.locator(`[name="${name}"]`);
      if ((await field.evaluate((el) => (el as unknown as { tagName: string }).tagName)) === 'SELECT')
        await field.selectOption(value);
      else await field.fill(value);
    }
    await page.getByTestId('action-submit').click();
    await page.locator(`[data-testid="detail-status"][data-status="${status}"]`).waitFor();
  };

  it('(b) a technician finds the sale in the grid, receives it, inspects it at a lower quality and revises the offer', async () => {
    expect(number).not.toBe('');
    const { context, page } = await newPage(1366);
    await logIn(page, 'technik@browser.buyloop.cz');
    await page.getByTestId('menu-buybacks').click();
    await page.getByTestId('grid-search').fill(number);
    const row = page.locator(`.ag-row[row-id="${number}"]`);
    await row.waitFor();
    await snapshot(page, 'b', '1-grid');
    await row.click();
    await page.getByTestId('detail-status').waitFor();

    await act(page, 'receive', { where: 'Výkupní centrum Praha' }, 'received');
    await act(
      page,
      'inspect',
      {
        imei: '490154203237518',
        quality_found: 'C',
        'found_choice-display': 'display_cracked',
        'reason-display': 'Prasklé sklo',
      },
      'inspected',
    );
    await act(page, 'revise-offer', { price: '6400', 'reason-display': 'Prasklé sklo displeje' }, 'revised');
    expect(await page.getByTestId('timeline-item').count()).toBeGreaterThanOrEqual(4);
    await snapshot(page, 'b', '2-revised');
    await context.close();
  });

  it('(c) the customer accepts the revised offer, a clerk orders and confirms the payout, and the status page says paid', async () => {
    expect(statusPath).not.toBe('');
    const customer = await newPage(390);
    await customer.page.goto(`${shop.base}${statusPath}`);
    await hydrated(customer.page);
    await expect.poll(() => customer.page.getByTestId('revised-offer').textContent()).toContain('Prasklé sklo displeje');
    await snapshot(customer.page, 'c', '1-revised-offer');
    await customer.page.getByTestId('accept-revised-offer').click();
    await customer.page.getByTestId('confirm-yes').click();
    await expect.poll(() => customer.page.getByTestId('accept-revised-offer').count()).toBe(0);

    const clerk = await newPage(1366);
    await logIn(clerk.page, 'ucetni@browser.buyloop.cz');
    await clerk.page.goto(`${shop.base}/admin/buybacks/${number}`);
    await clerk.page.locator('[data-testid="detail-status"][data-status="approved"]').waitFor();
    await act(clerk.page, 'order-payout', {}, 'payout_ordered');
    await act(clerk.page, 'confirm-payout', { payment_reference: 'KB-2026-000777' }, 'paid');
    await snapshot(clerk.page, 'c', '2-paid-back-office');
    await clerk.context.close();

    await customer.page.goto(`${shop.base}${statusPath}`);
    await hydrated(customer.page);
    const paid = await shop.buyBack.service.state(number);
    expect(paid.state.status).toBe('paid');
    await expect.poll(() => customer.page.getByTestId('status-label').textContent()).toMatch(/vyplacen|zaplacen|paid/i);
    await snapshot(customer.page, 'c', '3-paid-status');
    await customer.context.close();
  });

  it('(d) a deep link with a device condition shows the right price with no clicks, already in the first HTML', async () => {
    const path = '/vykup/mobilni-telefony/apple/iphone-13-128-gb/midnight?device_condition=A';
    // Server-rendered: a plain HTTP fetch already holds the price.
    const html = await (await fetch(`${shop.base}${path}`)).text();
    expect(html).toMatch(/data-testid="price"[^>]*>[^<]*10\s*(&nbsp;| | )?400/);
    // A link to a device we do not buy shows the selector as far as it goes, with 404 for search engines.
    const unknown = await fetch(`${shop.base}/vykup/mobilni-telefony/apple/no-such-phone`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('data-testid="choice-manufacturer-apple"');
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}${path}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('quality').textContent()).toContain('A');
    await expect.poll(() => page.getByTestId('price').textContent()).toMatch(/10\s400\sKč/);
    await snapshot(page, 'd', '1-deep-link');
    // Answered differently, the address no longer claims the condition the link named.
    await page.getByTestId('condition-display-display_cracked').check();
    await page.waitForURL((url) => !url.searchParams.has('device_condition'));
    await expect.poll(() => page.getByTestId('quality').textContent()).toContain('C');
    await context.close();
  });
});
