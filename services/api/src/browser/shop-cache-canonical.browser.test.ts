import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { ensureFrontEndsBuilt, hydrated, launchChromium } from './browser-harness';

const READY = { waitUntil: 'domcontentloaded' } as const;
const PUBLIC_URL = 'https://obchod.buyloop.invalid';

interface Item {
  code: string;
  seo_name: string;
  short_name: string;
  price: number;
  lowest_price_30d: number | null;
}

/** "12 345 Kč" as the page writes it, whichever space the locale puts between the thousands. */
const priceText = (amount: number) => new RegExp(String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\\u00a0\\u202f]'));

/**
 * The storefront behind its page cache, as `npm start` serves it with PUBLIC_URL set: a price
 * changed in the back office is on the cached product page at the next reload (the event purges
 * exactly that page), an untouched page stays cached, and the canonical links name the public
 * address without the tracking parameters a visitor arrived with.
 */
describe('the storefront’s cached pages and canonical links', () => {
  let shop: Shop;
  let chromium: Chromium;
  let manager: Browser;
  let phones: Item[];

  beforeAll(async () => {
    ensureFrontEndsBuilt();
    shop = await openShop('pglite', 'test', {
      frontEnds: true,
      catalogue: true,
      pageCache: true,
      publicUrl: PUBLIC_URL,
      clockStart: new Date().toISOString(),
    });
    await shop.modules.loadDemoData();
    const listing = (await (await fetch(`${shop.base}/api/catalog/products?category=mobilni-telefony&page_size=24`)).json()) as {
      items: Item[];
    };
    // Not reduced: the regular price set below is the one the page shows.
    phones = listing.items.filter((item) => item.lowest_price_30d === null);
    expect(phones.length).toBeGreaterThanOrEqual(2);
    manager = await signedInStaff(shop, 'ceny-cache@admin.buyloop.cz', 'Cache-Heslo-2026', ['catalogue_manager']);
    expect((await fetch(`${shop.base}/`)).status).toBe(200);
    chromium = await launchChromium();
  }, 900_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = async (): Promise<Page> => {
    const context = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'cs-CZ' });
    context.setDefaultNavigationTimeout(90_000);
    context.setDefaultTimeout(60_000);
    return context.newPage();
  };
  const xCache = async (path: string) => (await fetch(`${shop.base}${path}`)).headers.get('x-cache');

  it('shows a price changed in the back office on the cached product page at the next reload, and keeps an untouched page cached', async () => {
    const changed = phones[0]!;
    // A product page that shows nothing of the changed product (a page of its variants or one listing it as an
    // accessory would rightly be purged too): its surrogate keys do not name it.
    let untouched: Item | undefined;
    const everything = (await (await fetch(`${shop.base}/api/catalog/products?page_size=48&sort=price_desc`)).json()) as {
      items: Item[];
    };
    for (const phone of [...phones.slice(1), ...everything.items].filter((item) => item.code !== changed.code)) {
      const keys = (await fetch(`${shop.base}/produkt/${phone.seo_name}`)).headers.get('surrogate-key')?.split(' ') ?? [];
      if (!keys.includes(`product-${changed.code}`)) {
        untouched = phone;
        break;
      }
    }
    if (!untouched) throw new Error(`Every product page shows ${changed.code}: no untouched page to compare with`);
    const changedPath = `/produkt/${changed.seo_name}`;
    const untouchedPath = `/produkt/${untouched.seo_name}`;
    const page = await newPage();
    const first = await page.goto(`${shop.base}${changedPath}`, READY);
    expect(first?.status()).toBe(200);
    await hydrated(page);
    // Both pages in the cache: the second request of each is served from it (the key holds the encoding
    // asked for, so this client's first request fills its own entry).
    await xCache(changedPath);
    await xCache(untouchedPath);
    expect(await xCache(changedPath)).toBe('HIT');
    expect(await xCache(untouchedPath)).toBe('HIT');

    const price = changed.price + 1111;
    const set = await manager.request('PUT', `/api/admin/prices/${encodeURIComponent(changed.code)}`, { body: { price } });
    expect(set.status).toBe(200);

    // The purge follows the event through the projector: reload until the page shows it (a few tries at most).
    let shown = '';
    for (let attempt = 0; attempt < 20 && !priceText(price).test(shown); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      await page.reload(READY);
      shown = (await page.getByTestId('product').getByTestId('price').first().textContent()) ?? '';
    }
    expect(shown).toMatch(priceText(price));
    // The HTML the server sends, not only what the page fetched after hydration.
    const html = await (await fetch(`${shop.base}${changedPath}`)).text();
    expect(html).toMatch(priceText(price));
    // The other product's page was not purged.
    expect(await xCache(untouchedPath)).toBe('HIT');
    await page.context().close();
  }, 300_000);

  it('names the public address in the canonical link of a product and a category, without tracking parameters', async () => {
    const phone = phones[1]!;
    const page = await newPage();
    for (const [path, canonical] of [
      [`/produkt/${phone.seo_name}`, `${PUBLIC_URL}/produkt/${phone.seo_name}`],
      [
        `/produkt/${phone.seo_name}?utm_source=newsletter&utm_medium=email&gclid=abc123`,
        `${PUBLIC_URL}/produkt/${phone.seo_name}`,
      ],
      ['/mobilni-telefony', `${PUBLIC_URL}/mobilni-telefony`],
      ['/mobilni-telefony?fbclid=xyz&utm_campaign=jaro', `${PUBLIC_URL}/mobilni-telefony`],
      ['/', `${PUBLIC_URL}/`],
    ] as const) {
      const answer = await page.goto(`${shop.base}${path}`, READY);
      expect(answer?.status(), path).toBe(200);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(canonical);
    }
    await page.context().close();
  }, 300_000);
});
