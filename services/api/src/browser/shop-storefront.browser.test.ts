import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, BrowserContext, Locator, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

/**
 * Pages count as arrived when their HTML is parsed: the demo photos are still being drawn in the
 * background right after the catalogue loads, and "load" would wait for every picture.
 */
const READY = { waitUntil: 'domcontentloaded' } as const;

/** The little of a DOM element the keyboard checks read in the page (the tests compile without the DOM's types). */
interface Focusable {
  readonly ownerDocument: {
    readonly activeElement: unknown;
    readonly defaultView: {
      getComputedStyle(element: Focusable): { boxShadow: string; outlineStyle: string; outlineWidth: string };
    } | null;
  };
}

/** Where the journey's screenshots at phone and desktop width also go, for a person to look at. */
const SHOTS = process.env.SHOP_SHOTS_DIR;

interface Item {
  code: string;
  seo_name: string;
  short_name: string;
}

/**
 * The shop's pages in real Chromium over the demo catalogue (the one `npm start` loads): browsing
 * from home to a category, a filter and a product whose variant tab is kept on reload; the search
 * box forgiving a typo; the last visited products in order; favourites kept on the device across a
 * reload; and what a shared cache is told about each page.
 */
describe('the shop in the storefront', () => {
  let shop: Shop;
  let chromium: Chromium;
  let phones: Item[];

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, catalogue: true, clockStart: new Date().toISOString() });
    await shop.modules.loadDemoData();
    const listing = (await (await fetch(`${shop.base}/api/catalog/products?category=mobilni-telefony&page_size=12`)).json()) as {
      items: Item[];
    };
    phones = listing.items;
    // The first render after the load builds the catalogue's search index: done here, not in a page's navigation.
    expect((await fetch(`${shop.base}/`)).status).toBe(200);
    chromium = await launchChromium();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = async (width: number): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'cs-CZ' });
    // A machine shared with other suites renders slowly at times: patience, not a timing claim.
    context.setDefaultNavigationTimeout(90_000);
    context.setDefaultTimeout(60_000);
    return { context, page: await context.newPage() };
  };
  const shoot = async (page: Page, name: string, width: number) => {
    await snapshot(page, 'shop', `${name}-${width}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  };

  it('browses home → category → filter → product, and the variant tab chosen is kept on reload', async () => {
    for (const width of [1366, 390]) {
      const { context, page } = await newPage(width);
      const home = await page.goto(`${shop.base}/`, READY);
      expect(home?.status()).toBe(200);
      await hydrated(page);
      expect(await page.title()).toMatch(/Buyloop$/);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/$/);
      await shoot(page, 'home', width);

      await page
        .getByTestId('home-categories')
        .getByRole('link', { name: /Mobilní telefony/ })
        .click();
      await page.waitForURL(/\/mobilni-telefony$/, READY);
      await page.getByTestId('product-tile').first().waitFor();
      await shoot(page, 'category', width);
      const total = Number((await page.getByTestId('listing-total').textContent())?.replace(/\D/g, ''));
      expect(total).toBeGreaterThan(0);

      if (width === 390) await page.getByRole('button', { name: /^Filtry/ }).click();
      const facet = page.getByTestId('facet-manufacturer').locator('label').first();
      const label = (await facet.locator('span').first().textContent()) ?? '';
      await facet.click();
      await page.waitForURL(/manufacturer=/, READY);
      await page.locator('[data-testid="listing"]:not(.tiles--stale)').waitFor();
      const filtered = Number((await page.getByTestId('listing-total').textContent())?.replace(/\D/g, ''));
      expect(filtered).toBeLessThanOrEqual(total);
      // The filter lives in the address: a reload shows the same listing.
      await page.reload(READY);
      await hydrated(page);
      expect(await page.getByTestId('facet-manufacturer').getByLabel(label).isChecked()).toBe(true);

      await page.getByTestId('product-tile').first().locator('a').first().click();
      await page.waitForURL(/\/produkt\//, READY);
      await page.getByTestId('product').waitFor();
      await shoot(page, 'product', width);
      // A tab of a variant axis that is neither chosen nor disabled, chosen; the reload keeps it (cached 5 minutes).
      const candidate = page.locator('[role="tab"][aria-selected="false"]:not([disabled])').first();
      if ((await candidate.count()) > 0) {
        const tab = (await candidate.getAttribute('data-tab'))!;
        await candidate.click();
        expect(await page.locator(`[data-tab="${tab}"]`).getAttribute('aria-selected')).toBe('true');
        await page.reload(READY);
        await hydrated(page);
        await page.locator(`[data-tab="${tab}"][aria-selected="true"]`).waitFor();
      }
      await context.close();
    }
  }, 300_000);

  it('tells a shared cache which pages it may keep and what they show', async () => {
    const home = await fetch(`${shop.base}/`);
    // Kept no longer than the shortest-lived answer it shows: the home page's listing (60 s).
    expect(home.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(home.headers.get('surrogate-key')?.split(' ')).toEqual(expect.arrayContaining(['catalog', 'categories']));
    const phone = phones[0]!;
    const product = await fetch(`${shop.base}/produkt/${phone.seo_name}`);
    expect(product.status).toBe(200);
    expect(product.headers.get('surrogate-key')?.split(' ')).toContain(`product-${phone.code}`);
    // The detail may be kept an hour, the menu's category tree five minutes.
    expect(product.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    // Kept only under its canonical address (tracking tags aside): a made-up parameter is not one more entry.
    const odd = await fetch(`${shop.base}/produkt/${phone.seo_name}?x=8f3a1c`);
    expect(odd.status).toBe(200);
    expect(odd.headers.get('cache-control')).toBe('no-store');
    const tagged = await fetch(`${shop.base}/produkt/${phone.seo_name}?utm_source=newsletter`);
    expect(tagged.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    const html = await product.text();
    // Server-rendered: the content is in the HTML, and nothing of a visitor's is.
    expect(html).toContain(phone.short_name.replace(/&/g, '&amp;'));
    expect(html).not.toContain('data-testid="last-visited"');
    const category = await fetch(`${shop.base}/mobilni-telefony?sort=price_asc`);
    expect(category.headers.get('surrogate-key')?.split(' ')).toContain('category-phones');
    expect((await fetch(`${shop.base}/vykup`)).headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown category or product with the shop’s 404 page, and problem+json to an API client', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const path of ['/neexistujici-kategorie', '/produkt/neexistujici-produkt']) {
      const page = await fetch(`${shop.base}${path}`, { headers: html });
      expect(page.status, path).toBe(404);
      expect(page.headers.get('cache-control'), path).toBe('no-store');
      expect(await page.text(), path).toContain('Stránka nenalezena');
    }
    const json = await fetch(`${shop.base}/neexistujici-kategorie`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('answers a hand-edited address with the page it can or a 404, never a 502 or 500', async () => {
    const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    // Beyond the API's last page, an attribute code it would refuse, an emoji (one character, as the API counts).
    for (const path of [
      '/mobilni-telefony?page=20000',
      '/mobilni-telefony?attr.ram_size=8',
      `/hledat?q=${encodeURIComponent('😀')}`,
    ]) {
      const page = await fetch(`${shop.base}${path}`, { headers: html });
      expect(page.status, path).toBe(200);
    }
    // Addresses a URL parser reads as a host of their own.
    for (const path of ['///', '//[', '//%']) {
      const page = await fetch(`${shop.base}${path}`, { headers: html });
      expect(page.status, path).toBe(404);
      expect(await page.text(), path).toContain('Stránka nenalezena');
    }
  });

  it('suggests products for a typo, from 2 characters, by keyboard, and lists the results', async () => {
    const { context, page } = await newPage(1366);
    await page.goto(`${shop.base}/`, READY);
    await hydrated(page);
    const input = page.getByRole('combobox', { name: 'Hledat v obchodě' });
    await input.fill('s');
    await page.getByText('Hledání vyžaduje alespoň 2 znaky').waitFor();
    await input.fill('samsung galxy');
    const option = page.getByRole('option', { name: /Galaxy/ }).first();
    await option.waitFor();
    await input.press('ArrowDown');
    // The highlighted option is set by the next render, not by the key press itself.
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBeTruthy();
    await input.press('Enter');
    await page.waitForURL(/\/(produkt\/|samsung)/, READY);

    await page.goto(`${shop.base}/hledat?q=${encodeURIComponent('samsung galxy')}`, READY);
    await hydrated(page);
    expect(await page.getByTestId('search-results').getByTestId('product-tile').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('search-results').textContent()).toMatch(/Galaxy/);
    await page.goto(`${shop.base}/hledat?q=qqqxxzzq`, READY);
    expect(await page.getByTestId('search-empty').textContent()).toContain('Žádné výsledky vyhledávání.');
    await context.close();
  }, 300_000);

  it('shows the 4 last visited products, most recent first, without duplicates', async () => {
    const { context, page } = await newPage(1366);
    const visits = [phones[0]!, phones[1]!, phones[2]!, phones[3]!, phones[4]!, phones[1]!];
    for (const phone of visits) {
      await page.goto(`${shop.base}/produkt/${phone.seo_name}`, READY);
      await hydrated(page);
      await page.getByTestId('product').waitFor();
    }
    await page.goto(`${shop.base}/`, READY);
    await hydrated(page);
    const tiles = page.getByTestId('last-visited').getByTestId('product-tile');
    await tiles.first().waitFor();
    const codes = await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-code')));
    expect(codes).toEqual([phones[1]!.code, phones[4]!.code, phones[3]!.code, phones[2]!.code]);
    await context.close();
  }, 300_000);

  it('keeps favourites on the device across a reload', async () => {
    const { context, page } = await newPage(390);
    await page.goto(`${shop.base}/produkt/${phones[2]!.seo_name}`, READY);
    await hydrated(page);
    await page.getByTestId('product').getByTestId('favourite-toggle').first().click();
    await page.getByTestId('favourites-count').waitFor();
    expect(await page.getByTestId('favourites-count').textContent()).toBe('1');
    await page.getByTestId('favourites-link').click();
    await page.waitForURL(/\/oblibene$/, READY);
    await page.reload(READY);
    await hydrated(page);
    await page.getByTestId('favourites').getByTestId('product-tile').first().waitFor();
    expect(await page.getByTestId('favourites').textContent()).toContain(phones[2]!.short_name);
    expect(await page.getByText('Oblíbené produkty si pamatujeme v tomto zařízení').count()).toBe(1);
    await context.close();
  }, 300_000);

  /** Presses Tab until `target` has the focus, as a keyboard user gets there; fails when it is never reached. */
  const tabTo = async (page: Page, target: Locator, most = 150): Promise<void> => {
    for (let presses = 0; presses < most; presses++) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((element: Focusable) => element === element.ownerDocument.activeElement)) return;
    }
    throw new Error(`Not reached with ${most} presses of Tab`);
  };
  /** The focus ring is drawn: a box shadow or an outline on the focused control. */
  const focusShown = (target: Locator): Promise<boolean> =>
    target.evaluate((element: Focusable) => {
      const style = element.ownerDocument.defaultView!.getComputedStyle(element);
      return style.boxShadow !== 'none' || (style.outlineStyle !== 'none' && style.outlineWidth !== '0px');
    });

  it('is operable by keyboard: the search box, a facet filter and the favourites heart, with visible focus and Czech labels', async () => {
    const { context, page } = await newPage(1366);
    await page.goto(`${shop.base}/`, READY);
    await hydrated(page);
    const input = page.getByRole('combobox', { name: 'Hledat v obchodě' });
    await tabTo(page, input);
    expect(await focusShown(input)).toBe(true);
    await page.keyboard.type('galaxy');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    // The highlighted option is set by the next render, not by the key press itself.
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    // The first suggestion opens: a category's or a product's page.
    await page.waitForURL((url) => url.pathname !== '/', READY);

    await page.goto(`${shop.base}/mobilni-telefony`, READY);
    await hydrated(page);
    const facet = page.getByTestId('facet-manufacturer').getByRole('checkbox').first();
    await tabTo(page, facet);
    expect(await focusShown(facet)).toBe(true);
    await page.keyboard.press('Space');
    await page.waitForURL(/manufacturer=/, READY);

    await page.goto(`${shop.base}/produkt/${phones[5]!.seo_name}`, READY);
    await hydrated(page);
    const heart = page.getByTestId('product').getByRole('button', { name: 'Přidat do oblíbených', exact: true }).first();
    await tabTo(page, heart);
    expect(await focusShown(heart)).toBe(true);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Enter');
    await page.getByTestId('product').getByRole('button', { name: 'Odebrat z oblíbených', exact: true }).first().waitFor();
    expect(await page.getByTestId('favourites-count').textContent()).toBe('1');
    await context.close();
  }, 300_000);
});
