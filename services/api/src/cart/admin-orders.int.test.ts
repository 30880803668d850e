import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { signedInStaff } from '../buy-back-testing';
import { orderStandIns, placeOrder, stockedProduct } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const byNumber = (number: string) =>
  `filterModel=${encodeURIComponent(JSON.stringify({ number: { filterType: 'text', filter: number } }))}`;

/**
 * The back office's order grid, detail and the order delivery grid (issue 15,
 * deliver 5): what staff see of an order beyond the read model (its customer,
 * where it goes, when it shipped) and which actions its state allows, through
 * an order's whole life: shipped with a number, delivered, withdrawn from.
 */
describe.each(engines)('back-office orders and their deliveries on %s', (engine) => {
  let shop: Shop;
  let support: Browser;
  let warehouse: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true, modules: [orderStandIns] });
    await stockedProduct(shop, 'AO-PHONE', 12_000, 50);
    support = await signedInStaff(shop, 'podpora@orders.buyloop.cz', 'Admin-Heslo-2026', ['customer_support']);
    warehouse = await signedInStaff(shop, 'sklad@orders.buyloop.cz', 'Admin-Heslo-2026', ['warehouse']);
  }, 120_000);
  afterAll(async () => shop?.close(), 60_000);

  it('names the customer and company in the grid, and offers only the actions the state allows', async () => {
    const number = await placeOrder(shop, 'AO-PHONE', {
      first_name: 'Jana',
      last_name: 'Dvořáková',
      email: 'jana@example.cz',
      company: 'Dvořák s.r.o.',
    });
    const grid = await support.request('GET', `/api/admin/orders?startRow=0&endRow=20&${byNumber(number)}`);
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    expect(grid.body).toEqual({
      lastRow: 1,
      rows: [
        expect.objectContaining({
          number,
          status: 'confirmed',
          customer_name: 'Jana Dvořáková',
          company: 'Dvořák s.r.o.',
          delivery_method: 'pickup_point',
          delivery_status: 'preparing',
          delivery_number: null,
          payment_status: 'on_delivery',
          unfinished: false,
        }),
      ],
    });

    const detail = await support.request('GET', `/api/admin/orders/${number}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      number,
      company: 'Dvořák s.r.o.',
      actions: { cancel: true, ship: true, deliver: false, withdraw: false },
      delivery_details: { fee: 79, place_id: 'P42', store_id: null, shipped_at: null, delivered_at: null, city: 'Praha' },
    });
  });

  it('ships with a shipment number, delivers and records a withdrawal; the delivery grid follows each step', async () => {
    const number = await placeOrder(shop, 'AO-PHONE', { first_name: 'Petr', last_name: 'Malý', email: 'petr@example.cz' });
    const deliveryRow = async () => {
      const page = await support.request('GET', `/api/admin/order-deliveries?startRow=0&endRow=20&${byNumber(number)}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.lastRow).toBe(1);
      return (page.body.rows as Record<string, unknown>[])[0];
    };
    expect(await deliveryRow()).toEqual({
      number,
      status: 'confirmed',
      placed_at: expect.any(String),
      method: 'pickup_point',
      label: 'Výdejní místo Praha 4',
      delivery_status: 'preparing',
      delivery_number: null,
      place_id: 'P42',
      store_id: null,
      city: 'Praha',
      customer_name: 'Petr Malý',
      shipped_at: null,
      delivered_at: null,
    });

    // Delivering before shipping is refused with the state's 409, not a 500.
    const early = await support.request('POST', `/api/admin/orders/${number}/deliver`, { body: {} });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('order.not_shippable');

    const shipped = await support.request('POST', `/api/admin/orders/${number}/ship`, {
      body: { tracking_number: 'DR1234567890' },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      delivery: { status: 'shipped', number: 'DR1234567890' },
      actions: { cancel: false, ship: false, deliver: true, withdraw: false },
    });
    expect(await deliveryRow()).toMatchObject({
      status: 'shipped',
      delivery_status: 'shipped',
      delivery_number: 'DR1234567890',
      shipped_at: expect.any(String),
      delivered_at: null,
    });

    const delivered = await support.request('POST', `/api/admin/orders/${number}/deliver`, { body: {} });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body).toMatchObject({
      status: 'delivered',
      actions: { cancel: false, ship: false, deliver: false, withdraw: true },
    });
    expect(await deliveryRow()).toMatchObject({ delivery_status: 'delivered', delivered_at: expect.any(String) });

    const withdrawn = await support.request('POST', `/api/admin/orders/${number}/withdraw`, {
      body: { reason: 'Zákazník odstoupil do 14 dnů' },
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toMatchObject({
      status: 'withdrawn',
      actions: { cancel: false, ship: false, deliver: false, withdraw: false },
    });
    // The order's own steps in the order they happened (packing steps of the warehouse may come between them).
    const steps = ['placed', 'confirmed', 'shipped', 'delivered', 'withdrawn'];
    const timeline = (withdrawn.body.timeline as { status: string }[]).map((entry) => entry.status);
    expect(timeline.filter((status) => steps.includes(status))).toEqual(steps);
  });

  it('lets the warehouse read orders and deliveries but not act on them; bad grid models are 400s', async () => {
    const number = await placeOrder(shop, 'AO-PHONE', { first_name: 'Eva', last_name: 'Horká', email: 'eva@example.cz' });
    expect((await warehouse.request('GET', `/api/admin/order-deliveries?${byNumber(number)}`)).status).toBe(200);
    expect((await warehouse.request('GET', `/api/admin/orders/${number}`)).status).toBe(200);
    const refused = await warehouse.request('POST', `/api/admin/orders/${number}/cancel`, { body: { reason: 'Sklad' } });
    expect(refused.status).toBe(403);

    for (const query of [
      'filterModel=%7Bnot-json',
      `filterModel=${encodeURIComponent(JSON.stringify({ method: { filterType: 'text', filter: 'courier' } }))}`,
      `sortModel=${encodeURIComponent(JSON.stringify([{ colId: 'customer_name', sort: 'asc' }]))}`,
      'startRow=-1',
    ]) {
      const answer = await support.request('GET', `/api/admin/order-deliveries?${query}`);
      expect(answer.status, query).toBe(400);
    }

    // Sorted by number on request (the test's clock stands still: every order has the same time).
    const numbers = await support.request(
      'GET',
      `/api/admin/order-deliveries?startRow=0&endRow=100&sortModel=${encodeURIComponent(JSON.stringify([{ colId: 'number', sort: 'asc' }]))}`,
    );
    const listed = (numbers.body.rows as { number: string }[]).map((row) => row.number);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed).toEqual([...listed].sort());
  });
});
