import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRole } from '@buyloop/contracts';
import { cookieHeader, czechSale, publishTestCatalogue, signedInStaff, statusLinkIn } from './buy-back-testing';
import { Browser, openShop, type Shop } from './identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const PASSWORD = 'Journey-Heslo-2026';

describe.each(engines)('a buy-back from sale to payout over HTTP on %s', (engine) => {
  let shop: Shop;
  const staff = new Map<AccountRole, Browser>();

  beforeAll(async () => {
    shop = await openShop(engine);
    await publishTestCatalogue(shop);
    for (const role of ['buyback_technician', 'finance'] as const)
      staff.set(role, await signedInStaff(shop, `${role}@journey.buyloop.cz`, PASSWORD, [role]));
  });
  afterAll(async () => shop?.close());

  const submittedCount = async () => (await shop.events.readAll({ limit: 10_000 })).filter((e) => e.type === 'Submitted').length;

  it('sell online → receive → inspect at a lower quality → revised offer → accept → payout → paid, with the e-mails in the catcher', async () => {
    const customer = await new Browser(shop.base, 'cs').open();
    const key = { 'idempotency-key': `journey-${engine}-0001` };

    // A wrong bank code and an alternative pickup address without its street: both answered at once, under their fields.
    const wrong = czechSale();
    wrong.customer_data.bank_code = '0000';
    wrong.pickup_address = { district: null, street: '', city: 'Brno', postcode: '602 00', country: 'CZ' };
    const refused = await customer.request('POST', '/api/buyout/sell-online', { body: wrong, headers: key });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.errors).toMatchObject({
      'customer_data.bank_code': ['validation.bank_code_invalid'],
      'pickup_address.street': ['validation.required'],
    });
    expect((refused.body.messages as Record<string, string[]>)['pickup_address.street']![0]).toMatch(/povinn/i);
    expect(await submittedCount()).toBe(0);

    // Fixed, with a new key: sold. The same request again with that key is the same buy-back.
    const sale = czechSale();
    const sold = await customer.request('POST', '/api/buyout/sell-online', { body: sale, headers: key });
    expect(sold.status).toBe(201);
    const number = sold.body.buyout_number as string;
    expect(number).toMatch(/^\d{12}$/);
    // The thank-you page's address carries the seller's token, as their e-mail's status link does.
    expect(sold.headers.get('location')).toMatch(new RegExp(`^/vykup/dekujeme\\?number=${number}&token=[A-Za-z0-9_-]+$`));
    const again = await customer.request('POST', '/api/buyout/sell-online', { body: sale, headers: key });
    expect(again).toMatchObject({ status: 201, body: { buyout_number: number } });
    expect(await submittedCount()).toBe(1);
    const otherBody = await customer.request('POST', '/api/buyout/sell-online', {
      body: { ...sale, buyout_device: { ...sale.buyout_device, note: 'jiná poznámka' } },
      headers: key,
    });
    expect(otherBody).toMatchObject({ status: 422, body: { code: 'request.idempotency_key_reused' } });

    // The confirmation e-mail carries the status link with the personal token.
    const confirmation = await shop.mail.waitFor(
      (m) => m.to.includes('jiri.dvorak@example.cz') && m.text.includes(number),
      10_000,
    );
    const { token } = statusLinkIn(confirmation.text, number);

    // Without the token (or with a wrong one) the buy-back does not exist; nothing personal leaks.
    for (const path of [`/api/buyout/${number}`, `/api/buyout/${number}?token=wrong-token`]) {
      const hidden = await customer.request('GET', path);
      expect(hidden.status).toBe(404);
      expect(JSON.stringify(hidden.body)).not.toMatch(/Dvořák|850315|example\.cz/);
    }
    const status = await customer.request('GET', `/api/buyout/${number}?token=${encodeURIComponent(token)}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      buyout_number: number,
      status: 'submitted',
      product_model_choice: { value: 'apple-iphone-13' },
      product_color_choice: { value: 'apple-iphone-13-blue', image_alt: 'iPhone 13 Blue' },
      conditions_appraisal_result: { quality: 'B', price: 8_800 },
      version: 3,
      customer_data: { first_name: 'Jiří', last_name: 'Dvořák', e_mail: 'jiri.dvorak@example.cz' },
    });
    // The birth number and the account are shortened on a page a forwarded link could open, and the birth date
    // (which with the end of a birth number gives the whole number) is not there at all.
    expect(status.body.customer_data).not.toHaveProperty('birth_date');
    expect(
      (status.body.customer_data as { personal_identification_number: string }).personal_identification_number,
    ).not.toContain('850315');

    // The technician receives and inspects it; every change carries the version seen.
    const technician = staff.get('buyback_technician')!;
    const detail = await technician.request('GET', `/api/admin/buybacks/${number}`);
    expect(detail.status).toBe(200);
    expect(detail.body.available_actions).toEqual(expect.arrayContaining(['receive', 'cancel']));
    const etag = detail.headers.get('etag')!;
    expect((await technician.request('POST', `/api/admin/buybacks/${number}/receive`, { body: { where: 'Praha' } })).status).toBe(
      428,
    );
    const received = await technician.request('POST', `/api/admin/buybacks/${number}/receive`, {
      body: { where: 'Výkupní centrum Praha' },
      headers: { 'if-match': etag },
    });
    expect(received).toMatchObject({ status: 200, body: { status: 'received' } });
    const stale = await technician.request('POST', `/api/admin/buybacks/${number}/inspect`, {
      body: { imei: '490154203237518', quality_found: 'C', findings: [] },
      headers: { 'if-match': etag },
    });
    expect(stale).toMatchObject({ status: 412, body: { code: 'concurrency.conflict' } });

    const inspected = await technician.request('POST', `/api/admin/buybacks/${number}/inspect`, {
      body: {
        imei: '49-015420-323751-8',
        quality_found: 'C',
        findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo v rohu' }],
      },
      headers: { 'if-match': received.headers.get('etag')! },
    });
    expect(inspected).toMatchObject({ status: 200, body: { status: 'inspected' } });

    const revised = await technician.request('POST', `/api/admin/buybacks/${number}/revise-offer`, {
      body: { price: 6_400, reasons: [{ question_id: 'display', reason: 'Prasklé sklo displeje' }] },
      headers: { 'if-match': inspected.headers.get('etag')! },
    });
    expect(revised).toMatchObject({ status: 200, body: { status: 'revised' } });
    const revisedMail = await shop.mail.waitFor(
      (m) => m.text.includes(number) && m.text.includes('Prasklé sklo displeje'),
      10_000,
    );
    expect(revisedMail.to).toEqual(['jiri.dvorak@example.cz']);

    // The customer sees why and accepts with the token from the e-mail.
    const offered = await customer.request('GET', `/api/buyout/${number}?token=${encodeURIComponent(token)}`);
    expect(offered.body).toMatchObject({
      status: 'revised',
      can_accept_revised_offer: true,
      revised_offer: { previous_price: 8_800, price: 6_400, reasons: ['Prasklé sklo displeje'] },
    });
    expect((await customer.request('POST', `/api/buyout/${number}/accept-revised-offer`, { body: {} })).status).toBe(404);
    const accepted = await customer.request('POST', `/api/buyout/${number}/accept-revised-offer`, { body: { token } });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'approved' } });

    // Finance orders the payout of the accepted price and confirms the bank's transfer.
    const finance = staff.get('finance')!;
    const approved = await finance.request('GET', `/api/admin/buybacks/${number}`);
    expect(approved.body).toMatchObject({ status: 'approved', current_price: 6_400, available_actions: ['order-payout'] });
    const ordered = await finance.request('POST', `/api/admin/buybacks/${number}/order-payout`, {
      body: {},
      headers: { 'if-match': approved.headers.get('etag')! },
    });
    expect(ordered).toMatchObject({ status: 200, body: { status: 'payout_ordered' } });
    const paid = await finance.request('POST', `/api/admin/buybacks/${number}/confirm-payout`, {
      body: { payment_reference: 'KB-2026-000123' },
      headers: { 'if-match': ordered.headers.get('etag')! },
    });
    expect(paid).toMatchObject({ status: 200, body: { status: 'paid' } });
    const payoutMail = await shop.mail.waitFor((m) => m.text.includes(number) && m.text.includes('KB-2026-000123'), 10_000);
    expect(payoutMail.text).toMatch(/6\s400\sKč/);

    const final = await customer.request('GET', `/api/buyout/${number}?token=${encodeURIComponent(token)}`);
    expect(final.body).toMatchObject({ status: 'paid', price: 6_400 });
    const steps = (final.body.timeline as { type: string; title: string }[]).map((entry) => entry.type);
    expect(steps).toEqual([
      'Submitted',
      'DeviceReceived',
      'DeviceInspected',
      'OfferRevised',
      'RevisedOfferAccepted',
      'PayoutOrdered',
      'Paid',
    ]);

    // The back office's detail names who did each step.
    const history = await finance.request('GET', `/api/admin/buybacks/${number}`);
    const timeline = history.body.timeline as { type: string; actor: { role: string } }[];
    expect(timeline.find((entry) => entry.type === 'DeviceInspected')?.actor.role).toBe('buyback_technician');
    expect(timeline.find((entry) => entry.type === 'Paid')?.actor.role).toBe('finance');
    expect(history.body.customer_data).toMatchObject({ personal_identification_number: '8503151239', last_name: 'Dvořák' });

    // The grid finds it by status and shows the seller's name and city.
    const grid = await finance.request('POST', '/api/admin/buybacks/query', {
      body: { startRow: 0, endRow: 50, sortModel: [], filterModel: { status: { filterType: 'set', values: ['paid'] } } },
    });
    expect(grid.status).toBe(200);
    expect(grid.body.lastRow).toBe(1);
    expect((grid.body.rows as unknown[])[0]).toMatchObject({
      buyout_number: number,
      customer_name: 'Jiří Dvořák',
      customer_city: 'Praha',
      declared_quality: 'B',
      inspected_quality: 'C',
      final_price: 6_400,
    });

    // The same grid as a query string, and as CSV for a spreadsheet.
    const filter = encodeURIComponent(JSON.stringify({ status: { filterType: 'set', values: ['paid'] } }));
    const viaGet = await finance.request('GET', `/api/admin/buybacks?startRow=0&endRow=10&filterModel=${filter}`);
    expect(viaGet.body).toMatchObject({ lastRow: 1, rows: [{ buyout_number: number }] });
    expect((await finance.request('GET', '/api/admin/buybacks?sortModel=%5Bnot-json')).body.errors).toEqual({
      sortModel: ['request.malformed_json'],
    });
    const csv = await fetch(`${shop.base}/api/admin/buybacks.csv?filterModel=${filter}`, {
      headers: { cookie: cookieHeader(finance) },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const csvLines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csvLines[0]).toMatch(/^buyout_number;created_at;status;/);
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]).toContain(`${number};`);
    expect(csvLines[1]).toContain('Jiří Dvořák');

    // Counts per status per day: this sale entered each status today (the test clock's day).
    const stats = await finance.request('GET', '/api/admin/buybacks/stats/daily?from=2026-11-22&to=2026-11-22');
    expect(stats.body.days).toEqual([
      {
        day: '2026-11-22',
        counts: expect.objectContaining({ submitted: 1, received: 1, revised: 1, approved: 1, payout_ordered: 1, paid: 1 }),
      },
    ]);

    // Rebuilding the read models replays every event and sends no e-mail again.
    const mailsBefore = shop.mail.messages().length;
    await shop.projector.rebuild('buybacks');
    const rebuilt = await finance.request('GET', `/api/admin/buybacks/${number}`);
    expect(rebuilt.body).toMatchObject({ status: 'paid', stream_version: history.body.stream_version });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shop.mail.messages()).toHaveLength(mailsBefore);

    // The purchase contract, for the customer with the token.
    const contract = await fetch(`${shop.base}/api/buyout/${number}/contract.pdf?token=${encodeURIComponent(token)}`);
    expect(contract.status).toBe(200);
    expect(contract.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await contract.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // A day after the payment the scheduler completes it, once.
    expect((await shop.buyBack.scheduler.tick()).completed).toEqual([]);
    shop.time.advance(24 * 60 * 60 * 1000 + 60_000);
    expect((await shop.buyBack.scheduler.tick()).completed).toEqual([number]);
    expect((await shop.buyBack.scheduler.tick()).completed).toEqual([]);
    expect((await shop.buyBack.service.state(number)).state.status).toBe('completed');
  });
});
