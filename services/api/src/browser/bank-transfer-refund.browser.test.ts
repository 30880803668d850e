import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser as Chromium, Page } from 'playwright-core';
import { Browser, type Shop } from '../identity/harness';
import { hydrated, launchChromium, snapshot } from './browser-harness';
import {
  continueToCheckout,
  fillStorePickupCheckout,
  firstPhoneInStock,
  newCzechPage,
  openDemoShop,
  productIntoCart,
  READY,
  type ListedPhone,
} from './storefront-steps';
/** A shared, loaded machine: the process managers and the live stream get time, never a timing claim. */
const LIVE = { timeout: 60_000, intervals: [250, 500, 1_000] };

interface OrderAnswer {
  status: string;
  totals: { total: number };
  items: { product: string }[];
  payment: { status: string; paid_at?: string; refunded_at?: string; refunded_amount?: number };
  packages?: {
    id: string;
    location: string;
    items: { product: string; quantity: number }[];
    delivery_method: string;
    status: string;
  }[];
  timeline: { status: string }[];
}

/**
 * Issue 15's journeys (c) and (d) in real Chromium over the demo catalogue:
 * a bank transfer shown with its QR code and paid later by the sandbox bank's
 * notification sent twice, with a late "pending" after it, the order page
 * turning to paid live and staying so, one PaymentSucceeded in the ledger and
 * the order split into packages; and a card order paid in the sandbox,
 * cancelled by its customer before shipping, its money refunded and the page
 * saying so live; and a card payment made after its order was cancelled,
 * given back.
 */
