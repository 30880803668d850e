import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../buy-back-testing';
import { openShop, registerCustomer, STRONG_PASSWORD, type Browser, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface Summary {
  count: number;
  discounts: { code: string; status: string; amount: number }[];
}

/**
 * Signing in with an anonymous cart brings its discount codes into the
 * account's cart with its items: a code both carts hold is held once.
 */
describe.each(engines)('merging a cart’s discount codes on sign-in on %s', (engine) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await shopProduct(shop, 'MC-PHONE', { master: 'mc-master', price: 10_000 });
    const manager = await signedInStaff(shop, 'slucovani@admin.buyloop.cz', 'Slucovani-Heslo-2026', ['catalogue_manager']);
    for (const [title, code, value] of [
      ['Jaro', 'JARO5', 5],
      ['Léto', 'LETO7', 7],
    ] as const) {
      const created = await manager.request('POST', '/api/admin/discounts', {
        body: { title, discount_type: 'percentage', discount_value: value, codes: [code], is_combinable: true },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
  }, 180_000);
  afterAll(async () => shop?.close(), 60_000);

  const applyCode = async (browser: Browser, code: string) => {
    const answer = await browser.request('POST', '/api/cart/discount-codes', { body: { code } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  };
  const summaryOf = async (browser: Browser) => (await browser.request('GET', '/api/cart')).body as unknown as Summary;

  it('the account’s cart holds the anonymous cart’s codes after signing in, one both held only once', async () => {
    const customer = await registerCustomer(shop, 'kody@zakaznik.buyloop.cz');
    expect((await customer.request('POST', '/api/cart/items', { body: { product: 'MC-PHONE' } })).status).toBe(201);
    await applyCode(customer, 'LETO7');
    await customer.request('POST', '/api/auth/logout');
    customer.cookies.delete('buyloop_session');
    await customer.open();
    expect((await customer.request('POST', '/api/cart/items', { body: { product: 'MC-PHONE' } })).status).toBe(201);
    await applyCode(customer, 'jaro5');
    await applyCode(customer, 'leto7');

    expect((await customer.logIn('kody@zakaznik.buyloop.cz', STRONG_PASSWORD)).status).toBe(200);
    await expect
      .poll(
        async () => {
          const summary = await summaryOf(customer);
          return [summary.count, summary.discounts.map((discount) => [discount.code, discount.status])];
        },
        { timeout: 30_000 },
      )
      .toEqual([
        2,
        [
          ['LETO7', 'applied'],
          ['JARO5', 'applied'],
        ],
      ]);
    expect(customer.cookies.has('buyloop_cart')).toBe(false);
  });
});
