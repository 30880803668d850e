import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryModule } from '@buyloop/delivery-read-models';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';
import { signedInStaff } from '../buy-back-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const RESERVATIONS = 'catalogue_stock_reservations';

/**
 * Issue 15's races, at the size its benchmark names, through the real
 * finish route with the real delivery and payments contexts: 50 buyers of
 * the last 5 pieces and 20 checkouts holding one single-use code, all at
 * once. What the buyers rely on: nobody is sold a piece that is not there,
 * a single-use code is used by exactly one order, and a refused buyer is
 * left holding nothing (no reservation, no claim).
 */
describe.each(engines)('checkout races through POST /api/cart/finish on %s', (engine) => {
  let shop: Shop;
  let placeId: string;

  const product = (code: string, price: number, stock: number) =>
    shopProduct(shop, code, { master: 'race-master', longName: `Race ${code}`, price, stock });

  const order = () => ({
    customer: { email: 'zavod@example.cz', phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
    billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
    delivery: { method: 'pickup_point', place_id: placeId },
    payment: { method: 'cash_on_delivery' },
    order_info: { consents: { terms: true, privacy: true } },
  });

  async function buyer(code: string): Promise<Browser> {
    const browser = await new Browser(shop.base, 'en').open();
    const added = await browser.request('POST', '/api/cart/items', { body: { product: code, quantity: 1 } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return browser;
  }

  const heldFor = async (code: string): Promise<number> =>
    (
      await shop.documents.find(await shop.projector.readCollection(RESERVATIONS), {
        filters: [{ field: 'held', op: 'equals', value: true }],
        limit: 1000,
      })
    ).items.filter((reservation) => JSON.stringify(reservation).includes(`"${code}"`)).length;
  const eventsOf = async (type: string) => (await shop.events.readAll({ limit: 100_000 })).filter((event) => event.type === type);

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true, modules: [deliveryModule()] });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await product('RACE-LAST', 5_000, 5);
    await product('RACE-CODE', 8_000, 100);
    const places = await new Browser(shop.base, 'en').request('GET', '/api/cart/delivery-places?limit=1');
    expect(places.status, JSON.stringify(places.body)).toBe(200);
    placeId = (places.body.places as { id: string }[])[0]!.id;
  }, 180_000);
  afterAll(async () => shop?.close(), 60_000);

  it('50 buyers of the last 5 pieces at once: exactly 5 orders, 45 told the product is unavailable, oversold 0', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer('RACE-LAST')));
    const answers = await Promise.all(buyers.map((browser) => browser.request('POST', '/api/cart/finish', { body: order() })));
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(
      placed,
      JSON.stringify(answers.filter((answer) => ![201, 409].includes(answer.status)).map((answer) => answer.body)),
    ).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused)
      expect(answer.body).toMatchObject({ code: 'cart.product_unavailable', unavailable: ['RACE-LAST'] });
    expect(new Set(placed.map((answer) => answer.body.order_number)).size).toBe(5);
    // Oversold 0: the store holds reservations for exactly the five orders, and the losers keep their carts.
    await expect.poll(() => heldFor('RACE-LAST'), { timeout: 30_000 }).toBe(5);
    const losers = buyers.filter((_, i) => answers[i]!.status === 409);
    expect((await losers[0]!.request('GET', '/api/cart/count')).body).toEqual({ count: 1 });
  }, 300_000);

  it('20 checkouts holding one single-use code at once: exactly one order uses it, 19 are refused and hold nothing', async () => {
    const manager = await signedInStaff(shop, 'zavod@admin.buyloop.cz', 'Admin-Heslo-2026', ['catalogue_manager']);
    const created = await manager.request('POST', '/api/admin/discounts', {
      body: { title: 'Race 10 %', discount_type: 'percentage', discount_value: 10 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const generated = await manager.request('POST', `/api/admin/discounts/${String(created.body.id)}/codes`, {
      body: { count: 1 },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const [code] = generated.body.codes as string[];
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer('RACE-CODE')));
    for (const browser of buyers) {
      const applied = await browser.request('POST', '/api/cart/discount-codes', { body: { code } });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    }
    const heldBefore = await heldFor('RACE-CODE');
    const answers = await Promise.all(buyers.map((browser) => browser.request('POST', '/api/cart/finish', { body: order() })));
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed, JSON.stringify(answers.map((answer) => [answer.status, answer.body.code]))).toHaveLength(1);
    for (const answer of answers.filter((other) => other.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(['discount.code_used', 'discount.invalid']).toContain(answer.body.code);
    }
    // One claim of the code stands, for the winner's order; the 19 refused checkouts left no reservation.
    const claims = (await eventsOf('DiscountCodeClaimed')).filter((event) => (event.data as { code: string }).code === code);
    const releases = (await eventsOf('DiscountCodeReleased')).filter((event) => (event.data as { code: string }).code === code);
    expect(claims.length - releases.length).toBe(1);
    const winner = String(placed[0]!.body.order_number);
    expect(claims.map((event) => (event.data as { order_number: string }).order_number)).toContain(winner);
    await expect.poll(() => heldFor('RACE-CODE'), { timeout: 30_000 }).toBe(heldBefore + 1);
    const status = await new Browser(shop.base, 'en').request(
      'GET',
      `/api/orders/${winner}?token=${String(placed[0]!.body.token)}`,
    );
    expect(status.body).toMatchObject({ totals: { items: 8_000, discounts: 800 } });
  }, 300_000);
});
