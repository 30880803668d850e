import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { openShop, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium, snapshot } from './browser-harness';

/** How much wider than the screen the page is (evaluated in the page, where the DOM is). */
const OVERFLOW = 'document.documentElement.scrollWidth - window.innerWidth';
/** Tuesday 24 November 2026, 07:30 UTC: 08:30 in Prague (the stores open at 09:00), 16:30 in Tokyo. */
const BEFORE_OPENING = new Date('2026-11-24T07:30:00Z');
/** The same Tuesday, 10:00 in Prague. */
const OPEN = new Date('2026-11-24T09:00:00Z');

/**
 * The storefront's stores page in real Chromium on the demo catalogue: the
 * list with addresses and hours, "open now" on the shop's clock whatever the
 * visitor's time zone, the offline map, a product's stock per store, and
 * the page at a phone's width.
 */
describe('the stores page', () => {
  let shop: Shop;
  let chromium: Chromium;

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', { frontEnds: true, clockStart: new Date().toISOString(), catalogue: true });
    await shop.modules.loadDemoData();
    // The first render after the demo load waits for the shop's catalogue to build: not what the tests time.
    expect((await fetch(`${shop.base}/prodejny`)).status).toBe(200);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  /** A visitor in Tokyo, whose own clock is eight hours ahead of the shop's. */
  async function visit(path: string, at: Date, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await chromium.newContext({ viewport, locale: 'cs-CZ', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.clock.setFixedTime(at);
    await page.goto(`${shop.base}${path}`, { timeout: 60_000 });
    await hydrated(page);
    return page;
  }

  it('lists the stores with address and each day’s hours, marks them on the map, and says when they open on Prague’s clock', async () => {
    const page = await visit('/prodejny', BEFORE_OPENING);
    const stores = page.getByTestId('store');
    await expect.poll(() => stores.count()).toBe(3);
    const praha = page.locator('[data-testid="store"][data-store="cz-praha"]');
    await expect.poll(() => praha.locator('h3').textContent()).toBe('Buyloop Praha – Na Příkopě');
    expect(await praha.locator('address').innerText()).toBe('Na Příkopě 22\n110 00 Praha 1');
    const rows = await praha
      .locator('tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent).join(' | ')));
    expect(rows).toEqual([
      'pondělí | 09:00–20:00',
      'úterý (dnes) | 09:00–20:00',
      'středa | 09:00–20:00',
      'čtvrtek | 09:00–20:00',
      'pátek | 09:00–20:00',
      'sobota | 09:00–18:00',
      'neděle | 10:00–16:00',
    ]);
    // Today is Tuesday in Prague (it is Tuesday in Tokyo too, but 16:30 there: open by the visitor's clock).
    expect(await praha.locator('tr[aria-current="date"] th').innerText()).toContain('úterý');
    expect(await page.getByTestId('store-open').allTextContents()).toEqual(Array(3).fill('Nyní zavřeno, otevíráme dnes v 09:00'));

    const map = page.getByTestId('stores-map');
    expect(await map.locator('svg').getAttribute('role')).toBe('img');
    expect(await map.locator('svg').getAttribute('aria-label')).toBe(
      'Mapa České republiky s našimi prodejnami: Brno, Ostrava, Praha 1.',
    );
    expect(await map.getByTestId('stores-map-marker').count()).toBe(3);
    // Praha lies west of Brno, Brno south of Ostrava: the markers are where the stores are.
    const at = async (id: string) => {
      const circle = map.locator(`[data-store="${id}"] circle`);
      return { x: Number(await circle.getAttribute('cx')), y: Number(await circle.getAttribute('cy')) };
    };
    const [praguePoint, brnoPoint, ostravaPoint] = [await at('cz-praha'), await at('cz-brno'), await at('cz-ostrava')];
    expect(praguePoint.x).toBeLessThan(brnoPoint.x);
    expect(brnoPoint.y).toBeGreaterThan(ostravaPoint.y);
    await snapshot(page, 'stores', 'list-and-map');
    await page.context().close();

    const later = await visit('/prodejny', OPEN);
    await expect.poll(() => later.getByTestId('store-open').first().textContent()).toBe('Nyní otevřeno, do 20:00');
    await later.context().close();
  });

  it('shows a product’s stock per store when the product page links here with it', async () => {
    const listed = (await (await fetch(`${shop.base}/api/catalog/products?page_size=24`)).json()) as {
      items: { seo_name: string; short_name: string }[];
    };
    const product = listed.items[0]!;
    const detail = (await (await fetch(`${shop.base}/api/catalog/products/${product.seo_name}`)).json()) as {
      stores: { id: string; stock_state: string }[];
    };
    const page = await visit(`/prodejny?product=${encodeURIComponent(product.seo_name)}`, OPEN);
    await expect.poll(() => page.getByTestId('stores-product').textContent()).toBe(`Dostupnost: ${product.short_name}`);
    for (const store of detail.stores)
      expect(await page.locator(`[data-store="${store.id}"] [data-testid="store-stock"]`).getAttribute('data-stock')).toBe(
        store.stock_state,
      );
    await snapshot(page, 'stores', 'product-stock');
    await page.context().close();
  });

  it('reports each store card seen for a second to our own analytics endpoint, with the CSRF header', async () => {
    const context = await chromium.newContext({ viewport: { width: 1280, height: 2400 }, locale: 'cs-CZ' });
    const page = await context.newPage();
    const batches: { csrf: string | undefined; events: { type: string; element_id?: string; element_kind?: string }[] }[] = [];
    // The endpoint itself is tested on its own; here the page's side: what it sends, and when.
    await page.route('**/api/analytics/events', async (route) => {
      const request = route.request();
      batches.push({
        csrf: (await request.headerValue('x-csrf-token')) ?? undefined,
        ...(request.postDataJSON() as { events: [] }),
      });
      await route.fulfill({ status: 202, contentType: 'application/json', body: JSON.stringify({ accepted: 1 }) });
    });
    await page.goto(`${shop.base}/prodejny`);
    await hydrated(page);
    const seen = () =>
      batches
        .flatMap((batch) => batch.events)
        .filter((event) => event.type === 'view')
        .map((event) => `${event.element_kind}:${event.element_id}`)
        .sort();
    await expect
      .poll(seen, { timeout: 15_000 })
      .toEqual(['store:store:cz-brno', 'store:store:cz-ostrava', 'store:store:cz-praha']);
    for (const batch of batches) expect(batch.csrf).toBeTruthy();
    await context.close();
  });

  it('fits a phone’s screen, the list before the map', async () => {
    const page = await visit('/prodejny', OPEN, { width: 360, height: 740 });
    await page.getByTestId('store').first().waitFor();
    expect(await page.evaluate(OVERFLOW)).toBeLessThanOrEqual(0);
    const list = await page.getByTestId('stores-list').boundingBox();
    const map = await page.getByTestId('stores-map').boundingBox();
    expect(list!.y).toBeLessThan(map!.y);
    await snapshot(page, 'stores', 'phone');
    await page.context().close();
  });
});
