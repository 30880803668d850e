import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_GATEWAY_SECRET, PaymentsService } from '@buyloop/payments-read-models';
import { openShop, type Shop } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const HOOKS = ['/api/payments/sandbox/payments/:payment_id/notifications', '/api/payments/sandbox/bank-transfers'];

/**
 * The sandbox's test hooks send a "paid" for any order on request: in
 * production (no PAYMENTS_SANDBOX_TEST_HOOKS=on) they are not served at all,
 * while the sandbox's pay pages (the default gateway) still are.
 */
describe.each(engines)('sandbox routes in production on %s', (engine) => {
  let shop: Shop;
  let payments: PaymentsService;

  beforeAll(async () => {
    shop = await openShop(engine, 'production');
    // Started straight in the ledger: which secret signs does not matter to the pages and hooks asked here.
    payments = new PaymentsService({ events: shop.events, market: 'cz', clock: shop.time.clock, secret: DEV_GATEWAY_SECRET });
  }, 120_000);
  afterAll(async () => shop?.close());

  const post = (path: string, body: unknown) =>
    fetch(`${shop.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': 'tester', cookie: 'buyloop_csrf=tester' },
      body: JSON.stringify(body),
    });

  it('answers 404 on the test hooks for a real payment, leaves the ledger alone, and lists no hook in the routes', async () => {
    const order = `7${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
    const card = await payments.start({
      order_number: order,
      method: 'card',
      amount: 12_990,
      currency: 'CZK',
      return_url: `https://shop.buyloop.invalid/objednavka/${order}?token=t`,
      customer_email: 'kupujici@example.cz',
    });

    const late = await post(`/api/payments/sandbox/payments/${card.payment_id}/notifications`, { status: 'paid' });
    expect(late.status).toBe(404);
    expect(late.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const transfer = await post('/api/payments/sandbox/bank-transfers', { variable_symbol: order, amount: 12_990 });
    expect(transfer.status).toBe(404);

    expect((await shop.events.readStream(`payment-${order}`)).map((event) => event.type)).toEqual(['PaymentStarted']);
    const paths = shop.routes.map((route) => route.path);
    for (const hook of HOOKS) expect(paths).not.toContain(hook);

    // The sandbox is still the gateway: its pay page is served, so the buyer is not sent to a dead end.
    expect(paths).toContain('/api/payments/sandbox/pay/:payment_id');
    const page = await fetch(`${shop.base}${card.redirect_url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(order);
  });
});