describe('bank transfer paid by late notifications, and cancelling with a refund', () => {
  let shop: Shop;
  let chromium: Chromium;
  let phone: ListedPhone;
  let staff: Browser;

  beforeAll(async () => {
    shop = await openDemoShop();
    phone = await firstPhoneInStock(shop);
    // The first server render loads the storefront's bundle: done here, not inside a journey's navigation timeout.
    expect((await fetch(`${shop.base}/produkt/${phone.seo_name}`)).status).toBe(200);
    const account = await shop.identity.service.createAccount(
      { email: 'platby@buyloop.cz', password: 'Platby-Heslo-1', roles: ['customer_support'], kind: 'staff' },
      { actor: { userId: 'test', role: 'system' } },
      'test',
      { trustedOperator: true },
    );
    staff = new Browser(shop.base);
    expect((await staff.logIn(account.email, 'Platby-Heslo-1')).status).toBe(200);
    chromium = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await chromium?.close();
    await shop?.close();
  }, 120_000);

  const newPage = () => newCzechPage(chromium, 1366, 180_000);

  /** The phone in the cart, the checkout filled with store pickup and `payment`, sent. */
  async function checkOut(page: Page, payment: 'bank_transfer' | 'card'): Promise<void> {
    await productIntoCart(page, shop, phone.seo_name);
    await continueToCheckout(page);
    await fillStorePickupCheckout(
      page,
      {
        email: 'petr.svoboda@example.cz',
        phone: '+420 608 111 222',
        firstName: 'Petr',
        lastName: 'Svoboda',
        street: 'Nádražní 5',
        city: 'Brno',
        zip: '602 00',
      },
      payment,
    );
    await page.getByTestId('checkout-submit').click();
  }

  /** The order's number and status token, from the status page's address. */
  const orderOf = (page: Page) => {
    const url = new URL(page.url());
    return { number: /\/objednavka\/(\d{10})/.exec(url.pathname)?.[1] ?? '', token: url.searchParams.get('token') ?? '' };
  };
  const orderAnswer = async (number: string, token: string): Promise<OrderAnswer> =>
    (await (await fetch(`${shop.base}/api/orders/${number}?token=${token}`)).json()) as OrderAnswer;
  const ledger = async (number: string) => (await shop.events.readStream(`payment-${number}`)).map((event) => event.type);
  const paymentStatus = (page: Page) => page.getByTestId('order-payment-status').textContent();

  it('(c) shows the QR code, and a paid notification sent twice with a late pending after it pays the order once, live', async () => {
    const { context, page } = await newPage();
    await checkOut(page, 'bank_transfer');
    await page.waitForURL(/\/objednavka\/\d{10}\?token=/, READY);
    await page.getByTestId('order-page').waitFor();
    await hydrated(page);
    const { number, token } = orderOf(page);
    expect(await page.getByTestId('order-status').textContent()).toBe('Čeká na platbu');
    expect(await paymentStatus(page)).toBe('Nezaplaceno');
    const qr = page.getByTestId('order-qr');
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect((await page.getByTestId('order-vs').textContent())?.trim()).toBe(number);
    await snapshot(page, 'bank-transfer', 'awaiting');

    const total = (await orderAnswer(number, token)).totals.total;
    const gateway = await new Browser(shop.base).open();
    // The bank's "paid", delivered twice under one id (a gateway retrying): stored once, applied once.
    const paid = await gateway.request('POST', '/api/payments/sandbox/bank-transfers', {
      body: { variable_symbol: number, amount: total, notification_id: `bank-${number}`, times: 2 },
    });
    expect(paid.status).toBe(200);
    expect((paid.body.sent as { status: number }[]).map((sent) => sent.status)).toEqual([200, 200]);

    // The page turns paid by itself: no reload, the order's live stream (or its polling fallback) brings it.
    await expect.poll(() => page.getByTestId('order-status').textContent(), LIVE).toBe('Potvrzena');
    await expect.poll(() => paymentStatus(page), LIVE).toMatch(/^Zaplaceno/);
    expect(await page.getByTestId('order-qr').count()).toBe(0);

    // Out of order: the gateway's "pending" arrives after "paid", then the "paid" once more.
    const paymentId = ((await shop.events.readStream(`payment-${number}`))[0]!.data as { payment_id: string }).payment_id;
    const late = await gateway.request('POST', `/api/payments/sandbox/payments/${paymentId}/notifications`, {
      body: { status: 'pending' },
    });
    expect(late.status).toBe(200);
    const again = await gateway.request('POST', '/api/payments/sandbox/bank-transfers', {
      body: { variable_symbol: number, amount: total, notification_id: `bank-${number}` },
    });
    expect(again.status).toBe(200);

    // The ledger saw two notifications (the repeats stored once), stayed paid, and has one PaymentSucceeded.
    await expect.poll(async () => (await staff.request('GET', `/api/admin/payments/${number}`)).body.notifications, LIVE).toBe(2);
    const shown = (await staff.request('GET', `/api/admin/payments/${number}`)).body;
    expect(shown).toMatchObject({ status: 'paid', amount: total, method: 'bank_transfer' });
    expect((await ledger(number)).filter((type) => type === 'PaymentSucceeded')).toHaveLength(1);
    expect(await ledger(number)).toEqual(['PaymentStarted', 'PaymentSucceeded']);

    // Confirmed, the order is split into packages: the phone leaves from where its reservation holds it, for the store.
    await expect.poll(async () => (await orderAnswer(number, token)).packages?.length ?? 0, LIVE).toBeGreaterThan(0);
    const order = await orderAnswer(number, token);
    expect(order.packages).toEqual([
      {
        id: `${number}-1`,
        location: expect.any(String),
        items: [expect.objectContaining({ product: order.items[0]!.product, quantity: 1 })],
        delivery_method: 'store_pickup',
        status: 'preparing',
      },
    ]);
    expect(order.timeline.map((entry) => entry.status)).toEqual(['placed', 'paid', 'confirmed', 'split']);

    // Still paid on the page after the late notifications.
    expect(await page.getByTestId('order-status').textContent()).toBe('Potvrzena');
    expect(await paymentStatus(page)).toMatch(/^Zaplaceno/);
    await snapshot(page, 'bank-transfer', 'paid');
    await context.close();
  }, 480_000);

  it('(d) a card order paid in the sandbox and cancelled by its customer before shipping is refunded, live', async () => {
    const { context, page } = await newPage();
    await checkOut(page, 'card');
    // The sandbox gateway's page, then back on the order's status page.
    await page.waitForURL(/\/api\/payments\/sandbox\/pay\//, READY);
    await page.getByRole('button', { name: 'Zaplatit', exact: true }).click();
    await page.waitForURL(/\/objednavka\/\d{10}\?token=/, READY);
    await page.getByTestId('order-page').waitFor();
    await hydrated(page);
    const { number, token } = orderOf(page);
    await expect.poll(() => page.getByTestId('order-status').textContent(), LIVE).toBe('Potvrzena');
    await expect.poll(() => paymentStatus(page), LIVE).toMatch(/^Zaplaceno/);

    await page.getByTestId('order-cancel').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-yes').click();
    await expect.poll(() => page.getByTestId('order-status').textContent(), LIVE).toBe('Zrušena');
    // The gateway confirms the refund after the cancellation; the page learns it by itself.
    await expect.poll(() => paymentStatus(page), LIVE).toMatch(/^Vráceno/);
    expect(await page.getByTestId('order-cancel').count()).toBe(0);
    expect(await page.getByTestId('order-timeline').textContent()).toContain('Peníze vráceny');
    await snapshot(page, 'refund', 'refunded');

    const order = await orderAnswer(number, token);
    expect(order).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', refunded_amount: order.totals.total, refunded_at: expect.any(String) },
    });
    expect(order.timeline.map((entry) => entry.status).slice(-2)).toEqual(['cancelled', 'refunded']);
    expect(await ledger(number)).toEqual(['PaymentStarted', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefunded']);
    expect((await staff.request('GET', `/api/admin/payments/${number}`)).body).toMatchObject({ status: 'refunded' });
    // The order's own history ends with the money back, once.
    const history = (await shop.events.readStream(`order-${number}`)).map((event) => event.type);
    expect(history.filter((type) => type === 'OrderRefunded')).toHaveLength(1);
    await context.close();
  }, 480_000);

  it('gives back a card payment that lands after its order was cancelled', async () => {
    const { context, page } = await newPage();
    await checkOut(page, 'card');
    await page.waitForURL(/\/api\/payments\/sandbox\/pay\//, READY);
    const number = /pay_(\d{10})_/.exec(page.url())?.[1] ?? '';
    // The status page's address as the payment keeps it (the finish answered it to the buyer's browser).
    const started = (await shop.events.readStream(`payment-${number}`))[0]!.data as { return_url: string };
    const token = new URL(started.return_url, shop.base).searchParams.get('token') ?? '';
    // Cancelled from another tab while the gateway's page is still open: nothing was collected yet.
    const customer = await new Browser(shop.base).open();
    expect((await customer.request('POST', `/api/orders/${number}/cancel?token=${token}`, { body: {} })).status).toBe(200);
    expect(await ledger(number)).toEqual(['PaymentStarted']);

    await page.getByRole('button', { name: 'Zaplatit', exact: true }).click();
    await page.waitForURL(/\/objednavka\/\d{10}\?token=/, READY);
    await page.getByTestId('order-page').waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('Zrušena');
    await expect.poll(() => paymentStatus(page), LIVE).toMatch(/^Vráceno/);
    await expect
      .poll(() => ledger(number), LIVE)
      .toEqual(['PaymentStarted', 'PaymentSucceeded', 'PaymentRefundRequested', 'PaymentRefunded']);
    expect((await orderAnswer(number, token)).payment).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    await context.close();
  }, 480_000);
});
