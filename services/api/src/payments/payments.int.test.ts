import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_PORT, type StartedPayment } from '@buyloop/contracts/payments/port';
import { DEV_GATEWAY_SECRET, PaymentsService, SandboxGateway, signBody, type PaymentEvent } from '@buyloop/payments-read-models';
import { Browser, openShop, type Shop } from '../identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const RETURN_URL = 'https://shop.buyloop.invalid/objednavka/ORDER?token=secret-token';

/**
 * The payments context through the HTTP API: a payment started as the
 * checkout starts it (the PAYMENTS_PORT's implementation over the same event
 * store), the sandbox gateway's pages and hooks, and its signed
 * notifications arriving over loopback at the notification endpoint.
 */
describe.each(engines)('payments on %s', (engine) => {
  let shop: Shop;
  let payments: PaymentsService;
  let sequence = 0;

  const newOrder = () =>
    `6${String(Date.now() % 1_000_000_000)
      .padStart(9, '0')
      .slice(0, 5)}${String(++sequence).padStart(4, '0')}`;

  const ledger = async (order: string) =>
    (await shop.events.readStream(`payment-${order}`)).map((event) => event.type as PaymentEvent['type']);

  async function start(method: 'card' | 'bank_transfer' | 'google_pay' | 'cash_on_delivery', amount = 12_990) {
    const order = newOrder();
    const started = await payments.start({
      order_number: order,
      method,
      amount,
      currency: 'CZK',
      return_url: RETURN_URL.replace('ORDER', order),
      customer_email: 'kupujici@example.cz',
    });
    return { order, started };
  }

  /** A notification as a gateway would send it, signed with `secret`. */
  async function notify(
    body: Record<string, unknown> | string,
    options: { secret?: string; provider?: string; contentType?: string; signature?: string } = {},
  ) {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`${shop.base}/api/payments/notifications/${options.provider ?? 'sandbox'}`, {
      method: 'POST',
      headers: {
        'content-type': options.contentType ?? 'application/octet-stream',
        'x-buyloop-signature': options.signature ?? signBody(options.secret ?? DEV_GATEWAY_SECRET, raw),
        // Every POST carries the CSRF double-submit pair, a gateway's too.
        'x-csrf-token': 'gateway',
        cookie: 'buyloop_csrf=gateway',
      },
      body: raw,
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  /** Every notification the store holds. */
  const notices = async () =>
    (await shop.events.readAll({ limit: 100_000 }))
      .filter((event) => event.type === 'PaymentNotificationReceived')
      .map((event) => event.data as { order_number: string; notification_id: string });

  beforeAll(async () => {
    shop = await openShop(engine);
    const gateway = new SandboxGateway(
      (provider, body, signature) => payments.receive(provider, body, signature),
      DEV_GATEWAY_SECRET,
      shop.time.clock,
    );
    payments = new PaymentsService({
      events: shop.events,
      market: 'cz',
      clock: shop.time.clock,
      secret: DEV_GATEWAY_SECRET,
      refunds: (paid, refundId) =>
        gateway.deliverInProcess('sandbox', gateway.notificationOf(paid, 'refunded', { id: `refund-${refundId}` })),
    });
  });
  afterAll(async () => shop?.close());

  it('card: start → the sandbox page → approve → a signed notification → PaymentSucceeded, shown to staff', async () => {
    const { order, started } = await start('card');
    expect(started.redirect_url).toBe(`/api/payments/sandbox/pay/${started.payment_id}`);
    const buyer = await new Browser(shop.base, 'cs').open();
    const page = await fetch(`${shop.base}${started.redirect_url}`, { headers: { 'accept-language': 'cs' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="cs">');
    expect(html).toContain('Testovací platební brána');
    expect(html).toContain(order);
    expect(html).toContain('Čeká na zaplacení');

    const approved = await buyer.request('POST', started.redirect_url!, { body: { decision: 'approve' } });
    expect(approved.status).toBe(200);
    expect(approved.body.redirect_url).toBe(RETURN_URL.replace('ORDER', order));
    expect(await ledger(order)).toEqual(['PaymentStarted', 'PaymentSucceeded']);

    // Starting the same order again (a retried checkout) is the same payment.
    const again = await payments.start({
      order_number: order,
      method: 'card',
      amount: 12_990,
      currency: 'CZK',
      return_url: RETURN_URL,
      customer_email: 'kupujici@example.cz',
    });
    expect(again.payment_id).toBe(started.payment_id);

    // Paid: the page offers nothing more, and a second approval is refused.
    expect(await (await fetch(`${shop.base}${started.redirect_url}`)).text()).not.toContain('name="decision"');
    const twice = await buyer.request('POST', started.redirect_url!, { body: { decision: 'approve' } });
    expect(twice.status).toBe(409);
    expect(twice.headers.get('content-type')).toMatch(/application\/problem\+json/);

    const staff = await shop.identity.service.createAccount(
      { email: `support-${order}@buyloop.cz`, password: 'Platby-Heslo-1', roles: ['customer_support'], kind: 'staff' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    const admin = await new Browser(shop.base).open();
    await admin.logIn(staff.email, 'Platby-Heslo-1');
    await expect
      .poll(async () => (await admin.request('GET', `/api/admin/payments/${order}`)).body.status, { timeout: 15_000 })
      .toBe('paid');
    const shown = (await admin.request('GET', `/api/admin/payments/${order}`)).body;
    expect(shown).toMatchObject({ order_number: order, method: 'card', amount: 12_990, currency: 'CZK', notifications: 1 });
    expect(JSON.stringify(shown)).not.toContain('secret-token');
    expect((await admin.request('GET', '/api/admin/payments/not-an-order')).status).toBe(400);
    expect((await admin.request('GET', '/api/admin/payments/6999999998')).status).toBe(404);
    const visitor = await new Browser(shop.base).open();
    expect((await visitor.request('GET', `/api/admin/payments/${order}`)).status).toBe(401);
  });

  it('card with 3-D Secure: the challenge page, the right code pays, a wrong one fails', async () => {
    const { order, started } = await start('card');
    const buyer = await new Browser(shop.base, 'ro').open();
    const challenge = await buyer.request('POST', started.redirect_url!, { body: { decision: 'challenge' } });
    expect(challenge.body.redirect_url).toBe(`${started.redirect_url}/3ds`);
    const page = await fetch(`${shop.base}${started.redirect_url}/3ds`, { headers: { 'accept-language': 'ro' } });
    expect(await page.text()).toContain('Verificarea plății 3-D Secure');
    expect((await buyer.request('POST', `${started.redirect_url}/3ds`, { body: { code: '1234' } })).status).toBe(200);
    expect(await ledger(order)).toEqual(['PaymentStarted', 'PaymentAuthorised', 'PaymentSucceeded']);

    const declined = await start('card');
    await buyer.request('POST', `${declined.started.redirect_url}/3ds`, { body: { code: '0000' } });
    expect(await ledger(declined.order)).toEqual(['PaymentStarted', 'PaymentFailed']);
  });

  it('bank transfer: SPAYD and QR; the bank’s notification twice and a pending after paid record one payment', async () => {
    const { order, started } = await start('bank_transfer', 4_500);
    expect(started.redirect_url).toBeUndefined();
    expect(started.bank_transfer).toMatchObject({ variable_symbol: order, amount: 4_500, currency: 'CZK' });
    expect(started.bank_transfer!.qr_text).toBe(
      `SPD*1.0*ACC:CZ6508000000192000145399*AM:4500.00*CC:CZK*X-VS:${order}*MSG:Objednavka ${order}`,
    );
    expect(started.bank_transfer!.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);

    const bank = await new Browser(shop.base).open();
    const paid = await bank.request('POST', '/api/payments/sandbox/bank-transfers', {
      body: { variable_symbol: order, amount: 4_500, notification_id: `bank-${order}`, times: 2 },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.sent).toEqual([
      { notification_id: `bank-${order}`, status: 200, outcome: 'applied' },
      { notification_id: `bank-${order}`, status: 200, outcome: 'unchanged' },
    ]);
    const late = await bank.request('POST', `/api/payments/sandbox/payments/${started.payment_id}/notifications`, {
      body: { status: 'pending' },
    });
    expect(late.body.sent).toMatchObject([{ status: 200, outcome: 'unchanged' }]);
    const failedAfter = await bank.request('POST', `/api/payments/sandbox/payments/${started.payment_id}/notifications`, {
      body: { status: 'failed', notification_id: `late-${order}` },
    });
    expect(failedAfter.body.sent).toMatchObject([{ status: 200, outcome: 'applied' }]);
    expect(await ledger(order)).toEqual(['PaymentStarted', 'PaymentSucceeded', 'PaymentLateFailureRecorded']);
    // The duplicate was stored once: one notice stream per (provider, id).
    expect((await notices()).filter((notice) => notice.order_number === order)).toHaveLength(3);

    const unknown = await bank.request('POST', '/api/payments/sandbox/bank-transfers', {
      body: { variable_symbol: '1', amount: 4_500 },
    });
    expect(unknown.status).toBe(404);
  });

  it('a notification out of order (pending after paid) and the same one twice, sent by a gateway', async () => {
    const { order, started } = await start('card');
    const body = {
      id: `n-${order}`,
      payment_id: started.payment_id,
      status: 'paid',
      amount: 12_990,
      currency: 'CZK',
      at: shop.time.clock().toISOString(),
    };
    expect((await notify(body)).body).toEqual({ received: true, duplicate: false, outcome: 'applied' });
    expect((await notify(body)).body).toEqual({ received: true, duplicate: true, outcome: 'unchanged' });
    expect((await notify({ ...body, id: `p-${order}`, status: 'pending' })).body).toMatchObject({ outcome: 'unchanged' });
    expect(await ledger(order)).toEqual(['PaymentStarted', 'PaymentSucceeded']);
    // Another amount is stored and acknowledged, and pays nothing.
    const other = await start('card');
    const wrong = await notify({ ...body, id: `w-${other.order}`, payment_id: other.started.payment_id, amount: 1 });
    expect(wrong.body).toEqual({ received: true, duplicate: false, outcome: 'refused' });
    expect(await ledger(other.order)).toEqual(['PaymentStarted']);
  });

  it('a notification stored just before a crash (never applied) is applied from the log by the process manager', async () => {
    const { order, started } = await start('card');
    const body = JSON.stringify({
      id: `crash-${order}`,
      payment_id: started.payment_id,
      status: 'paid',
      amount: 12_990,
      currency: 'CZK',
      at: shop.time.clock().toISOString(),
    });
    await shop.events.append(
      `paymentnotice-crash${order}`,
      [
        {
          type: 'PaymentNotificationReceived',
          data: {
            provider: 'sandbox',
            notification_id: `crash-${order}`,
            order_number: order,
            payment_id: started.payment_id,
            status: 'paid',
            body,
            received_at: shop.time.clock().toISOString(),
          },
        },
      ],
      { actor: { userId: 'gateway:sandbox', role: 'system' }, market: 'cz' },
    );
    await expect.poll(() => ledger(order), { timeout: 30_000 }).toEqual(['PaymentStarted', 'PaymentSucceeded']);
  });

  it('a forged signature is a 401 problem and stores nothing; bad input everywhere is a 4xx problem, never a 500', async () => {
    const { order, started } = await start('card');
    const body = {
      id: `f-${order}`,
      payment_id: started.payment_id,
      status: 'paid',
      amount: 12_990,
      currency: 'CZK',
      at: shop.time.clock().toISOString(),
    };
    for (const forged of [
      await notify(body, { secret: 'not-the-gateway-secret' }),
      await notify(body, { signature: '' }),
      await notify(body, { signature: signBody(DEV_GATEWAY_SECRET, '{}') }),
    ]) {
      expect(forged.status).toBe(401);
      expect(forged.headers.get('content-type')).toMatch(/application\/problem\+json/);
    }
    expect(await ledger(order)).toEqual(['PaymentStarted']);
    expect((await notices()).some((notice) => notice.notification_id === `f-${order}`)).toBe(false);

    const browser = await new Browser(shop.base).open();
    const bad: [string, string, unknown][] = [
      ['GET', '/api/cart/payments', undefined],
      ['GET', '/api/cart/payments?delivery=teleport', undefined],
      ['GET', '/api/cart/payments?delivery=courier&x=1', undefined],
      ['GET', '/api/payments/sandbox/pay/nonsense', undefined],
      ['GET', '/api/payments/sandbox/pay/pay_9999999999_0123456789abcdef', undefined],
      ['GET', '/api/payments/sandbox/pay/nonsense/3ds', undefined],
      ['POST', `/api/payments/sandbox/pay/${started.payment_id}`, { decision: 'maybe' }],
      ['POST', `/api/payments/sandbox/pay/${started.payment_id}`, { decision: 'approve', extra: 1 }],
      ['POST', `/api/payments/sandbox/pay/${started.payment_id}/3ds`, { code: 1234 }],
      ['POST', `/api/payments/sandbox/pay/${started.payment_id}/3ds`, {}],
      ['POST', `/api/payments/sandbox/payments/${started.payment_id}/notifications`, { status: 'stolen' }],
      ['POST', `/api/payments/sandbox/payments/${started.payment_id}/notifications`, { status: 'paid', times: 1000 }],
      ['POST', '/api/payments/sandbox/bank-transfers', { variable_symbol: order, amount: -5 }],
      ['POST', '/api/payments/sandbox/bank-transfers', { variable_symbol: 'DROP TABLE', amount: 5 }],
      ['POST', '/api/payments/sandbox/bank-transfers', []],
      ['POST', '/api/payments/notifications/sandbox', { id: 'x' }],
      ['POST', '/api/payments/notifications/paypal', { id: 'x' }],
      ['GET', '/api/payments/googlepay/echo?payment_id=bad', undefined],
      ['POST', '/api/payments/googlepay/init', { payment_id: started.payment_id }],
      ['POST', '/api/payments/googlepay/init', { payment_id: 12 }],
      ['POST', '/api/payments/googlepay/process', { payment_id: started.payment_id }],
      ['POST', '/api/payments/applepay/process', { payment_id: started.payment_id, token: 'x' }],
      ['POST', '/api/payments/applepay/session', { validation_url: 'not a url' }],
      ['POST', '/api/payments/cardpay', { payment_id: 'pay_9999999999_0123456789abcdef' }],
      ['POST', '/api/payments/cardpay', { payment_id: started.payment_id, more: true }],
    ];
    const answers: string[] = [];
    for (const [method, path, body] of bad) {
      const answer = await browser.request(method, path, body === undefined ? {} : { body });
      const type = answer.headers.get('content-type') ?? '';
      if (answer.status < 400 || answer.status >= 500 || !type.includes('application/problem+json'))
        answers.push(`${method} ${path}: ${answer.status} ${type}`);
    }
    expect(answers).toEqual([]);
    // A raw notification with a bad body but a good signature: 400, and nothing applied.
    const garbage = await notify('not json at all');
    expect(garbage.status).toBe(400);
    const jsonBody = await notify(body, { contentType: 'application/json' });
    expect(jsonBody.status).toBe(415);
    expect(await ledger(order)).toEqual(['PaymentStarted']);
  });

  it('wallets answer spec 7’s shapes; a wallet the payment was not started with is unavailable', async () => {
    const { order, started } = await start('google_pay');
    expect(started.redirect_url).toBe(`/api/payments/sandbox/pay/${started.payment_id}`);
    const browser = await new Browser(shop.base, 'cs').open();
    expect((await browser.request('GET', `/api/payments/googlepay/echo?payment_id=${started.payment_id}`)).body).toMatchObject({
      available: true,
    });
    const apple = (await browser.request('GET', `/api/payments/applepay/echo?payment_id=${started.payment_id}`)).body;
    expect(apple).toMatchObject({ available: false });
    expect(apple.message).toContain('Zvolte prosím jiný způsob platby');
    expect(
      (await browser.request('POST', '/api/payments/googlepay/init', { body: { payment_id: started.payment_id } })).body,
    ).toMatchObject({
      amount: 12_990,
      currency: 'CZK',
      country: 'CZ',
    });
    const session = await browser.request('POST', '/api/payments/applepay/session', {
      body: { validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/startSession' },
    });
    expect(session.status).toBe(200);
    const processed = await browser.request('POST', '/api/payments/googlepay/process', {
      body: { payment_id: started.payment_id, token: 'tok_sandbox' },
    });
    expect(processed.body.redirect_url).toBe(RETURN_URL.replace('ORDER', order));
    expect(await ledger(order)).toEqual(['PaymentStarted', 'PaymentSucceeded']);
  });

  it('methods by delivery, quotes, cash on delivery and refunds through the port', async () => {
    const browser = await new Browser(shop.base, 'cs').open();
    const methods = await browser.request('GET', '/api/cart/payments?delivery=courier');
    expect(methods.status).toBe(200);
    expect(methods.body.payments).toContainEqual({
      code: 'cash_on_delivery',
      name: 'Dobírka',
      fee: 39,
      currency: 'CZK',
      available: true,
    });
    const electronic = (await browser.request('GET', '/api/cart/payments?delivery=electronic')).body.payments as {
      code: string;
      available: boolean;
    }[];
    expect(electronic.filter((method) => method.available).map((method) => method.code)).toEqual(['card', 'bank_transfer']);
    expect(await payments.quote({ method: 'cash_on_delivery', delivery: 'electronic', amount: 100, currency: 'CZK' })).toEqual({
      ok: false,
      code: 'payment.method_unavailable',
      field: 'payment',
    });
    expect(shop.modules.describe().find((module) => module.name === 'payments')).toBeDefined();
    void PAYMENTS_PORT;

    const cod: { order: string; started: StartedPayment } = await start('cash_on_delivery');
    expect(cod.started.redirect_url).toBeUndefined();
    // Nothing collected: a cancellation's refund does nothing.
    await payments.refund(cod.order, 'cancelled');
    expect(await ledger(cod.order)).toEqual(['PaymentStarted']);

    const { order, started } = await start('card');
    const buyer = await new Browser(shop.base).open();
    await buyer.request('POST', started.redirect_url!, { body: { decision: 'approve' } });
    await payments.refund(order, 'cancelled by the customer');
    await payments.refund(order, 'cancelled by the customer');
    expect(await ledger(order)).toEqual(['PaymentStarted', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefunded']);

    await expect(
      payments.start({
        order_number: '6999999999',
        method: 'card',
        amount: 1,
        currency: 'CZK',
        return_url: RETURN_URL,
        customer_email: 'x@gateway-error.test',
      }),
    ).rejects.toMatchObject({ status: 502, code: 'payment.gateway_error' });
  });
});
