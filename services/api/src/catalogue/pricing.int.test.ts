import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { catalogueHandles, catalogueProduct, discontinueProduct, streamLength } from './pricing-stock-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Ceny-Heslo-2026';
const DAY_MS = 86_400_000;

describe.each(engines)('catalogue prices over HTTP on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;
  let warehouse: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    manager = await signedInStaff(shop, 'ceny@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
    warehouse = await signedInStaff(shop, 'sklad-ceny@admin.buyloop.cz', PASSWORD, ['warehouse']);
  });
  afterAll(async () => shop?.close());

  const now = () => shop.time.clock().toISOString();
  /** Moves the clock; staff sessions end after two idle hours, so the staff sign in again, as they would. */
  const advance = async (ms: number) => {
    shop.time.advance(ms);
    expect((await manager.logIn('ceny@admin.buyloop.cz', PASSWORD)).status).toBe(200);
    expect((await warehouse.logIn('sklad-ceny@admin.buyloop.cz', PASSWORD)).status).toBe(200);
  };
  const inDays = (days: number) => new Date(shop.time.clock().getTime() + days * DAY_MS).toISOString();
  const put = (code: string, body: unknown, who = manager) =>
    who.request('PUT', `/api/admin/prices/${encodeURIComponent(code)}`, { body });
  const get = (code: string, who = manager) => who.request('GET', `/api/admin/prices/${encodeURIComponent(code)}`);
  const postCsv = async (csv: string, type = 'text/csv') => {
    const response = await fetch(`${shop.base}/api/admin/prices/import`, {
      method: 'POST',
      headers: {
        cookie: cookieHeader(manager),
        'x-csrf-token': manager.cookies.get('buyloop_csrf')!,
        'content-type': type,
        'accept-language': 'cs',
      },
      body: csv,
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: (await response.json()) as Record<string, unknown>,
    };
  };

  it('PUT sets the regular price: 200 with the new price, and GET shows it with its history', async () => {
    await catalogueProduct(shop, 'PX-PHONE');
    const set = await put('PX-PHONE', { price: 12990 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      code: 'PX-PHONE',
      market: 'cz',
      currency: 'CZK',
      price: 12990,
      valid_from: now(),
      changed: true,
      current: { price: 12990, regular_price: 12990, reduced: false, lowest_price_30d: null, since: now() },
    });

    // The same price again is a repeated request: 200, nothing written.
    const again = await put('PX-PHONE', { price: 12990 });
    expect(again).toMatchObject({ status: 200, body: { price: 12990, changed: false } });
    expect(await streamLength(shop, 'price-PX-PHONE-cz')).toBe(1);

    // A price from a future moment: answered as set, the current price unchanged until then.
    const future = inDays(10);
    const later = await put('px-phone', { price: 11990, valid_from: future });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({
      code: 'PX-PHONE',
      price: 11990,
      valid_from: future,
      current: { price: 12990, next_change_at: future },
    });

    const read = await get('PX-PHONE');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ code: 'PX-PHONE', price: 12990, reduced: false });
    expect(read.body.history).toEqual([
      { from: now(), to: future, price: 12990, kind: 'regular', offer_id: null },
      { from: future, to: null, price: 11990, kind: 'regular', offer_id: null },
    ]);
    expect((read.body.changes as { type: string; price: number }[]).map((c) => [c.type, c.price])).toEqual([
      ['PriceSet', 11990],
      ['PriceSet', 12990],
    ]);
  });

  it('bad input gets 400 problem+json with field errors keyed like the request, and writes nothing', async () => {
    await catalogueProduct(shop, 'PX-BAD');
    const cases: [unknown, string, string][] = [
      [{ price: -1 }, 'price', 'catalogue.pricing.price_not_positive'],
      [{ price: 12990.5 }, 'price', 'catalogue.pricing.price_not_whole'],
      [{ price: 0 }, 'price', 'catalogue.pricing.price_not_positive'],
      [{ price: 1e12 }, 'price', 'catalogue.pricing.price_too_high'],
      [{ price: '12990' }, 'price', 'validation.invalid_type'],
      [{}, 'price', 'validation.required'],
      [{ price: 12990, colour: 'red' }, 'colour', 'validation.unknown_field'],
      [{ price: 12990, valid_from: 'tomorrow' }, 'valid_from', 'validation.invalid_value'],
      [{ price: 12990, valid_from: '2020-01-01T00:00:00Z' }, 'valid_from', 'catalogue.pricing.valid_from_past'],
    ];
    for (const [body, field, code] of cases) {
      const answer = await put('PX-BAD', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      const errors = (answer.body.errors as Record<string, string[]>)[field];
      expect(errors, JSON.stringify(answer.body)).toBeDefined();
      if (code) expect(errors).toContain(code);
    }
    expect(await streamLength(shop, 'price-PX-BAD-cz')).toBe(0);
  });

  it('a price for an unknown, discontinued or malformed code is 404; bad input is still 400 first', async () => {
    const unknown = await put('NOPE-1', { price: 100 });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'catalogue.pricing.product_not_found' } });
    expect((await get('NOPE-1')).status).toBe(404);
    expect((await put('no such code!', { price: 100 })).status).toBe(404);
    expect((await put('NOPE-1', { price: -5 })).status).toBe(400);

    await catalogueProduct(shop, 'PX-GONE');
    expect((await put('PX-GONE', { price: 500 })).status).toBe(200);
    await discontinueProduct(shop, 'PX-GONE');
    expect((await put('PX-GONE', { price: 450 })).status).toBe(404);
    expect(await streamLength(shop, 'price-PX-GONE-cz')).toBe(1);
  });

  it('a time-limited offer is reduced with lowest_price_30d, reverts by itself at its end, and the job marks the end', async () => {
    await catalogueProduct(shop, 'PX-OFFER');
    expect((await put('PX-OFFER', { price: 1000 })).status).toBe(200);
    await advance(5 * DAY_MS);
    expect((await put('PX-OFFER', { price: 880 })).status).toBe(200);
    await advance(5 * DAY_MS);
    expect((await put('PX-OFFER', { price: 950 })).status).toBe(200);
    await advance(10 * DAY_MS);

    const end = inDays(5);
    const offer = await manager.request('POST', '/api/admin/prices/PX-OFFER/offers', { body: { price: 900, valid_to: end } });
    expect(offer.status).toBe(201);
    // 880 applied 15 days ago, inside the 30 days before the reduction: that is the price it is measured against.
    expect(offer.body).toMatchObject({
      code: 'PX-OFFER',
      price: 900,
      valid_from: now(),
      valid_to: end,
      changed: true,
      current: {
        price: 900,
        regular_price: 950,
        reduced: true,
        lowest_price_30d: 880,
        reduced_since: now(),
        next_change_at: end,
      },
    });

    await advance(5 * DAY_MS + 1000);
    // Past its end the regular price applies at once: it is read from the schedule with the clock, whether or not the job has run.
    expect((await get('PX-OFFER')).body).toMatchObject({ price: 950, reduced: false, lowest_price_30d: null, offer: null });
    // A round of the pricing job (the running job may have taken it already: the end is marked once either way).
    await catalogueHandles(shop).pricing.tick();
    await catalogueHandles(shop).pricing.tick();
    const stored = await shop.events.readStream('price-PX-OFFER-cz');
    expect(stored.at(-1)?.type).toBe('OfferEnded');
    expect(stored.filter((event) => event.type === 'OfferEnded')).toHaveLength(1);
    expect(((await get('PX-OFFER')).body.changes as { type: string }[])[0]?.type).toBe('OfferEnded');
  });

  it('refuses offers that reduce nothing, without a price before them, or with a bad period', async () => {
    await catalogueProduct(shop, 'PX-NOOFFER');
    const offer = (body: unknown) => manager.request('POST', '/api/admin/prices/PX-NOOFFER/offers', { body });
    expect(await offer({ price: 900, valid_to: inDays(3) })).toMatchObject({
      status: 409,
      body: { code: 'catalogue.pricing.no_regular_price' },
    });
    await put('PX-NOOFFER', { price: 1000 });
    await advance(1000);
    expect(await offer({ price: 1000, valid_to: inDays(3) })).toMatchObject({
      status: 409,
      body: { code: 'catalogue.pricing.offer_not_reduced', params: { regular_price: 1000 } },
    });
    const backwards = await offer({ price: 900, valid_from: inDays(3), valid_to: inDays(2) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ valid_to: ['catalogue.pricing.valid_to_not_after_from'] });
    expect(((await offer({ price: 900 })).body.errors as Record<string, string[]>).valid_to).toEqual(['validation.required']);
    expect(await streamLength(shop, 'price-PX-NOOFFER-cz')).toBe(1);
  });

  it('imports a price CSV all or nothing, with errors by line and column, and the spec’s message for missing columns', async () => {
    await catalogueProduct(shop, 'PX-CSV-1');
    await catalogueProduct(shop, 'PX-CSV-2');
    const bad = await postCsv(
      ['code;price;valid_from;valid_to', 'PX-CSV-1;4990;;', 'PX-UNKNOWN;100;;', 'PX-CSV-2;12,5;;'].join('\n'),
    );
    expect(bad.status).toBe(400);
    expect(bad.type).toContain('application/problem+json');
    expect(bad.body.errors).toEqual({
      'line_3.code': ['catalogue.pricing.product_not_found'],
      'line_4.price': ['catalogue.pricing.price_not_whole'],
    });
    const unknown = await postCsv(['code;price', 'PX-CSV-1;4990', 'PX-UNKNOWN;100'].join('\n'));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ 'line_3.code': ['catalogue.pricing.product_not_found'] });
    expect(await streamLength(shop, 'price-PX-CSV-1-cz')).toBe(0);

    const missing = await postCsv('code;valid_from\nPX-CSV-1;\n');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      errors: { file: ['catalogue.pricing.import.columns_missing'] },
      params: { columns: 'price' },
    });

    const good = [
      'code;price;valid_from;valid_to',
      'PX-CSV-1;4 990;;',
      'px-csv-2;12990;;',
      `PX-CSV-2;11990;${inDays(1)};${inDays(3)}`,
    ].join('\r\n');
    const imported = await postCsv(`\uFEFF${good}`);
    expect(imported).toMatchObject({
      status: 200,
      body: { changed_codes: ['PX-CSV-1', 'PX-CSV-2'], unchanged_codes: [], events: 3 },
    });
    expect((await get('PX-CSV-1')).body).toMatchObject({ price: 4990 });
    await advance(DAY_MS + 1000);
    expect((await get('PX-CSV-2')).body).toMatchObject({
      price: 11990,
      regular_price: 12990,
      reduced: true,
      lowest_price_30d: 12990,
    });

    // The same file again writes nothing.
    expect(await postCsv(`\uFEFF${good}`)).toMatchObject({ status: 200, body: { changed_codes: [], events: 0 } });
    // Markers the running pricing job may have appended meanwhile (the offer started) aside, nothing was written.
    const csv2 = await shop.events.readStream('price-PX-CSV-2-cz');
    expect(csv2.filter((event) => event.type === 'PriceSet' || event.type === 'OfferScheduled')).toHaveLength(2);
    expect((await postCsv('{"code":"PX-CSV-1"}', 'application/json')).status).toBe(415);
  });

  it('a refused price file lists every bad row at once, each message with its own product and line', async () => {
    await catalogueProduct(shop, 'PX-ROWS');
    const refused = await postCsv(
      ['code,price', 'PX-ROWS,12990.5', 'NOPE,100', 'PX-ROWS,-3', 'PX-ROWS,5000', 'PX-ROWS,5000', 'PX-ROWS,1,2,3'].join('\n'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'line_2.price': ['catalogue.pricing.price_not_whole'],
      'line_3.code': ['catalogue.pricing.product_not_found'],
      'line_4.price': ['catalogue.pricing.price_not_positive'],
      'line_6.code': ['catalogue.pricing.import.row_duplicate'],
      line_7: ['catalogue.pricing.import.too_many_cells'],
    });
    expect(refused.body.messages).toMatchObject({
      'line_3.code': ['Produkt NOPE v katalogu není nebo se už neprodává.'],
      'line_6.code': ['Stejná cena produktu PX-ROWS už je v souboru (řádek 5).'],
      line_7: ['Řádek má více buněk (4) než záhlaví (2).'],
    });
    expect(await streamLength(shop, 'price-PX-ROWS-cz')).toBe(0);

    // Two unknown products decided on their streams: each row names its own.
    const unknown = await postCsv(['code,price', 'NOPE-1,100', 'NOPE-2,200'].join('\n'));
    expect(unknown.body.messages).toEqual({
      'line_2.code': ['Produkt NOPE-1 v katalogu není nebo se už neprodává.'],
      'line_3.code': ['Produkt NOPE-2 v katalogu není nebo se už neprodává.'],
    });
  });

  it('the same price file sent again after a price was changed by hand sets the file’s prices again', async () => {
    await catalogueProduct(shop, 'PX-RESEND');
    const file = 'code,price,valid_from,valid_to\nPX-RESEND,12990,,\n';
    expect(await postCsv(file)).toMatchObject({ status: 200, body: { changed_codes: ['PX-RESEND'], events: 1 } });
    expect((await put('PX-RESEND', { price: 15000 })).body).toMatchObject({ changed: true });

    // Not a duplicate of the first run: the price was changed since, so the file's price is set anew.
    expect(await postCsv(file)).toMatchObject({
      status: 200,
      body: { changed_codes: ['PX-RESEND'], unchanged_codes: [], events: 1 },
    });
    expect((await get('PX-RESEND')).body).toMatchObject({ price: 12990 });
    const priceSets = (await shop.events.readStream('price-PX-RESEND-cz')).filter((event) => event.type === 'PriceSet');
    expect(priceSets.map((event) => (event.data as { price: number }).price)).toEqual([12990, 15000, 12990]);

    // An offer from the file, sent again while it runs, is not scheduled twice.
    await advance(60_000);
    const offer = `code,price,valid_from,valid_to\nPX-RESEND,9990,,${inDays(5)}\n`;
    expect(await postCsv(offer)).toMatchObject({ status: 200, body: { changed_codes: ['PX-RESEND'], events: 1 } });
    expect(await postCsv(offer)).toMatchObject({ status: 200, body: { unchanged_codes: ['PX-RESEND'], events: 0 } });
    expect((await get('PX-RESEND')).body).toMatchObject({ price: 9990, regular_price: 12990, reduced: true });
    const offers = (await shop.events.readStream('price-PX-RESEND-cz')).filter((event) => event.type === 'OfferScheduled');
    expect(offers).toHaveLength(1);
  });

  it('the API reference documents every pricing and stock route with its answers', async () => {
    const response = await fetch(`${shop.base}/api/openapi.json`);
    expect(response.status).toBe(200);
    const paths = ((await response.json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> })
      .paths;
    const documented = (path: string, method: string, status: string) =>
      expect(paths[path]?.[method]?.responses[status], `${method} ${path} ${status}`).toBeDefined();
    documented('/api/admin/prices/{code}', 'get', '200');
    documented('/api/admin/prices/{code}', 'put', '200');
    documented('/api/admin/prices/{code}', 'put', '400');
    documented('/api/admin/prices/{code}/offers', 'post', '201');
    documented('/api/admin/prices/import', 'post', '200');
    documented('/api/admin/stock/locations', 'get', '200');
    documented('/api/admin/stock/{code}', 'get', '200');
    documented('/api/admin/stock/counts', 'post', '200');
    documented('/api/admin/stock/receipts', 'post', '200');
    documented('/api/admin/stock/transfers', 'post', '409');
    documented('/api/admin/stock/reservations', 'post', '201');
    documented('/api/admin/stock/reservations/{id}', 'delete', '200');
    documented('/api/admin/stock/reservations/{id}/sale', 'post', '200');
  });

  it('staff read prices; only catalogue work sets them', async () => {
    await catalogueProduct(shop, 'PX-ROLE');
    expect((await put('PX-ROLE', { price: 100 }, warehouse)).status).toBe(403);
    expect((await put('PX-ROLE', { price: 100 })).status).toBe(200);
    expect(await get('PX-ROLE', warehouse)).toMatchObject({ status: 200, body: { price: 100 } });
  });
});
