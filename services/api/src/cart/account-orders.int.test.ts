import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { orderStandIns, shopProduct, signedInCustomer } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const PASSWORD = 'Objednavky-Heslo-2026';

const order = (email: string) => ({
  customer: { email, phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
  billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
  delivery: { method: 'pickup_point', place_id: 'P1' },
  payment: { method: 'cash_on_delivery' },
  order_info: { consents: { terms: true, privacy: true } },
});

interface Listed {
  readonly number: string;
  readonly status: string;
  readonly total: number;
  readonly currency: string;
  readonly items: number;
  readonly path: string;
}

describe.each(engines)('"my orders" on %s', (engine) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true, modules: [orderStandIns] });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await shopProduct(shop, 'AO-PHONE', { master: 'account-orders-master', longName: 'Telefon AO', price: 10_000, stock: 50 });
  }, 180_000);
  afterAll(async () => shop?.close(), 60_000);

  async function finish(browser: Browser, email: string, quantity = 1): Promise<string> {
    const added = await browser.request('POST', '/api/cart/items', { body: { product: 'AO-PHONE', quantity } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const finished = await browser.request('POST', '/api/cart/finish', { body: order(email) });
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    return finished.body.order_number as string;
  }

  it('lists the signed-in customer’s own orders newest first, and opens each without a token; never another’s', async () => {
    const jana = await signedInCustomer(shop, 'jana.orders@example.cz', PASSWORD);
    const first = await finish(jana, 'jana.orders@example.cz', 2);
    shop.time.advance(60_000);
    const second = await finish(jana, 'jana.orders@example.cz');
    const petr = await signedInCustomer(shop, 'petr.orders@example.cz', PASSWORD);
    const petrs = await finish(petr, 'petr.orders@example.cz');
    // A visitor typing Jana's address: the e-mail proves nothing about the account, so the order is not hers to list.
    const visitor = await new Browser(shop.base, 'cs').open();
    const typed = await finish(visitor, 'jana.orders@example.cz');

    const list = async (browser: Browser) => {
      const answer = await browser.request('GET', '/api/account/orders');
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      return answer.body as { items: Listed[]; total: number };
    };
    await expect
      .poll(async () => (await list(jana)).items.map((item) => item.number), { timeout: 30_000 })
      .toEqual([second, first]);
    const listed = await list(jana);
    expect(listed.total).toBe(2);
    expect(listed.items[1]).toMatchObject({
      number: first,
      status: 'confirmed',
      currency: 'CZK',
      items: 2,
      path: `/moje-objednavky/${first}`,
    });
    expect(listed.items[1]!.total).toBeGreaterThanOrEqual(20_079);
    await expect.poll(async () => (await list(petr)).items.map((item) => item.number), { timeout: 30_000 }).toEqual([petrs]);

    const own = await jana.request('GET', `/api/account/orders/${first}`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ number: first, status: 'confirmed', items: [{ product: 'AO-PHONE', quantity: 2 }] });
    expect(JSON.stringify(own.body)).not.toContain('jana.orders@example.cz');

    // Another account's order, a visitor's order with her address, and no order at all: the same 404.
    const foreign = await jana.request('GET', `/api/account/orders/${petrs}`);
    const visitors = await jana.request('GET', `/api/account/orders/${typed}`);
    const unknown = await jana.request('GET', '/api/account/orders/1000000000');
    const odd = await jana.request('GET', '/api/account/orders/not-a-number');
    for (const answer of [foreign, visitors, unknown, odd]) expect(answer.status).toBe(404);
    const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expect(strip(foreign.body)).toEqual(strip(unknown.body));
  }, 180_000);

  it('a visitor is asked to sign in (401), for the list and for an order', async () => {
    const visitor = await new Browser(shop.base, 'cs').open();
    const number = await finish(visitor, 'visitor.orders@example.cz');
    expect((await visitor.request('GET', '/api/account/orders')).status).toBe(401);
    expect((await visitor.request('GET', `/api/account/orders/${number}`)).status).toBe(401);
  }, 60_000);
});
