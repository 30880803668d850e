import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput, systemActor } from '@buyloop/kit';
import { IdempotencyKeys } from '@buyloop/document-store';
import { finishRequestSchema } from '@buyloop/contracts/cart/orders';
import { DELIVERY_QUOTES_PORT, type DeliveryQuotes } from '@buyloop/contracts/delivery/port';
import { PAYMENTS_PORT, type Payments } from '@buyloop/contracts/payments/port';
import type { Module } from '@buyloop/projector';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';
import { signedInStaff } from '../buy-back-testing';
import { EventStreamClient } from '@buyloop/http/testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const SHOP_PRODUCTS = 'catalogue_shop_products';
const RESERVATIONS = 'catalogue_stock_reservations';
const ORDERS = 'cart_orders';

/**
 * Stand-ins for the delivery and payments contexts' ports (their own modules
 * are tested in their packages): pickup points cost 79, cash on delivery 39;
 * a payment started is recorded so a test can see what the checkout asked.
 * Payments are provided only when the payments module is not running.
 */
const started: string[] = [];
let ownPayments = false;
const refunded: string[] = [];
const delivery: DeliveryQuotes = {
  async quote(request) {
    if (request.method === 'courier') return { ok: false, code: 'delivery.method_unavailable', field: 'delivery' };
    return {
      ok: true,
      method: 'pickup_point',
      fee: 79,
      currency: 'CZK',
      label: 'Pickup point Praha 4',
      place_id: request.place_id ?? 'P1',
    };
  },
};
const payments: Payments = {
  async quote(request) {
    const method = request.method as 'bank_transfer' | 'cash_on_delivery';
    return { ok: true, method, fee: method === 'cash_on_delivery' ? 39 : 0, label: method };
  },
  async start(request) {
    started.push(request.order_number);
    return { payment_id: `pay-${request.order_number}` };
  },
  async refund(orderNumber) {
    refunded.push(orderNumber);
  },
};
const standIns: Module = {
  name: 'checkout-stand-ins',
  capabilities: [],
  projections: [],
  streams: {},
  async open(context) {
    context.ports.provide(DELIVERY_QUOTES_PORT, delivery);
    ownPayments = !context.ports.has(PAYMENTS_PORT);
    if (ownPayments) context.ports.provide(PAYMENTS_PORT, payments);
    return { routes: [], handle: null };
  },
};

