import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { orderStandIns, shopProduct } from './admin-orders-testing';
import { czechSale, publishTestCatalogue, signedInStaff } from '../buy-back-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Bonus-test-password-1';

const order = {
  customer: { email: 'jiri.dvorak@example.cz', phone: '+420603123456', first_name: 'Jiří', last_name: 'Dvořák' },
  billing_address: { street: 'Václavské náměstí 1', city: 'Praha', zip: '11000', country: 'CZ' },
  delivery: { method: 'pickup_point', place_id: 'P1' },
  payment: { method: 'cash_on_delivery' },
  order_info: { consents: { terms: true, privacy: true } },
};

describe.each(engines)('the buy-back bonus and its claw-back on %s', (engine) => {
  let shop: Shop;
  let technician: Browser;

  const product = (code: string, price: number, kind = 'device') =>
    shopProduct(shop, code, { master: 'bonus-master', price, kind, stock: 50 });

  /** A customer sells their old iPhone 13 (quality B: 8 800 CZK); the thank-you address carries the status token. */
  async function sale(customer: Browser, key: string): Promise<{ number: string; token: string }> {
    const sold = await customer.request('POST', '/api/buyout/sell-online', {
      body: czechSale(),
      headers: { 'idempotency-key': key },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const token = /token=([A-Za-z0-9_-]+)/.exec(sold.headers.get('location') ?? '')?.[1];
    expect(token).toBeTruthy();
    return { number: sold.body.buyout_number as string, token: token! };
  }

  async function phoneInCart(customer: Browser): Promise<string> {
    const added = await customer.request('POST', '/api/cart/items', { body: { product: 'BB-PHONE', quantity: 1 } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.item_id as string;
  }

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true, modules: [orderStandIns] });
    await publishTestCatalogue(shop);
    await catalogueHandles(shop).stock.defineDemoLocations();
    await product('BB-PHONE', 20_000);
    await product('BB-CASE', 400, 'accessory');
    technician = await signedInStaff(shop, `technician-${engine}@bonus.buyloop.cz`, PASSWORD, ['buyback_technician']);
  }, 120_000);
  afterAll(async () => shop?.close(), 60_000);

  it('trade-in in the cart, checkout with the bonus, a lower grade at inspection: the order shows the clawed-back bonus', async () => {
    const customer = await new Browser(shop.base, 'cs').open();
    const { number, token } = await sale(customer, `bonus-${engine}-0001`);
    const itemId = await phoneInCart(customer);

    // Without the token (and not signed in as its seller) the buy-back is not found, like an unknown number.
    const hidden = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: itemId, buyback_number: number },
    });
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(hidden.body).toMatchObject({ code: 'cart.buyback_not_found' });
    const unknown = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: itemId, buyback_number: '999999999999', token },
    });
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 404, code: 'cart.buyback_not_found' });
    const bad = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: itemId, buyback_number: number, token, extra: 1 },
    });
    expect(bad.status).toBe(400);

    const given = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: itemId, buyback_number: number, token },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.body).toEqual({ item_id: itemId, buyback_number: number, amount: 880, percent: 10, basis: 8_800, count: 1 });
    const summary = (await customer.request('GET', '/api/cart')).body;
    expect(summary.bonuses).toEqual([
      { kind: 'buyback', item_id: itemId, months: null, amount: 880, buyback_number: number, percent: 10, basis: 8_800 },
    ]);
    expect(summary.total).toBe(20_000 - 880);

    // One buy-back gives one bonus: another visitor's cart cannot use it again.
    const other = await new Browser(shop.base, 'cs').open();
    const otherItem = await phoneInCart(other);
    const used = await other.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: otherItem, buyback_number: number, token },
    });
    expect({ status: used.status, code: used.body.code }).toEqual({ status: 409, code: 'cart.buyback_bonus_used' });

    // Checkout with the bonus: the total the summary showed (plus the fees) is the order's.
    const finished = await customer.request('POST', '/api/cart/finish', {
      body: { ...order, expected_total: 20_000 - 880 + 79 + 39 },
    });
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    const orderNumber = finished.body.order_number as string;
    const orderToken = finished.body.token as string;
    const placed = await customer.request('GET', `/api/orders/${orderNumber}?token=${orderToken}`);
    expect(placed.body.totals).toMatchObject({ items: 20_000, discounts: 880, total: 20_000 - 880 + 79 + 39 });

    // The technician receives the old phone, finds it worse (C) and revises the offer to 6 400: the bonus is worth 640.
    const detail = await technician.request('GET', `/api/admin/buybacks/${number}`);
    const received = await technician.request('POST', `/api/admin/buybacks/${number}/receive`, {
      body: { where: 'Výkupní centrum Praha' },
      headers: { 'if-match': detail.headers.get('etag')! },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const inspected = await technician.request('POST', `/api/admin/buybacks/${number}/inspect`, {
      body: {
        imei: '490154203237518',
        quality_found: 'C',
        findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo v rohu' }],
      },
      headers: { 'if-match': received.headers.get('etag')! },
    });
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    const revised = await technician.request('POST', `/api/admin/buybacks/${number}/revise-offer`, {
      body: { price: 6_400, reasons: [{ question_id: 'display', reason: 'Prasklé sklo displeje' }] },
      headers: { 'if-match': inspected.headers.get('etag')! },
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);

    interface OrderView {
      readonly totals: { readonly total: number; readonly discounts: number };
      readonly timeline: readonly { readonly status: string; readonly at: string; readonly note?: string }[];
    }
    const status = async (): Promise<OrderView> =>
      (await customer.request('GET', `/api/orders/${orderNumber}?token=${orderToken}`)).body as unknown as OrderView;
    await expect.poll(async () => (await status()).totals.total, { timeout: 15_000 }).toBe(20_000 - 640 + 79 + 39);
    const after = await status();
    expect(after.totals).toMatchObject({ discounts: 640 });
    expect(after.timeline).toContainEqual({
      status: 'bonus_clawed_back',
      at: expect.any(String),
      note: `${number} 240 added_to_total`,
    });

    // The customer rejects the revised offer: the rest of the bonus is clawed back, once.
    const rejected = await customer.request('POST', `/api/buyout/${number}/reject-revised-offer`, { body: { token } });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    await expect.poll(async () => (await status()).totals.total, { timeout: 15_000 }).toBe(20_000 + 79 + 39);
    const clawed = (await status()).timeline.filter((entry) => entry.status === 'bonus_clawed_back');
    expect(clawed.map((entry) => entry.note)).toEqual([`${number} 240 added_to_total`, `${number} 640 added_to_total`]);
  });

  it('a buy-back cancelled before checkout takes its bonus off the cart; DELETE takes it off too', async () => {
    const customer = await new Browser(shop.base, 'cs').open();
    const first = await sale(customer, `bonus-${engine}-0002`);
    const second = await sale(customer, `bonus-${engine}-0003`);
    const itemId = await phoneInCart(customer);
    const caseLine = await customer.request('POST', '/api/cart/items', { body: { product: 'BB-CASE', quantity: 1 } });
    const onCase = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: caseLine.body.item_id, buyback_number: first.number, token: first.token },
    });
    expect({ status: onCase.status, code: onCase.body.code }).toEqual({ status: 409, code: 'cart.bonus_needs_device' });

    const given = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: itemId, buyback_number: first.number, token: first.token },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    const cancelled = await customer.request('POST', `/api/buyout/${first.number}/cancel`, { body: { token: first.token } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expect.poll(async () => (await customer.request('GET', '/api/cart')).body.bonuses, { timeout: 15_000 }).toEqual([]);
    expect((await customer.request('GET', '/api/cart')).body.total).toBe(20_400);

    // The cancelled buy-back gives no bonus any more; another one does, and DELETE takes it off.
    const refused = await customer.request('POST', '/api/cart/buyback-bonus', {
      body: { item_id: itemId, buyback_number: first.number, token: first.token },
    });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 409, code: 'cart.buyback_not_eligible' });
    expect(
      (
        await customer.request('POST', '/api/cart/buyback-bonus', {
          body: { item_id: itemId, buyback_number: second.number, token: second.token },
        })
      ).status,
    ).toBe(201);
    const removed = await customer.request('DELETE', `/api/cart/buyback-bonus/${itemId}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await customer.request('GET', '/api/cart')).body).toMatchObject({ bonuses: [], total: 20_400 });
  });
  it('one buy-back, one bonus under concurrency: of six carts asking at once exactly one gets it', async () => {
    const seller = await new Browser(shop.base, 'cs').open();
    const { number, token } = await sale(seller, `bonus-${engine}-0004`);
    const carts = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const customer = await new Browser(shop.base, 'cs').open();
        return { customer, item: await phoneInCart(customer) };
      }),
    );
    const answers = await Promise.all(
      carts.map(({ customer, item }) =>
        customer.request('POST', '/api/cart/buyback-bonus', { body: { item_id: item, buyback_number: number, token } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((one) => one.status === 409)) expect(answer.body.code).toBe('cart.buyback_bonus_used');
    const bonuses = await Promise.all(
      carts.map(async ({ customer }) => (await customer.request('GET', '/api/cart')).body.bonuses),
    );
    expect(bonuses.filter((held) => (held as unknown[]).length > 0)).toHaveLength(1);
    const claims = (await shop.events.readStream(`buyback_bonus-${number}`)).filter(
      (event) => event.type === 'BuybackBonusClaimed',
    );
    expect(claims).toHaveLength(1);
  });

  it('a bonus taken off, or its order cancelled, frees the buy-back for another cart', async () => {
    const seller = await new Browser(shop.base, 'cs').open();
    const { number, token } = await sale(seller, `bonus-${engine}-0005`);
    const first = await new Browser(shop.base, 'cs').open();
    const firstItem = await phoneInCart(first);
    const attach = (customer: Browser, item: string) =>
      customer.request('POST', '/api/cart/buyback-bonus', { body: { item_id: item, buyback_number: number, token } });
    expect((await attach(first, firstItem)).status).toBe(201);
    const second = await new Browser(shop.base, 'cs').open();
    const secondItem = await phoneInCart(second);
    expect((await attach(second, secondItem)).body.code).toBe('cart.buyback_bonus_used');

    // Taken off in the first cart: the second may have it.
    expect((await first.request('DELETE', `/api/cart/buyback-bonus/${firstItem}`)).status).toBe(200);
    expect((await attach(second, secondItem)).status).toBe(201);
    expect((await attach(first, firstItem)).body.code).toBe('cart.buyback_bonus_used');

    // Checked out with the bonus, it is used: the first cart still cannot have it.
    const finished = await second.request('POST', '/api/cart/finish', { body: order });
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    expect((await attach(first, firstItem)).body.code).toBe('cart.buyback_bonus_used');

    // The order cancelled: its bonus was never given, so the buy-back gives it again.
    const cancelled = await second.request(
      'POST',
      `/api/orders/${finished.body.order_number as string}/cancel?token=${finished.body.token as string}`,
      { body: {} },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (await shop.events.readStream(`buyback_bonus-${number}`)).some(
            (event) =>
              event.type === 'BuybackBonusClaimReleased' && (event.data as { reason: string }).reason === 'order_cancelled',
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const again = await attach(first, firstItem);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ buyback_number: number, amount: 880 });
  });
});
