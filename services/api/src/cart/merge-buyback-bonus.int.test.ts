import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, registerCustomer, STRONG_PASSWORD, Browser, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';
import { czechSale, publishTestCatalogue } from '../buy-back-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface Summary {
  count: number;
  items: { item_id: string; product: string }[];
  bonuses: { kind: string; item_id: string; buyback_number?: string; amount: number }[];
}

/**
 * A buy-back bonus given in an anonymous cart follows its phone into the
 * account's cart on sign-in, and stays the buy-back's one bonus there: the
 * claw-back finds it in the account's cart, and no other cart can take it.
 */
describe.each(engines)('merging a buy-back bonus on sign-in on %s', (engine) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await publishTestCatalogue(shop);
    await catalogueHandles(shop).stock.defineDemoLocations();
    await shopProduct(shop, 'MB-PHONE', { master: 'mb-master', price: 20_000 });
  }, 180_000);
  afterAll(async () => shop?.close(), 60_000);

  const summaryOf = async (browser: Browser) => (await browser.request('GET', '/api/cart')).body as unknown as Summary;

  it('the bonus moves with its phone; the claw-back then finds it in the account’s cart', async () => {
    const customer = await registerCustomer(shop, 'bonus-slouceni@zakaznik.buyloop.cz');
    await customer.request('POST', '/api/auth/logout');
    customer.cookies.delete('buyloop_session');
    await customer.open();

    const sold = await customer.request('POST', '/api/buyout/sell-online', {
      body: czechSale(),
      headers: { 'idempotency-key': `merge-bonus-${engine}-0001` },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const number = sold.body.buyout_number as string;
    const token = /token=([A-Za-z0-9_-]+)/.exec(sold.headers.get('location') ?? '')?.[1];
    const phone = await customer.request('POST', '/api/cart/items', { body: { product: 'MB-PHONE' } });
    expect(phone.status).toBe(201);
    const given = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: phone.body.item_id, buyback_number: number, token },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);

    expect((await customer.logIn('bonus-slouceni@zakaznik.buyloop.cz', STRONG_PASSWORD)).status).toBe(200);
    const merged = await summaryOf(customer);
    expect(merged.items.map((line) => line.product)).toEqual(['MB-PHONE']);
    const moved = merged.items[0]!.item_id;
    // Under the line's new id in the account's cart.
    expect(moved).not.toBe(phone.body.item_id);
    expect(merged.bonuses.map((bonus) => [bonus.kind, bonus.item_id, bonus.buyback_number])).toEqual([
      ['buyback', moved, number],
    ]);

    // Still the buy-back's one bonus: another visitor's cart is refused it.
    const other = await new Browser(shop.base, 'cs').open();
    const otherPhone = await other.request('POST', '/api/cart/items', { body: { product: 'MB-PHONE' } });
    const used = await other.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: otherPhone.body.item_id, buyback_number: number, token },
    });
    expect({ status: used.status, code: used.body.code }).toEqual({ status: 409, code: 'cart.buyback_bonus_used' });

    // The buy-back is cancelled: the claw-back takes the bonus off the account's cart, where it now is.
    const cancelled = await customer.request('POST', `/api/buyout/${number}/cancel`, { body: { token } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expect.poll(async () => (await summaryOf(customer)).bonuses, { timeout: 30_000 }).toEqual([]);
  });
});
