import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@buyloop/kit';
import { signedInStaff } from '../buy-back-testing';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const CATEGORY_TREE = 'catalogue_category_tree';

interface Summary {
  discounts: { code: string; amount: number; status: string }[];
  items_total: number;
  discount_total: number;
}

/**
 * A discount limited to catalogue categories (spec 3's product sets): the
 * cart learns a product's categories from the catalogue when the product is
 * added, and the discount takes off only the lines in one of its categories
 * or a category below them.
 */
describe.each(engines)('discounts by category on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;

  const product = (code: string, master: string, price: number) => shopProduct(shop, code, { master, price });

  /** phones › apple holds the iPhone's master; the Galaxy's master is in no category. */
  async function categories(): Promise<void> {
    const at = shop.time.clock().toISOString();
    const category = (categoryId: string, parentId: string | null, name: string) => ({
      type: 'CategoryAdded',
      data: {
        categoryId,
        parentId,
        position: 0,
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
        category('dc-phones', null, 'Telefony'),
        category('dc-apple', 'dc-phones', 'Apple'),
        { type: 'ProductsAssignedToCategories', data: { masterProductIds: ['dc-iphone'], categoryIds: ['dc-apple'], at } },
      ],
      { actor: systemActor, market: 'cz' },
    );
    await shop.projector.waitFor(CATEGORY_TREE, written.checkpoint, 10_000);
  }

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await product('DC-IPHONE', 'dc-iphone', 20_000);
    await product('DC-GALAXY', 'dc-galaxy', 10_000);
    await categories();
    manager = await signedInStaff(shop, 'kategorie@admin.buyloop.cz', 'Kategorie-Heslo-2026', ['catalogue_manager']);
  }, 180_000);
  afterAll(async () => shop?.close(), 60_000);

  it('takes a category’s discount off the lines in it or below it only, and staff read the categories back', async () => {
    const created = await manager.request('POST', '/api/admin/discounts', {
      body: {
        title: 'Telefony 10 %',
        discount_type: 'percentage',
        discount_value: 10,
        codes: ['TELEFONY10'],
        categories: ['dc-phones'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const detail = await manager.request('GET', `/api/admin/discounts/${String(created.body.id)}`);
    expect(detail.body.categories).toEqual(['dc-phones']);

    const visitor = await new Browser(shop.base, 'cs').open();
    for (const code of ['DC-IPHONE', 'DC-GALAXY'])
      expect((await visitor.request('POST', '/api/cart/items', { body: { product: code } })).status).toBe(201);
    expect((await visitor.request('POST', '/api/cart/discount-codes', { body: { code: 'telefony10' } })).status).toBeLessThan(
      300,
    );
    await expect
      .poll(
        async () => {
          const summary = (await visitor.request('GET', '/api/cart')).body as unknown as Summary;
          return [summary.items_total, summary.discount_total, summary.discounts.map((d) => [d.code, d.status, d.amount])];
        },
        { timeout: 30_000 },
      )
      // 10 % of the iPhone (in dc-apple, below dc-phones) only: the Galaxy is in no category.
      .toEqual([30_000, 2_000, [['TELEFONY10', 'applied', 2_000]]]);
  });

  it('refuses a malformed category list with 400 naming the field', async () => {
    for (const categories of [['has space'], 'dc-phones', Array.from({ length: 101 }, (_, index) => `c${index}`)]) {
      const answer = await manager.request('POST', '/api/admin/discounts', {
        body: { title: 'Špatně', discount_type: 'percentage', discount_value: 5, categories },
      });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(JSON.stringify(answer.body.errors)).toContain('categories');
    }
  });
});