const order = (overrides: Record<string, unknown> = {}) => ({
  customer: { email: 'jana@example.cz', phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
  billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
  delivery: { method: 'pickup_point', place_id: 'P1' },
  payment: { method: 'cash_on_delivery' },
  order_info: { consents: { terms: true, privacy: true } },
  ...overrides,
});

describe.each(engines)('the checkout and orders on %s', (engine) => {
  let shop: Shop;

  const product = (code: string, price: number, stock: number) =>
    shopProduct(shop, code, { master: 'checkout-master', price, stock });

  async function setPrice(code: string, price: number, validFrom: string): Promise<void> {
    const written = await shop.events.append(
      `price-${code}-cz`,
      [{ type: 'PriceSet', data: { code, market: 'cz', currency: 'CZK', price, validFrom, at: validFrom } }],
      { actor: systemActor, market: 'cz' },
    );
    await shop.projector.waitFor(SHOP_PRODUCTS, written.checkpoint, 10_000);
  }

  async function buyer(code: string, quantity = 1): Promise<Browser> {
    const browser = await new Browser(shop.base, 'en').open();
    const added = await browser.request('POST', '/api/cart/items', { body: { product: code, quantity } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return browser;
  }

  /**
   * The stock read model is not waited for by the finish (the buyer reads nothing from it), so the assertions
   * that read it wait until it, and the orders read model, have folded everything written so far.
   */
  let markers = 0;
  const caughtUp = async (): Promise<void> => {
    const marker = await shop.events.append(`checkout-test-marker-${++markers}`, [{ type: 'CheckoutTestMarker', data: {} }], {
      actor: systemActor,
      market: 'cz',
    });
    for (const name of [RESERVATIONS, ORDERS]) expect(await shop.projector.waitFor(name, marker.checkpoint, 30_000)).toBe(true);
  };
  const held = async (number: string): Promise<boolean> => {
    await caughtUp();
    const document = await shop.documents.get<{ held: boolean }>(await shop.projector.readCollection(RESERVATIONS), number);
    return document?.held ?? false;
  };
  const heldReservations = async (): Promise<number> => {
    await caughtUp();
    return (
      await shop.documents.find(await shop.projector.readCollection(RESERVATIONS), {
        filters: [{ field: 'held', op: 'equals', value: true }],
        limit: 1000,
      })
    ).total;
  };
  const orderCount = async (): Promise<number> => {
    await caughtUp();
    return (await shop.documents.find(await shop.projector.readCollection(ORDERS), { limit: 1 })).total;
  };

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true, modules: [standIns] });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await product('CO-PHONE', 20_000, 100);
    await product('CO-LAST', 5_000, 5);
    await product('CO-PRICEY', 7_000, 10);
  }, 120_000);
  afterAll(async () => shop?.close(), 60_000);

  it('finishes a cart: the order, its status page by token (404 without), an empty cart and the stock held', async () => {
    const browser = await buyer('CO-PHONE', 2);
    const finished = await browser.request('POST', '/api/cart/finish', { body: order() });
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    const number = finished.body.order_number as string;
    const token = finished.body.token as string;
    expect(number).toMatch(/^\d{10}$/);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(finished.body).toMatchObject({
      status_url: `/objednavka/${number}?token=${token}`,
      currency: 'CZK',
      payment: { method: 'cash_on_delivery' },
    });
    expect(await held(number)).toBe(true);
    expect((await browser.request('GET', '/api/cart/count')).body).toEqual({ count: 0 });
    // The confirmation e-mail carries the status page's link with its token (the market's language: cs).
    // Sent by the order e-mails' process manager after the answer: on a loaded machine that takes a while.
    const mail = await shop.mail.waitFor((message) => message.text.includes(`/objednavka/${number}?token=${token}`), 60_000);
    expect(mail.subject).toContain(number);

    const status = await browser.request('GET', `/api/orders/${number}?token=${token}`);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body).toMatchObject({
      number,
      status: 'confirmed',
      items: [{ product: 'CO-PHONE', quantity: 2, unit_price: 20_000, line_price: 40_000 }],
      totals: { items: 40_000, delivery: 79, currency: 'CZK' },
      delivery: { method: 'pickup_point', label: 'Pickup point Praha 4' },
      payment: { method: 'cash_on_delivery', status: 'on_delivery' },
    });
    const totals = status.body.totals as { payment: number; total: number };
    expect(totals.total).toBe(40_079 + totals.payment);
    expect(finished.body.total).toBe(totals.total);
    expect(JSON.stringify(status.body)).not.toContain('jana@example.cz');

    const stranger = new Browser(shop.base, 'en');
    const wrong = await stranger.request('GET', `/api/orders/${number}?token=${'0'.repeat(64)}`);
    const unknown = await stranger.request('GET', `/api/orders/1000000000?token=${token}`);
    const none = await stranger.request('GET', `/api/orders/${number}`);
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(none.status).toBe(400);
    const strip = (body: Record<string, unknown>) => ({ ...body, instance: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));

    // The customer cancels before it ships: the stock is given back.
    const cancelled = await browser.request('POST', `/api/orders/${number}/cancel?token=${token}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await held(number)).toBe(false);
  });

  it('an Idempotency-Key makes a repeated finish the same order; another body with it is 422', async () => {
    const browser = await buyer('CO-PHONE');
    const headers = { 'idempotency-key': 'finish-key-0001' };
    const first = await browser.request('POST', '/api/cart/finish', { body: order(), headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await browser.request('POST', '/api/cart/finish', { body: order(), headers });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await browser.request('POST', '/api/cart/finish', {
      body: order({ order_info: { consents: { terms: true, privacy: true }, note: 'other' } }),
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toMatch(/application\/problem\+json/);
  });

  it('an Idempotency-Key whose first request died after claiming it places the order once its lease has run out', async () => {
    const browser = await buyer('CO-PHONE');
    const key = 'finish-key-crashed';
    const cartId = browser.cookies.get('buyloop_cart') ?? '';
    expect(cartId).not.toBe('');
    // What a request that died between its claim and its answer leaves: the key claimed with its order number.
    const keys = new IdempotencyKeys(shop.documents, shop.time.clock);
    const dead = await keys.claim(`cart-finish:${cartId}`, key, parseInput(finishRequestSchema, order()), {
      order_number: '6999999901',
      token: 'f'.repeat(64),
    });
    expect(dead.repeated).toBe(false);
    const headers = { 'idempotency-key': key };
    const waiting = await browser.request('POST', '/api/cart/finish', { body: order(), headers });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(409);
    expect(waiting.body.code).toBe('order.request_in_progress');

    shop.time.advance(61_000);
    const retried = await browser.request('POST', '/api/cart/finish', { body: order(), headers });
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    expect(retried.body.order_number).toBe('6999999901');
    const again = await browser.request('POST', '/api/cart/finish', { body: order(), headers });
    expect(again.body).toEqual(retried.body);
    expect(await held('6999999901')).toBe(true);
  });

  it('a price changed since the cart showed it answers 409 with the new total; the cart takes it and the next finish goes through', async () => {
    const browser = await buyer('CO-PRICEY');
    await setPrice('CO-PRICEY', 7_500, shop.time.clock().toISOString());
    const before = await orderCount();
    const refused = await browser.request('POST', '/api/cart/finish', { body: order() });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ code: 'cart.price_changed', total: 7_500 });
    expect(await orderCount()).toBe(before);
    expect((await browser.request('GET', '/api/cart')).body).toMatchObject({ total: 7_500 });
    // expected_total names what the buyer saw: another total is refused, the right one placed.
    const wrongTotal = await browser.request('POST', '/api/cart/finish', { body: order({ expected_total: 7_500 }) });
    expect(wrongTotal.status).toBe(409);
    expect(wrongTotal.body).toMatchObject({ code: 'cart.price_changed' });
    expect(wrongTotal.body.total).toBeGreaterThan(7_500 + 79);
    const placed = await browser.request('POST', '/api/cart/finish', { body: order({ expected_total: wrongTotal.body.total }) });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  });

  it('a delivery the delivery context refuses is a 400 under delivery, and leaves nothing behind', async () => {
    const browser = await buyer('CO-PHONE');
    const before = { orders: await orderCount(), held: await heldReservations() };
    const refused = await browser.request('POST', '/api/cart/finish', {
      body: order({
        delivery: { method: 'courier' },
        delivery_address: { street: 'A 1', city: 'B', zip: '11000', country: 'CZ' },
      }),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ code: 'delivery.method_unavailable', errors: { 'delivery.method': expect.any(Array) } });
    expect({ orders: await orderCount(), held: await heldReservations() }).toEqual(before);
    expect((await browser.request('GET', '/api/cart/count')).body).toEqual({ count: 1 });
  });

  it('50 buyers of the last 5 pieces at once: exactly 5 orders, 45 refusals, nothing held for the losers', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer('CO-LAST')));
    const heldBefore = await heldReservations();
    const answers = await Promise.all(buyers.map((browser) => browser.request('POST', '/api/cart/finish', { body: order() })));
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused)
      expect(answer.body).toMatchObject({ code: 'cart.product_unavailable', unavailable: ['CO-LAST'] });
    expect(await heldReservations()).toBe(heldBefore + 5);
    for (const answer of placed) expect(await held(answer.body.order_number as string)).toBe(true);
  }, 120_000);

  it('bad input is a 4xx problem and leaves no order or reservation', async () => {
    const browser = await buyer('CO-PHONE');
    const before = { orders: await orderCount(), held: await heldReservations() };
    const bodies: unknown[] = [
      { ...order(), extra: 1 },
      order({ customer: { email: 'not-an-email', phone: '+420777123456', first_name: 'J', last_name: 'N' } }),
      order({ payment: { method: 'bitcoin' } }),
      order({ payment: 'card' }),
      order({ order_info: { consents: { terms: false, privacy: true } } }),
      order({ order_info: { consents: { terms: true, privacy: true }, note: 'x'.repeat(10_000) } }),
      order({ expected_total: -5 }),
      order({ expected_total: '100' }),
      order({ delivery: { method: 'pickup_point', place_id: 'P1', unknown: true } }),
      [],
      'text',
      null,
    ];
    for (const body of bodies) {
      const answer = await browser.request('POST', '/api/cart/finish', { body });
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    // No CSRF header: refused.
    expect((await browser.request('POST', '/api/cart/finish', { body: order(), csrf: 'none' })).status).toBe(403);
    // A visitor without a cart, and one with another's cart cookie that is not a cart.
    const empty = await new Browser(shop.base, 'en').open();
    const nothing = await empty.request('POST', '/api/cart/finish', { body: order() });
    expect(nothing.status).toBe(409);
    expect(nothing.body).toMatchObject({ code: 'cart.empty' });
    empty.cookies.set('buyloop_cart', 'f'.repeat(64));
    expect((await empty.request('POST', '/api/cart/finish', { body: order() })).status).toBe(409);
    expect({ orders: await orderCount(), held: await heldReservations() }).toEqual(before);
  });

  it('throttles finishes per client and cart', async () => {
    const browser = await buyer('CO-PHONE');
    const refused = order({ delivery: { method: 'courier' } });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await browser.request('POST', '/api/cart/finish', { body: refused })).status);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 400));
    expect(statuses[10]).toBe(429);
  });

  it('the payments context’s PaymentSucceeded marks an order paid; staff see it in the grid and cancel it with a reason', async () => {
    const browser = await buyer('CO-PHONE');
    const finished = await browser.request('POST', '/api/cart/finish', { body: order({ payment: { method: 'bank_transfer' } }) });
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    const number = finished.body.order_number as string;
    const token = finished.body.token as string;
    const view = async () => (await browser.request('GET', `/api/orders/${number}?token=${token}`)).body;
    expect(await view()).toMatchObject({ status: 'awaiting_payment', payment: { status: 'pending' } });

    // The status page listens live: `changed` arrives when the payment lands; a wrong token gets the same 404.
    const wrongLive = await EventStreamClient.connect(`${shop.base}/api/orders/${number}/live?token=${'0'.repeat(64)}`);
    expect(wrongLive.status).toBe(404);
    const live = await EventStreamClient.connect(`${shop.base}/api/orders/${number}/live?token=${token}`);
    expect(live.status).toBe(200);
    await live.waitFor((event) => event.event === 'ready');

    const at = shop.time.clock().toISOString();
    const paid = {
      type: 'PaymentSucceeded',
      data: { order_number: number, payment_id: `pay-${number}`, method: 'bank_transfer', amount: 20_079, currency: 'CZK', at },
    };
    // Sent twice (a duplicate notification): the order is paid once.
    await shop.events.append(`payment-${number}`, [paid], { actor: systemActor, market: 'cz' });
    await shop.events.append(`payment-${number}`, [paid], { actor: systemActor, market: 'cz' });
    for (let i = 0; i < 200 && (await view()).status !== 'confirmed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const changed = await live.waitFor((event) => event.event === 'changed');
    expect(JSON.parse(changed.data)).toMatchObject({ id: number });
    live.close();
    const after = await view();
    expect(after).toMatchObject({ status: 'confirmed', payment: { status: 'paid', paid_at: at } });
    // Paid once for the two notifications; what follows the confirmation (the packages' split) is the orders' own.
    const steps = (after.timeline as { status: string }[]).map((entry) => entry.status);
    expect(steps.slice(0, 3)).toEqual(['placed', 'paid', 'confirmed']);
    expect(steps.filter((step) => step === 'paid')).toHaveLength(1);

    const staff = await signedInStaff(shop, 'orders@admin.buyloop.cz', 'Admin-Heslo-2026', ['customer_support']);
    const grid = await staff.request(
      'GET',
      `/api/admin/orders?startRow=0&endRow=50&filterModel=${encodeURIComponent(JSON.stringify({ number: { filterType: 'text', filter: number } }))}`,
    );
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    expect(grid.body).toMatchObject({ lastRow: 1, rows: [{ number, status: 'confirmed', payment_status: 'paid' }] });
    const detail = await staff.request('GET', `/api/admin/orders/${number}`);
    expect(detail.body).toMatchObject({ number, customer: { email: 'jana@example.cz' } });
    const noReason = await staff.request('POST', `/api/admin/orders/${number}/cancel`, { body: {} });
    expect(noReason.status).toBe(400);
    const cancelled = await staff.request('POST', `/api/admin/orders/${number}/cancel`, { body: { reason: 'Customer called' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Customer called',
      payment: { status: 'refund_requested' },
    });
    expect(await held(number)).toBe(false);
    if (ownPayments) expect(refunded).toContain(number);
    // A customer cannot reach the back office.
    expect((await browser.request('GET', '/api/admin/orders')).status).toBe(401);
  }, 60_000);

  it('a discount is priced into the order; a single-use code submitted by 5 checkouts at once is used by exactly one', async () => {
    const manager = await signedInStaff(shop, 'discounts@admin.buyloop.cz', 'Admin-Heslo-2026', ['catalogue_manager']);
    const created = await manager.request('POST', '/api/admin/discounts', {
      body: { title: 'Checkout 10 %', discount_type: 'percentage', discount_value: 10 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const generated = await manager.request('POST', `/api/admin/discounts/${String(created.body.id)}/codes`, {
      body: { count: 1 },
    });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const [code] = generated.body.codes as string[];
    const buyers = await Promise.all(Array.from({ length: 5 }, () => buyer('CO-PHONE')));
    for (const browser of buyers) {
      const applied = await browser.request('POST', '/api/cart/discount-codes', { body: { code } });
      expect(applied.status, JSON.stringify(applied.body)).toBeLessThan(300);
    }
    const heldBefore = await heldReservations();
    const answers = await Promise.all(buyers.map((browser) => browser.request('POST', '/api/cart/finish', { body: order() })));
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed, JSON.stringify(answers.map((answer) => answer.body))).toHaveLength(1);
    for (const answer of answers.filter((other) => other.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(['discount.code_used', 'discount.invalid']).toContain(answer.body.code);
    }
    expect(await heldReservations()).toBe(heldBefore + 1);
    const winner = placed[0]!.body;
    const status = await new Browser(shop.base, 'en').request(
      'GET',
      `/api/orders/${String(winner.order_number)}?token=${String(winner.token)}`,
    );
    expect(status.body).toMatchObject({ totals: { items: 20_000, discounts: 2_000 } });
  }, 60_000);
});
