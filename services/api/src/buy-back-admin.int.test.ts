import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRole } from '@buyloop/contracts';
import { cookieHeader, czechSale, publishTestCatalogue, signedInStaff, statusLinkIn } from './buy-back-testing';
import { Browser, openShop, type Shop } from './identity/harness';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Admin-Heslo-2026';
const DAY_MS = 86_400_000;

describe.each(engines)('buy-back branches, back office and personal data over HTTP on %s', (engine) => {
  let shop: Shop;
  const staff = new Map<AccountRole, Browser>();

  beforeAll(async () => {
    shop = await openShop(engine);
    await publishTestCatalogue(shop);
    for (const role of ['buyback_technician', 'finance', 'supervisor', 'administrator'] as const)
      staff.set(role, await signedInStaff(shop, `${role}@admin.buyloop.cz`, PASSWORD, [role]));
  });
  afterAll(async () => shop?.close());

  /** Sells the iPhone and returns its number, the token from the e-mail, and the customer's browser. */
  async function sell(change: (sale: ReturnType<typeof czechSale>) => void = () => undefined) {
    const customer = await new Browser(shop.base, 'cs').open();
    const sale = czechSale();
    // Another test may have published a newer price list: sell on the one in force, as the page would.
    const appraisal = await customer.request('GET', '/api/buyout/appraisal?color=apple-iphone-13-blue');
    sale.appraisal_version = (appraisal.body.appraisal as { version: number }).version;
    change(sale);
    const sold = await customer.request('POST', '/api/buyout/sell-online', { body: sale });
    expect(sold.status).toBe(201);
    const number = sold.body.buyout_number as string;
    const mail = await shop.mail.waitFor((m) => m.text.includes(`/vykup/stav/${number}?`), 10_000);
    return { number, token: statusLinkIn(mail.text, number).token, customer };
  }

  /** A staff action on the version the staff member just read. */
  async function act(role: AccountRole, number: string, action: string, body: unknown = {}) {
    const browser = staff.get(role)!;
    const detail = await browser.request('GET', `/api/admin/buybacks/${number}`);
    return browser.request('POST', `/api/admin/buybacks/${number}/${action}`, {
      body,
      headers: { 'if-match': detail.headers.get('etag')! },
    });
  }

  it('sends the offer to an e-mail address: 201 with the number and whether the e-mail went out, the link reopening it', async () => {
    const customer = await new Browser(shop.base, 'cs').open();
    const sent = await customer.request('POST', '/api/buyout/send-to-email', {
      body: {
        e_mail: 'Eva.Novakova@Example.cz',
        device_identifier: 'apple-iphone-13-midnight',
        appraisal_version: 3,
        device_condition_choices: ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_no'],
        note: 'Prodám i s krabičkou',
      },
    });
    expect(sent).toMatchObject({ status: 201, body: { email_sent: true } });
    const number = sent.body.buyout_number as string;
    const mail = await shop.mail.waitFor((m) => m.to.includes('eva.novakova@example.cz'), 10_000);
    expect(mail.text).toContain(`https://shop.buyloop.invalid/vykup/nabidka/${number}?token=`);
    expect(mail.text).toContain('iPhone 13 128 GB, Midnight');

    const bad = await customer.request('POST', '/api/buyout/send-to-email', {
      body: {
        e_mail: 'not-an-address',
        device_identifier: 'apple-iphone-13-midnight',
        appraisal_version: 3,
        device_condition_choices: [],
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object)).toContain('e_mail');
  });

  it('e-mails a handful of offers an hour to one address, then refuses with 429 and Retry-After', async () => {
    const customer = await new Browser(shop.base, 'cs').open();
    const send = () =>
      customer.request('POST', '/api/buyout/send-to-email', {
        body: {
          e_mail: 'flooded@example.cz',
          device_identifier: 'apple-iphone-13-midnight',
          appraisal_version: 3,
          device_condition_choices: ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_no'],
        },
      });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused).toMatchObject({ status: 429, body: { code: 'request.rate_limited' } });
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('refuses unknown fields at every level and a price list the customer no longer sees, with nothing written', async () => {
    const before = (await shop.events.readAll({ limit: 10_000 })).length;
    const customer = await new Browser(shop.base, 'ro').open();
    const sale = czechSale() as Record<string, unknown>;
    const unknown = await customer.request('POST', '/api/buyout/sell-online', {
      body: { ...sale, price: 1, customer_data: { ...(sale.customer_data as object), shoe_size: 44 } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toMatchObject({
      price: ['validation.unknown_field'],
      'customer_data.shoe_size': ['validation.unknown_field'],
    });
    // Asked in Romanian, answered in Romanian.
    expect(unknown.headers.get('content-language')).toBe('ro');
    const stale = await customer.request('POST', '/api/buyout/sell-online', { body: { ...sale, appraisal_version: 2 } });
    expect(stale).toMatchObject({
      status: 409,
      body: { code: 'buyback.price_list_changed', params: { current_version: 3, current_price: 8_800 } },
    });
    const malformed = await fetch(`${shop.base}/api/buyout/sell-online`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `buyloop_csrf=x`, 'x-csrf-token': 'x' },
      body: '{"customer_data": [',
    });
    expect(malformed.status).toBe(400);
    expect((await shop.events.readAll({ limit: 10_000 })).length).toBe(before);
  });

  it('a device whose IMEI is blacklisted or differs is quarantined at inspection, then released or reported', async () => {
    const listed = await staff.get('buyback_technician')!.request('POST', '/api/admin/imei-blacklist', {
      body: { imei: '490154203237518', reason: 'Nahlášeno jako odcizené', source: 'police' },
    });
    expect(listed.status).toBe(201);
    // A field message never shows a placeholder it was not given a value for.
    const tooLong = await staff.get('buyback_technician')!.request('POST', '/api/admin/imei-blacklist', {
      body: { imei: '490154203237518', reason: 'x'.repeat(501), source: 'police' },
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body.messages)).not.toContain('{{');
    const { number } = await sell();
    await act('buyback_technician', number, 'receive', { where: 'Praha' });
    const inspected = await act('buyback_technician', number, 'inspect', {
      imei: '490154203237518',
      quality_found: 'B',
      findings: [],
    });
    expect(inspected).toMatchObject({ status: 200, body: { status: 'quarantined', events: ['DeviceInspected', 'Quarantined'] } });
    expect((await act('buyback_technician', number, 'approve')).status).toBe(409);
    const reported = await act('buyback_technician', number, 'report-quarantine', {
      authority: 'Policie ČR',
      reference: 'KRPA-1',
    });
    expect(reported).toMatchObject({ status: 200, body: { status: 'reported' } });
    const list = await staff.get('finance')!.request('GET', '/api/admin/imei-blacklist?listed=true');
    expect(list.body.items).toEqual([expect.objectContaining({ imei: '490154203237518', listed: true, source: 'police' })]);
    await staff
      .get('buyback_technician')!
      .request('POST', '/api/admin/imei-blacklist/490154203237518/clear', { body: { reason: 'Vráceno majiteli' } });
  });

  it('a payout above the configured amount needs a supervisor’s granted check for that buy-back', async () => {
    // 30 000 Kč for a perfect phone on an edited price list, above the 20 000 Kč limit.
    const administrator = staff.get('administrator')!;
    const current = await administrator.request('GET', '/api/admin/buyout/price-lists/apple-iphone-13');
    const edited = await administrator.request('PUT', '/api/admin/buyout/price-lists/apple-iphone-13', {
      body: { ...current.body, version: 4, prices: { 'A+': 30_000, A: 25_000, B: 20_000, C: 10_000, D: 5_000 } },
    });
    expect(edited).toMatchObject({ status: 200, body: { published: true, version: 4 } });
    const { number } = await sell((sale) => {
      sale.appraisal_version = 4;
      sale.device_condition_choices = ['display_perfect', 'body_like_new', 'functions_all', 'battery_good', 'charger_yes'];
    });
    await act('buyback_technician', number, 'receive', { where: 'Praha' });
    await act('buyback_technician', number, 'inspect', { imei: '490154203237518', quality_found: 'A+', findings: [] });
    await act('buyback_technician', number, 'approve');

    const unchecked = await act('finance', number, 'order-payout', { approval_id: null });
    expect(unchecked).toMatchObject({ status: 409, body: { code: 'buyback.payout_approval_required' } });

    const finance = staff.get('finance')!;
    const asked = await finance.request('POST', '/api/admin/approvals', {
      body: { action: 'payout', subject: number, amount: 30_200, currency: 'CZK', reason: 'Výplata nad limit' },
    });
    const approvalId = asked.body.approval_id as string;
    const pending = await act('finance', number, 'order-payout', { approval_id: approvalId });
    expect(pending).toMatchObject({ status: 400, body: { errors: { approval_id: ['buyback.payout_approval_invalid'] } } });
    expect(
      (
        await staff
          .get('supervisor')!
          .request('POST', `/api/admin/approvals/${approvalId}/decision`, { body: { decision: 'grant', note: 'OK' } })
      ).status,
    ).toBe(200);
    const ordered = await act('finance', number, 'order-payout', { approval_id: approvalId });
    expect(ordered).toMatchObject({ status: 200, body: { status: 'payout_ordered' } });
    // The edit is a new version in the price list's history, next to the first publication.
    const history = await finance.request('GET', '/api/admin/buyout/price-list-history?model=apple-iphone-13');
    expect(
      (history.body.publications as { source: string; changed: { version: number }[] }[]).map((p) => [
        p.source,
        p.changed[0]!.version,
      ]),
    ).toEqual([
      ['edit', 4],
      ['demo', 3],
    ]);
    const detail = await finance.request('GET', `/api/admin/buybacks/${number}`);
    expect(detail.body.payout).toMatchObject({ amount: 30_200, approval: { approval_id: approvalId } });
  });

  it('the customer cancels before the device arrives, not after', async () => {
    const first = await sell();
    const cancelled = await first.customer.request('POST', `/api/buyout/${first.number}/cancel`, {
      body: { token: first.token },
    });
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled' } });
    const second = await sell();
    await act('buyback_technician', second.number, 'receive', { where: 'Praha' });
    const late = await second.customer.request('POST', `/api/buyout/${second.number}/cancel`, { body: { token: second.token } });
    expect(late).toMatchObject({ status: 409, body: { code: 'buyback.cancel_after_receipt' } });
  });

  it('erasing the seller forgets their data on the status page, the grid and the contract, while the history stays', async () => {
    const { number, token, customer } = await sell();
    await act('buyback_technician', number, 'receive', { where: 'Praha' });
    const administrator = staff.get('administrator')!;
    expect(
      (await staff.get('finance')!.request('POST', `/api/admin/buybacks/${number}/erase-personal-data`, { body: {} })).status,
    ).toBe(403);
    // A body that is not JSON is refused, never read as an empty one.
    const garbled = await fetch(`${shop.base}/api/admin/buybacks/${number}/erase-personal-data`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        cookie: cookieHeader(administrator),
        'x-csrf-token': administrator.cookies.get('buyloop_csrf')!,
      },
      body: 'erase everything',
    });
    expect(garbled.status).toBe(415);
    const erased = await administrator.request('POST', `/api/admin/buybacks/${number}/erase-personal-data`, { body: {} });
    expect(erased).toMatchObject({ status: 200, body: { erased_buybacks: [number] } });

    const status = await customer.request('GET', `/api/buyout/${number}?token=${encodeURIComponent(token)}`);
    expect(status.body).toMatchObject({ status: 'received', customer_data: null, personal_data_erased: true });
    const detail = await administrator.request('GET', `/api/admin/buybacks/${number}`);
    expect(detail.body).toMatchObject({
      customer_data: null,
      personal_data_erased: true,
      device_label: 'iPhone 13 128 GB, Blue',
    });
    expect((detail.body.timeline as { type: string }[]).map((e) => e.type)).toEqual([
      'Submitted',
      'DeviceReceived',
      'PersonalDataErased',
    ]);
    const grid = await administrator.request('POST', '/api/admin/buybacks/query', {
      body: { startRow: 0, endRow: 10, sortModel: [], filterModel: {}, quick: number },
    });
    expect((grid.body.rows as unknown[])[0]).toMatchObject({
      buyout_number: number,
      customer_name: null,
      personal_data_erased: true,
    });
    // The events still hold the sealed data, and nothing in the log reads as the person any more.
    const stream = await shop.events.readStream(`buyback-${number}`);
    expect(JSON.stringify(stream.map((e) => e.data))).not.toMatch(/Dvořák|850315|jiri\.dvorak/);
    // The contract is still there, its seller shown as erased.
    const pdf = await fetch(`${shop.base}/api/buyout/${number}/contract.pdf?token=${encodeURIComponent(token)}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('imports a price-list CSV: all required columns or a refusal listing what is missing and every bad row', async () => {
    const administrator = staff.get('administrator')!;
    const exported = await fetch(`${shop.base}/api/admin/buyout/price-lists.csv`, {
      headers: { cookie: cookieHeader(administrator) },
    });
    expect(exported.status).toBe(200);
    const csv = (await exported.text()).replace(/^\uFEFF/, '');
    const send = (body: string) =>
      fetch(`${shop.base}/api/admin/buyout/price-lists/import`, {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          'accept-language': 'cs',
          cookie: cookieHeader(administrator),
          'x-csrf-token': administrator.cookies.get('buyloop_csrf')!,
        },
        body,
      });
    const missing = await send('model_id;price_a\napple-iphone-13;100\n');
    expect(missing.status).toBe(400);
    const missingBody = (await missing.json()) as { errors: Record<string, string[]>; params: { missing_columns: string } };
    expect(missingBody.params.missing_columns).toContain('price_b');
    const [header, row] = csv.split(/\r?\n/) as [string, string];
    const columns = header.split(';');
    const withCell = (line: string, column: string, value: string) =>
      line
        .split(';')
        .map((cell, i) => (columns[i] === column ? value : cell))
        .join(';');
    const priceA = Number(row.split(';')[columns.indexOf('price_a')]);
    const bad = await send(`${header}\n${withCell(row, 'price_b', '-5')}\n${withCell(row, 'model_id', 'no-such-phone')}\n`);
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(badBody.errors).some((k) => k.startsWith('line_2'))).toBe(true);
    expect(Object.keys(badBody.errors).some((k) => k.startsWith('line_3'))).toBe(true);
    const good = await send(`${header}\n${withCell(row, 'price_a', String(priceA + 100))}\n`);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ published: true, changed_models: ['apple-iphone-13'] });
  });
  // Last: it moves the clock two weeks on, past every staff session.
  it('a revised offer left unanswered for 14 days expires on the scheduler’s round and the device goes back', async () => {
    const { number, token, customer } = await sell();
    await act('buyback_technician', number, 'receive', { where: 'Praha' });
    // A question the price list does not ask is refused under the request's own field.
    const unknownQuestion = await act('buyback_technician', number, 'inspect', {
      imei: '490154203237518',
      quality_found: 'C',
      findings: [{ question_id: 'screen', found_choice: 'display_cracked', reason: 'Prasklé sklo' }],
    });
    expect(unknownQuestion).toMatchObject({
      status: 400,
      body: { errors: { 'findings.0.question_id': ['buyback.finding_unknown'] } },
    });
    await act('buyback_technician', number, 'inspect', {
      imei: '490154203237518',
      quality_found: 'C',
      findings: [{ question_id: 'display', found_choice: 'display_cracked', reason: 'Prasklé sklo' }],
    });
    await act('buyback_technician', number, 'revise-offer', {
      price: 6_000,
      reasons: [{ question_id: 'display', reason: 'Prasklé sklo' }],
    });
    expect((await shop.buyBack.scheduler.tick()).expired).not.toContain(number);
    shop.time.advance(14 * DAY_MS + 60_000);
    expect((await shop.buyBack.scheduler.tick()).expired).toContain(number);
    // Repeating the round changes nothing: the step is taken once.
    expect((await shop.buyBack.scheduler.tick()).expired).not.toContain(number);
    const status = await customer.request('GET', `/api/buyout/${number}?token=${encodeURIComponent(token)}`);
    expect(status.body).toMatchObject({ status: 'returning', can_accept_revised_offer: false });
    expect((await customer.request('POST', `/api/buyout/${number}/accept-revised-offer`, { body: { token } })).status).toBe(409);
    // Two weeks on, the technician's session has long ended: they sign in again.
    await staff.get('buyback_technician')!.logIn('buyback_technician@admin.buyloop.cz', PASSWORD);
    const returned = await act('buyback_technician', number, 'return-device', { shipment_reference: 'PPL-777' });
    expect(returned).toMatchObject({ status: 200, body: { status: 'returned' } });
  });
});
