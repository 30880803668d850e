import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@buyloop/kit';
import type { CaughtMail } from '@buyloop/mail';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { signedInStaff } from '../buy-back-testing';
import { orderStandIns, shopProduct } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const ORDERS = 'cart_orders';

const order = (email: string, payment: 'bank_transfer' | 'cash_on_delivery') => ({
  customer: { email, phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
  billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
  delivery: { method: 'pickup_point', place_id: 'P1' },
  payment: { method: payment },
  order_info: { consents: { terms: true, privacy: true } },
});

/** Whole crowns as the e-mails write them (`20 079 Kč`, the spaces no-break ones), as a pattern. */
const czk = (amount: number): string => `${String(amount).replace(/\B(?=(\d{3})+$)/g, '\\s')}\\sKč`;

describe.each(engines)('the order e-mails on %s', (engine) => {
  let shop: Shop;
  let staff: Browser;

  const mailsTo = (email: string): CaughtMail[] => shop.mail.messages().filter((mail) => mail.to.includes(email));
  const subjectsTo = (email: string): string[] => mailsTo(email).map((mail) => mail.subject);
  const mailTo = (email: string, subject: string) =>
    shop.mail.waitFor((mail) => mail.to.includes(email) && mail.subject === subject, 30_000);

  async function place(email: string, payment: 'bank_transfer' | 'cash_on_delivery') {
    const browser = await new Browser(shop.base, 'cs').open();
    const added = await browser.request('POST', '/api/cart/items', { body: { product: 'OM-PHONE', quantity: 1 } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const finished = await browser.request('POST', '/api/cart/finish', { body: order(email, payment) });
    expect(finished.status, JSON.stringify(finished.body)).toBe(201);
    return {
      number: finished.body.order_number as string,
      token: finished.body.token as string,
      total: finished.body.total as number,
      browser,
    };
  }

  const statusOf = async (number: string) =>
    (await shop.documents.get<{ status: string }>(await shop.projector.readCollection(ORDERS), number))?.status;

  async function staffAction(number: string, action: string, body: Record<string, unknown> = {}) {
    const answer = await staff.request('POST', `/api/admin/orders/${number}/${action}`, { body });
    expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
  }

  /** The payments context's notification that the order's bank transfer of 20 079 (the phone and the pickup point) came in. */
  async function bankTransferPaid(number: string): Promise<void> {
    const paid = {
      type: 'PaymentSucceeded',
      data: {
        order_number: number,
        payment_id: `pay-${number}`,
        method: 'bank_transfer',
        amount: 20_079,
        currency: 'CZK',
        at: shop.time.clock().toISOString(),
      },
    };
    await shop.events.append(`payment-${number}`, [paid], { actor: systemActor, market: 'cz' });
  }

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true, modules: [orderStandIns] });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await shopProduct(shop, 'OM-PHONE', {
      master: 'order-mails-master',
      longName: 'Telefon <Pro> & obal',
      price: 20_000,
      stock: 50,
    });
    staff = await signedInStaff(shop, 'order-mails@admin.buyloop.cz', 'Admin-Heslo-2026', ['customer_support']);
  }, 180_000);
  afterAll(async () => shop?.close(), 60_000);

  it('an order’s life: one confirmation with the status link, one per payment, shipment and withdrawal', async () => {
    const email = 'placed-paid@example.cz';
    const { number, token, total } = await place(email, 'bank_transfer');

    const confirmation = await mailTo(email, `Potvrzení objednávky č. ${number}`);
    const link = `https://shop.buyloop.invalid/objednavka/${number}?token=${token}`;
    // The status page's link with the token only the finish knew; whole crowns; the HTML escapes the product's name.
    expect(confirmation.text).toContain(link);
    expect(confirmation.html).toContain(`href="${link}"`);
    expect(confirmation.text).toContain('1× Telefon <Pro> & obal');
    expect(confirmation.text).toMatch(new RegExp(`Celkem: ${czk(total)}`));
    expect(confirmation.html).toContain('Telefon &lt;Pro&gt; &amp; obal');

    // The payments context's notification, sent twice (a duplicate): one payment e-mail.
    await bankTransferPaid(number);
    await bankTransferPaid(number);
    const payment = await mailTo(email, `Platba za objednávku č. ${number} přijata`);
    expect(payment.text).toMatch(new RegExp(`platbu ${czk(20_079)}`));
    expect(payment.text).toContain(link);
    await expect.poll(() => statusOf(number), { timeout: 30_000 }).toBe('confirmed');

    await staffAction(number, 'ship', { tracking_number: 'DR-12345' });
    const shipped = await mailTo(email, `Objednávka č. ${number} je na cestě`);
    expect(shipped.text).toContain('Číslo zásilky: DR-12345');

    await staffAction(number, 'deliver');
    await staffAction(number, 'withdraw', { reason: 'Nelíbí se mi' });
    const withdrawn = await mailTo(email, `Odstoupení od smlouvy k objednávce č. ${number} přijato`);
    expect(withdrawn.text).toContain('jakmile nám zboží dorazí zpět');

    // Every e-mail once (the duplicate payment, the runner's redeliveries); none for the delivery itself.
    expect(subjectsTo(email).sort()).toEqual(
      [
        `Objednávka č. ${number} je na cestě`,
        `Odstoupení od smlouvy k objednávce č. ${number} přijato`,
        `Platba za objednávku č. ${number} přijata`,
        `Potvrzení objednávky č. ${number}`,
      ].sort(),
    );
  }, 180_000);

  it('a cancelled order: the customer is told why, and that nothing paid is refunded', async () => {
    const email = 'cancelled@example.cz';
    const { number } = await place(email, 'cash_on_delivery');
    await mailTo(email, `Potvrzení objednávky č. ${number}`);
    await staffAction(number, 'cancel', { reason: 'Zboží došlo' });
    const cancelled = await mailTo(email, `Objednávka č. ${number} byla zrušena`);
    expect(cancelled.text).toContain('Důvod: Zboží došlo');
    expect(cancelled.text).toContain('nic tedy nevracíme');
    expect(cancelled.html).toContain('Důvod: Zboží došlo');
    expect(subjectsTo(email)).toEqual([`Potvrzení objednávky č. ${number}`, `Objednávka č. ${number} byla zrušena`]);
  }, 120_000);

  it('a paid order cancelled by the customer names the refund of what was paid', async () => {
    const email = 'refund@example.cz';
    const { number, token, browser } = await place(email, 'bank_transfer');
    await mailTo(email, `Potvrzení objednávky č. ${number}`);
    await bankTransferPaid(number);
    await mailTo(email, `Platba za objednávku č. ${number} přijata`);
    await expect.poll(() => statusOf(number), { timeout: 30_000 }).toBe('confirmed');
    const cancelled = await browser.request('POST', `/api/orders/${number}/cancel?token=${token}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const mail = await mailTo(email, `Objednávka č. ${number} byla zrušena`);
    expect(mail.text).toMatch(new RegExp(`Zaplacenou částku ${czk(20_079)} Vám vrátíme`));
    expect(mail.text).not.toContain('Důvod');
  }, 120_000);
});
