import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';
import { czechSale, publishTestCatalogue, signedInStaff, statusLinkIn } from '../buy-back-testing';
import { Browser, openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, SCREENSHOTS, snapshot } from './browser-harness';

/** The little of the DOM the page-side checks use (the API's TypeScript knows no DOM). */
interface PageElement {
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number; width: number; height: number };
  contains(other: PageElement | null): boolean;
  readonly textContent: string | null;
  readonly tagName: string;
  readonly id: string;
}
interface PageWindow {
  readonly document: {
    readonly activeElement: PageElement | null;
    readonly title: string;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  readonly innerHeight: number;
  readonly innerWidth: number;
  readonly scrollY: number;
  scrollTo(x: number, y: number): void;
}

/**
 * The storefront's side of the buy-back usability review (issue 16, "Defects
 * found"), each defect as the seller meets it in Chromium, at the desktop
 * (1366 px) and the phone (390 px) width where the defect names them.
 */
describe('the buy-back review’s defects, in the storefront', () => {
  let shop: Shop;
  let chromium: Chromium;
  let technician: Browser;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString() });
    await publishTestCatalogue(shop);
    technician = await signedInStaff(shop, 'technik@defects.buyloop.cz', 'Vady-Heslo-2026', ['buyback_technician']);
    chromium = await launchChromium();
  });
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  });

  const newPage = async (width: number): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
    return { context, page: await context.newPage() };
  };

  let sales = 0;
  /** A sale over the API, as the form sends it; its number and the status token from the confirmation e-mail. */
  const sell = async (): Promise<{ number: string; token: string; statusPath: string }> => {
    const customer = await new Browser(shop.base, 'cs').open();
    const sold = await customer.request('POST', '/api/buyout/sell-online', {
      body: czechSale(),
      headers: { 'idempotency-key': `defects-${++sales}-${Date.now()}` },
    });
    expect(sold.status).toBe(201);
    const number = sold.body.buyout_number as string;
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    const { token } = statusLinkIn(mail.text, number);
    return { number, token, statusPath: `/vykup/stav/${number}?token=${encodeURIComponent(token)}` };
  };

  /** A back-office action over the API, on the version just read. */
  const act = async (number: string, action: string, body: unknown): Promise<void> => {
    const detail = await technician.request('GET', `/api/admin/buybacks/${number}`);
    const done = await technician.request('POST', `/api/admin/buybacks/${number}/${action}`, {
      body,
      headers: { 'if-match': detail.headers.get('etag')! },
    });
    expect(done.status, `${action}: ${JSON.stringify(done.body)}`).toBe(200);
  };

  /** A sale received, inspected with a cracked display and offered again at 6 400 Kč. */
  const revisedSale = async () => {
    const sale = await sell();
    await act(sale.number, 'receive', { where: 'Výkupní centrum Praha' });
    await act(sale.number, 'inspect', {
      imei: '490154203237518',
      quality_found: 'C',
      findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo' }],
    });
    await act(sale.number, 'revise-offer', { price: 6_400, reasons: [{ question_id: 'display', reason: 'Prasklé sklo' }] });
    return sale;
  };

  /** The iPhone 13 in blue with every condition answered (quality B, a price to sell at). */
  const APPRAISED = '/vykup/mobilni-telefony/apple/iphone-13-128-gb/blue?device_condition=B';

  /** Where the focused element is, and whether it lies inside `selector` and on screen below the sticky header. */
  const focusIn = (page: Page, selector: string) =>
    page.evaluate((within) => {
      const { document, innerHeight } = globalThis as unknown as PageWindow;
      const focused = document.activeElement;
      const container = document.querySelector(within);
      const header = document.querySelector('.header')?.getBoundingClientRect().bottom ?? 0;
      if (!focused || !container?.contains(focused)) return 'focus elsewhere';
      const box = focused.getBoundingClientRect();
      return box.top >= header && box.top < innerHeight - 40 ? 'in view' : `off screen at ${Math.round(box.top)} px`;
    }, selector);

  it('1. "Prodat online" and "Poslat nabídku na e-mail" bring their form into view and move focus to it, the phone’s sticky bar too', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(width);
      await page.goto(`${shop.base}${APPRAISED}`);
      await hydrated(page);
      await page.getByTestId('price').waitFor();

      await page.getByTestId('way-send-email').click();
      await expect
        .poll(() => focusIn(page, 'section:has([data-testid="send-email-form"])'), { message: `${width} px e-mail` })
        .toBe('in view');

      await page.evaluate(() => (globalThis as unknown as PageWindow).scrollTo(0, 0));
      // On the phone the sticky bar is how a seller gets there; on the desktop the summary's button.
      if (width === 390) await page.locator('.mobile-bar button').click();
      else await page.getByTestId('way-sell-online').click();
      await expect
        .poll(() => focusIn(page, 'section:has([data-testid="sell-online-form"])'), { message: `${width} px sell` })
        .toBe('in view');
      await context.close();
    }
  });

  it('2. a refused sale shows an error summary that takes focus on screen and links to each wrong field (1366 and 390 px)', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(width);
      await page.goto(`${shop.base}${APPRAISED}`);
      await hydrated(page);
      await page.getByTestId('way-sell-online').click();
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/buyout/sell-online') && r.status() === 400);
      await page.getByTestId('sell-online-submit').click();
      await refused;

      const summary = page.getByTestId('error-summary');
      await expect.poll(() => focusIn(page, '[data-testid="error-summary"]'), { message: `${width} px summary` }).toBe('in view');
      // One link per field the server refused, each naming the field.
      const invalid = await page.locator('[data-testid="sell-online-form"] [aria-invalid="true"]').count();
      expect(invalid).toBeGreaterThan(3);
      expect(await summary.locator('a').count()).toBe(invalid);
      const imei = summary.locator('a[href="#field-imei"]');
      expect(await imei.textContent()).toMatch(/IMEI/);
      await snapshot(page, 'defects', `2-summary-${width}`);

      await imei.click();
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.id))
        .toBe('field-imei');
      await expect
        .poll(() => focusIn(page, '[data-testid="sell-online-form"]'), { message: `${width} px field` })
        .toBe('in view');
      await context.close();
    }
  });

  it('3. the answers live in the address (a reload keeps them) and Back goes back one selector step, not off the page', async () => {
    const { context, page } = await newPage(1366);
    await page.goto(`${shop.base}/prodejny`);
    await page.goto(`${shop.base}/vykup`);
    await hydrated(page);
    // Set once: still there after Back means Back stayed in this page.
    await page.evaluate(() => ((globalThis as unknown as { samePage: boolean }).samePage = true));
    const samePage = () => page.evaluate(() => (globalThis as unknown as { samePage?: boolean }).samePage === true);
    await page.getByTestId('choice-type-phone').click();
    await page.waitForURL(/\/vykup\/mobilni-telefony$/);
    await page.getByTestId('choice-manufacturer-apple').click();
    await page.waitForURL(/\/apple$/);
    await page.getByTestId('choice-model-apple-iphone-13').click();
    await page.waitForURL(/\/iphone-13-128-gb$/);
    await page.getByTestId('choice-color-apple-iphone-13-blue').click();
    await page.waitForURL(/\/iphone-13-128-gb\/blue/);

    await page.goBack();
    await page.waitForURL(/\/iphone-13-128-gb$/);
    expect(await samePage()).toBe(true);
    await expect.poll(() => page.getByTestId('choice-color-apple-iphone-13-blue').getAttribute('aria-pressed')).toBe('false');
    await page.goBack();
    await page.waitForURL(/\/apple$/);
    expect(await samePage()).toBe(true);
    await expect.poll(() => page.getByTestId('choice-model-apple-iphone-13').getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('choice-color-apple-iphone-13-blue').count()).toBe(0);

    // Forward again, and three of the five questions answered: the address holds them.
    await page.getByTestId('choice-model-apple-iphone-13').click();
    await page.getByTestId('choice-color-apple-iphone-13-blue').click();
    await page.waitForURL(/\/iphone-13-128-gb\/blue/);
    for (const answer of ['display-display_worn', 'body-body_scratched', 'functions-functions_all'])
      await page.getByTestId(`condition-${answer}`).check();
    await page.waitForURL((url) => (url.searchParams.get('device_condition_choices') ?? '').split(',').length === 3);
    await page.reload();
    await hydrated(page);
    for (const answer of ['display-display_worn', 'body-body_scratched', 'functions-functions_all'])
      expect(await page.getByTestId(`condition-${answer}`).isChecked(), answer).toBe(true);

    // All answered: the price, and after a reload the same answers and the same price.
    for (const answer of ['battery-battery_good', 'charger-charger_yes']) await page.getByTestId(`condition-${answer}`).check();
    await expect.poll(() => page.getByTestId('price').textContent()).toMatch(/8\s800\sKč/);
    const shared = page.url();
    const other = await newPage(390);
    await other.page.goto(shared);
    await hydrated(other.page);
    expect(await other.page.getByTestId('condition-charger-charger_yes').isChecked()).toBe(true);
    await expect.poll(() => other.page.getByTestId('price').textContent()).toMatch(/8\s800\sKč/);
    await other.context.close();
    await context.close();
  });

  it('4. "Zrušit výkup" and "Přijmout novou cenu" ask first, and do nothing until confirmed', async () => {
    const statusOf = async (number: string) => (await shop.buyBack.service.state(number)).state.status;
    const cancelled = await sell();
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}${cancelled.statusPath}`);
    await hydrated(page);
    await page.getByTestId('cancel-buyback').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor({ timeout: 5_000 });
    expect(await dialog.textContent()).toMatch(/zrušit/i);
    await dialog.getByTestId('confirm-no').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf(cancelled.number)).toBe('submitted');
    await page.getByTestId('cancel-buyback').click();
    await dialog.getByTestId('confirm-yes').click();
    await expect.poll(() => statusOf(cancelled.number)).toBe('cancelled');

    const revised = await revisedSale();
    await page.goto(`${shop.base}${revised.statusPath}`);
    await hydrated(page);
    await page.getByTestId('accept-revised-offer').click();
    await dialog.waitFor({ timeout: 5_000 });
    // The price the seller agrees to is in the question.
    expect(await dialog.textContent()).toMatch(/6\s400\sKč/);
    expect(await statusOf(revised.number)).toBe('revised');
    await dialog.getByTestId('confirm-yes').click();
    await expect.poll(() => statusOf(revised.number)).toBe('approved');
    await expect.poll(() => page.getByTestId('accept-revised-offer').count()).toBe(0);
    await context.close();
  });

  it('5. the date picker is where a date is chosen (the identity card’s "Platnost do"), with that field’s range and aligned days', async () => {
    const { context, page } = await newPage(390);
    // The contact page chooses no date: no calendar tied to nothing, no hours 00–23.
    await page.goto(`${shop.base}/kontakt`);
    await hydrated(page);
    expect(await page.locator('.datepicker, .timepicker').count()).toBe(0);

    await page.goto(`${shop.base}${APPRAISED}`);
    await hydrated(page);
    await page.getByTestId('way-sell-online').click();
    await page.getByTestId('identityValidTo-picker').click();
    const picker = page.getByTestId('identityValidTo-calendar');
    await picker.waitFor({ timeout: 5_000 });
    await picker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/defects-5-valid-to-picker.png` });
    // A card that has expired is no use: the years start this year, and no past day can be picked.
    const year = new Date().getFullYear();
    const years = await picker.locator('select[name="year"] option').allTextContents();
    expect(years[0]).toBe(String(year));
    expect(years.at(-1)).toBe(String(year + 52));
    const pastEnabled = await picker.locator('.datepicker__day').evaluateAll((days) => {
      const today = new Date();
      const todayIso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      return days.filter((d) => {
        const day = d as unknown as { dataset: { iso: string }; disabled: boolean };
        return day.dataset.iso < todayIso && !day.disabled;
      }).length;
    });
    expect(pastEnabled).toBe(0);

    // Single-digit days sit in their column like the others: every cell of a column has one centre and one width.
    const columns = await picker.locator('.datepicker__day').evaluateAll((days) =>
      days.map((d) => {
        const box = (d as unknown as PageElement).getBoundingClientRect();
        return { centre: Math.round(box.left + box.width / 2), width: Math.round(box.width) };
      }),
    );
    for (let i = 0; i < columns.length; i++) {
      expect(columns[i]!.width, `day ${i}`).toBe(columns[0]!.width);
      expect(columns[i]!.centre, `day ${i}`).toBe(columns[i % 7]!.centre);
    }

    // Picking a day writes it into the field as DD.MM.YYYY and closes the calendar.
    await picker.locator('select[name="year"]').selectOption(String(year + 1));
    await picker.locator('select[name="month"]').selectOption('11');
    await picker.getByRole('button', { name: `15. 11. ${year + 1}`, exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await page.locator('[name="identityValidTo"]').inputValue()).toBe(`15.11.${year + 1}`);
    await context.close();
  });

  it('6. every colour names an image that exists (a picture of that model in that colour) and its swatch shows its colour', async () => {
    const colours = (await (await fetch(`${shop.base}/api/buyout/colors?model=apple-iphone-13`)).json()) as {
      choices: { value: string; image?: string }[];
    };
    expect(colours.choices.length).toBeGreaterThan(1);
    const pictures = new Set<string>();
    for (const colour of colours.choices) {
      expect(colour.image, colour.value).toBeTruthy();
      const image = await fetch(`${shop.base}${colour.image}`);
      expect(image.status, colour.image).toBe(200);
      expect(image.headers.get('content-type'), colour.image).toMatch(/^image\//);
      pictures.add(await image.text());
    }
    // One picture per colour, not one grey phone for all.
    expect(pictures.size).toBe(colours.choices.length);

    const { context, page } = await newPage(1366);
    await page.goto(`${shop.base}/vykup/mobilni-telefony/apple/iphone-13-128-gb`);
    await hydrated(page);
    const swatches = await page
      .locator('[data-testid^="choice-color-"] .swatch')
      .evaluateAll((spots) =>
        spots.map(
          (spot) =>
            (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(spot)
              .backgroundColor,
        ),
      );
    expect(swatches).toHaveLength(colours.choices.length);
    expect(new Set(swatches).size).toBe(swatches.length);

    await page.getByTestId('choice-color-apple-iphone-13-blue').click();
    const picture = page.getByTestId('device-image');
    await picture.waitFor({ timeout: 5_000 });
    expect(await picture.getAttribute('alt')).toMatch(/iPhone 13/);
    await expect
      .poll(() => picture.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: `${SCREENSHOTS}/defects-6-device-image.png` });
    await context.close();
  });

  it('7. an answer that cannot be chosen says why, on screen and to a screen reader', async () => {
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}${APPRAISED}`);
    await hydrated(page);
    const bent = page.getByTestId('condition-body-body_bent');
    expect(await bent.isDisabled()).toBe(true);
    const describedBy = (await bent.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    const reason = page.locator(`[id="${describedBy}"]`);
    expect(await reason.isVisible()).toBe(true);
    expect(await reason.textContent()).toMatch(/nevykupujeme/i);
    await context.close();
  });

  it('8. the date field’s placeholder is in the page’s language (DD.MM.RRRR under a Czech label)', async () => {
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}${APPRAISED}`);
    await hydrated(page);
    await page.getByTestId('way-sell-online').click();
    const validTo = page.locator('[name="identityValidTo"]');
    expect(await page.locator('label[for="field-identityValidTo"]').textContent()).toContain('DD.MM.RRRR');
    expect(await validTo.getAttribute('placeholder')).toBe('DD.MM.RRRR');
    await context.close();
  });

  it('8. an unknown address answers the shop’s 404 page to a browser, and problem+json under /api', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-language': 'cs' };
    for (const path of ['/neexistuje', '/obchodni-podminky', '/gdpr', '/vykup/a/b/c/d/e']) {
      const page = await fetch(`${shop.base}${path}`, { headers: html });
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      const text = await page.text();
      expect(text, path).toContain('Stránka nenalezena');
      expect(text, path).not.toContain('There is no');
    }
    const api = await fetch(`${shop.base}/api/neexistuje`, { headers: html });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // A client that asks for JSON still gets the problem.
    const json = await fetch(`${shop.base}/neexistuje`, { headers: { accept: 'application/json' } });
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const { context, page } = await newPage(390);
    const response = await page.goto(`${shop.base}/gdpr`);
    expect(response?.status()).toBe(404);
    await hydrated(page);
    expect(await page.title()).toMatch(/Stránka nenalezena/);
    await page.getByTestId('not-found-home').click();
    await page.waitForURL(/\/vykup$/);
    await context.close();
  });

  it('9. an IMEI of 15 digits with a wrong check digit is told so, not asked for 15 digits', async () => {
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}${APPRAISED}`);
    await hydrated(page);
    await page.getByTestId('way-sell-online').click();
    await page.locator('[name="imei"]').fill('490154203237517');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/buyout/sell-online') && r.status() === 400);
    await page.getByTestId('sell-online-submit').click();
    await refused;
    const message = (await page.getByTestId('error-imei').textContent()) ?? '';
    expect(message).toMatch(/kontrolní/i);
    expect(message).not.toMatch(/15 číslic/);
    await context.close();
  });

  it('10. the thank-you page shows the device, the price, the status link and the next step, and only for a real sale', async () => {
    const unknown = await fetch(`${shop.base}/vykup/dekujeme?number=999999999999`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).not.toContain('data-testid="thank-you"');

    const customer = await new Browser(shop.base, 'cs').open();
    const key = { 'idempotency-key': `defects-thanks-${Date.now()}` };
    const sold = await customer.request('POST', '/api/buyout/sell-online', { body: czechSale(), headers: key });
    expect(sold.status).toBe(201);
    const number = sold.body.buyout_number as string;
    const location = sold.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^/vykup/dekujeme\\?number=${number}&token=`));
    // The same request again (a retry after a lost answer) leads to the same page.
    const again = await customer.request('POST', '/api/buyout/sell-online', { body: czechSale(), headers: key });
    expect(again.headers.get('location')).toBe(location);
    // Another number with this token is no sale of this seller's.
    expect((await fetch(`${shop.base}${location.replace(number, '999999999999')}`)).status).toBe(404);

    const { context, page } = await newPage(390);
    const response = await page.goto(`${shop.base}${location}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const thanks = page.getByTestId('thank-you');
    expect(await thanks.textContent()).toContain(number);
    expect(await page.getByTestId('thanks-device').textContent()).toMatch(/iPhone 13/);
    expect(await page.getByTestId('thanks-price').textContent()).toMatch(/8\s800\sKč/);
    expect((await page.getByTestId('thanks-next-step').textContent())?.trim()).not.toBe('');
    await page.getByTestId('thanks-status-link').click();
    await page.waitForURL(new RegExp(`/vykup/stav/${number}\\?token=`));
    await hydrated(page);
    await expect.poll(() => page.getByTestId('status-label').textContent()).toMatch(/\S/);
    await context.close();
  });

  it('11. "Dohledat můj výkup" asks for what the e-mail gives: the labelled access code, or the whole link pasted', async () => {
    const { number } = await sell();
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    const label = /Přístupový kód: (\S+)/.exec(mail.text);
    expect(label, 'the e-mail labels the access code').not.toBeNull();
    const link = /https?:\/\/\S+\/vykup\/stav\/\S+/.exec(mail.text)![0];

    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}/vykup`);
    await hydrated(page);
    await page.getByTestId('way-review').click();
    const form = page.getByTestId('review-form');
    // The form's words are the e-mail's.
    expect(await form.locator('label[for="field-token"]').textContent()).toContain('Přístupový kód');
    await form.locator('[name="buyoutNumber"]').fill(number);
    await form.locator('[name="token"]').fill(label![1]!);
    await page.getByTestId('review-submit').click();
    await page.getByTestId('review-result').waitFor({ timeout: 5_000 });

    // The link as it came, pasted into the code's box with no number: it names both.
    await page.reload();
    await hydrated(page);
    await page.getByTestId('way-review').click();
    await page.getByTestId('review-form').locator('[name="token"]').fill(link);
    await page.getByTestId('review-submit').click();
    await page.getByTestId('review-result').waitFor({ timeout: 5_000 });
    await context.close();
  });

  it('12. layout: cards clear the header, the skip link says what it does, each device has its own title, a cancelled sale offers no contract', async () => {
    /** Pixels between the sticky header's bottom and the top of `selector` (scrolled to the top). */
    const gapBelowHeader = (page: Page, selector: string) =>
      page.evaluate((target) => {
        const { document } = globalThis as unknown as PageWindow;
        const header = document.querySelector('.header')!.getBoundingClientRect().bottom;
        return Math.round(document.querySelector(target)!.getBoundingClientRect().top - header);
      }, selector);

    const customer = await new Browser(shop.base, 'cs').open();
    const sent = await customer.request('POST', '/api/buyout/send-to-email', {
      body: {
        e_mail: 'rozlozeni@example.cz',
        device_identifier: 'apple-iphone-13-midnight',
        appraisal_version: 3,
        device_condition_choices: ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_no'],
        note: null,
      },
    });
    expect(sent.status).toBe(201);
    const offerMail = await shop.mail.waitFor((m) => m.to.includes('rozlozeni@example.cz'), 10_000);
    const offerPath = /\/vykup\/nabidka\/\S+/.exec(offerMail.text)![0];
    const cancelled = await sell();

    for (const width of [1366, 390]) {
      const { context, page } = await newPage(width);
      await page.goto(`${shop.base}${offerPath}`);
      await hydrated(page);
      await page.getByTestId('offer').waitFor();
      expect(await gapBelowHeader(page, '[data-testid="offer"]'), `${width} px offer card`).toBeGreaterThanOrEqual(16);
      await page.goto(`${shop.base}${cancelled.statusPath}`);
      await hydrated(page);
      expect(await gapBelowHeader(page, '.status-page h1'), `${width} px status heading`).toBeGreaterThanOrEqual(16);
      await context.close();
    }

    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}/vykup`);
    await hydrated(page);
    expect((await page.locator('.skip-link').textContent())?.trim()).toBe('Přeskočit na obsah');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as PageWindow).document.activeElement?.textContent)).toBe(
      'Přeskočit na obsah',
    );

    // Each device's page is titled by the device (tabs, bookmarks and search results tell them apart).
    await page.goto(`${shop.base}/vykup/mobilni-telefony/apple/iphone-13-128-gb/blue`);
    const blue = await page.title();
    expect(blue).toContain('iPhone 13 128 GB');
    await page.goto(`${shop.base}/vykup/mobilni-telefony/apple`);
    expect(await page.title()).toContain('Apple');
    expect(await page.title()).not.toBe(blue);

    // Cancelled: no contract to download.
    const id = await customer.request('POST', `/api/buyout/${cancelled.number}/cancel`, { body: { token: cancelled.token } });
    expect(id.status).toBe(200);
    await page.goto(`${shop.base}${cancelled.statusPath}`);
    await hydrated(page);
    await page.locator('.status-pill--cancelled').waitFor();
    expect(await page.getByTestId('download-contract').count()).toBe(0);
    await context.close();
  });
});
