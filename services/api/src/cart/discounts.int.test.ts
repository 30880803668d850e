import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '@buyloop/kit';
import { signedInStaff } from '../buy-back-testing';
import { Browser, openShop, type Shop } from '../identity/harness';
import { catalogueHandles } from '../catalogue/pricing-stock-testing';
import { shopProduct } from './admin-orders-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Slevy-Heslo-2026';

interface Discount {
  code: string;
  title: string;
  amount: number;
  kind: string;
  discount_id: string | null;
  status: string;
  message: string | null;
}
interface Summary {
  discounts: Discount[];
  items_total: number;
  discount_total: number;
  vat: number;
  total_without_vat: number;
  total: number;
}

const isProblem = (answer: { status: number; headers: Headers }) => {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  expect(answer.headers.get('content-type')).toMatch(/application\/problem\+json/);
};

/**
 * Discounts over HTTP (issue 15): the back office's definitions and codes,
 * a visitor's codes and ISIC card in the cart, the summary's amounts, and
 * bad input of every kind answered 4xx problem+json, never 500.
 */
describe.each(engines)('discounts on %s', (engine) => {
  let shop: Shop;
  let manager: Browser;

  const product = (code: string, price: number) => shopProduct(shop, code, { master: 'discount-master', price });

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await catalogueHandles(shop).stock.defineDemoLocations();
    await product('DSC-PHONE', 12_100);
    manager = await signedInStaff(shop, 'slevy@admin.buyloop.cz', PASSWORD, ['catalogue_manager']);
  }, 120_000);
  afterAll(async () => shop?.close(), 60_000);

  const create = (body: Record<string, unknown>) => manager.request('POST', '/api/admin/discounts', { body });
  const visitorWithPhone = async () => {
    const browser = await new Browser(shop.base, 'cs').open();
    const added = await browser.request('POST', '/api/cart/items', { body: { product: 'DSC-PHONE' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return browser;
  };
  const summaryOf = async (browser: Browser) => (await browser.request('GET', '/api/cart')).body as unknown as Summary;

  it('staff create, read, change (If-Match) and archive a definition; the grid sorts and filters on the server', async () => {
    const created = await create({ title: 'Jaro 10 %', discount_type: 'percentage', discount_value: 10, codes: ['jaro10'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), stream_version: 1, warnings: [] });
    const id = String(created.body.id);

    const detail = await manager.request('GET', `/api/admin/discounts/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.headers.get('etag')).toBe('"1"');
    expect(detail.body).toMatchObject({
      id,
      title: 'Jaro 10 %',
      codes: ['JARO10'],
      is_active: true,
      is_combinable: false,
      archived: false,
    });

    // Spec 3's own field names are understood too, and a date alone is its midnight UTC.
    const specNamed = await create({
      title: 'Podle specifikace',
      discount_type: 'fixed',
      discount_value: 999,
      is_automatic_assigment: true,
      minimal_discount_numerical: 5_000,
      minimal_discount_sets: 2,
      product_sets: ['dsc-phone'],
      valid_from: '2026-12-01',
    });
    expect(specNamed.status, JSON.stringify(specNamed.body)).toBe(201);
    expect((await manager.request('GET', `/api/admin/discounts/${String(specNamed.body.id)}`)).body).toMatchObject({
      is_automatic_assignment: true,
      minimal_order_total: 5_000,
      minimal_pieces: 2,
      product_codes: ['DSC-PHONE'],
      valid_from: '2026-12-01T00:00:00.000Z',
    });
    await manager.request('POST', `/api/admin/discounts/${String(specNamed.body.id)}/archive`);

    // Spec 5/9: 80 % and more is made, with a warning.
    const high = await create({ title: 'Výprodej', discount_type: 'percentage', discount_value: 85 });
    expect(high.status).toBe(201);
    expect(high.body.warnings).toEqual(['discount.high_percentage']);

    const stale = await manager.request('PATCH', `/api/admin/discounts/${id}`, {
      body: { discount_value: 12 },
      headers: { 'if-match': '"7"' },
    });
    expect(stale.status).toBe(412);
    isProblem(stale);
    const changed = await manager.request('PATCH', `/api/admin/discounts/${id}`, {
      body: { discount_value: 12, internal_note: 'Jarní akce' },
      headers: { 'if-match': '"1"' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ id, stream_version: 2 });
    const replaced = await manager.request('PUT', `/api/admin/discounts/${id}`, {
      body: { title: 'Jaro 15 %', discount_type: 'percentage', discount_value: 15, codes: ['JARO10'] },
      headers: { 'if-match': '"2"' },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect((await manager.request('GET', `/api/admin/discounts/${id}`)).body).toMatchObject({
      title: 'Jaro 15 %',
      discount_value: 15,
      internal_note: null,
    });

    const grid = await manager.request(
      'GET',
      `/api/admin/discounts?startRow=0&endRow=50&sortModel=${encodeURIComponent(JSON.stringify([{ colId: 'discount_value', sort: 'desc' }]))}&filterModel=${encodeURIComponent(JSON.stringify({ discount_type: { filterType: 'set', values: ['percentage'] } }))}`,
    );
    expect(grid.status, JSON.stringify(grid.body)).toBe(200);
    const rows = grid.body.rows as { id: string; discount_value: number }[];
    expect(rows.map((row) => row.discount_value)).toEqual([...rows.map((row) => row.discount_value)].sort((a, b) => b - a));
    expect(rows.some((row) => row.id === id)).toBe(true);
    const paged = await manager.request('GET', '/api/admin/discounts?page=1&page_size=1&sort=-discount_value');
    expect(paged.status, JSON.stringify(paged.body)).toBe(200);
    expect(paged.body.rows).toHaveLength(1);
    expect((paged.body.rows as { discount_value: number }[])[0]!.discount_value).toBe(rows[0]!.discount_value);
    const quick = await manager.request('GET', '/api/admin/discounts?quick=jaro');
    expect((quick.body.rows as { id: string }[]).map((row) => row.id)).toEqual([id]);

    const archived = await manager.request('POST', `/api/admin/discounts/${id}/archive`);
    expect(archived.status).toBe(200);
    expect((await manager.request('GET', '/api/admin/discounts?quick=jaro')).body.total).toBe(0);
    expect((await manager.request('GET', '/api/admin/discounts?quick=jaro&archived=true')).body.total).toBe(1);
    const afterArchive = await manager.request('PATCH', `/api/admin/discounts/${id}`, { body: { title: 'x' } });
    expect(afterArchive.status).toBe(409);
    expect(afterArchive.body.code).toBe('discount.archived');
  });

  it('generates single-use codes of 10 characters (spec 9), each used by one cart’s order only', async () => {
    const created = await create({
      title: 'Jednorázová 500 Kč',
      discount_type: 'absolute',
      discount_value: 500,
      is_combinable: true,
    });
    const id = String(created.body.id);
    const generated = await manager.request('POST', `/api/admin/discounts/${id}/codes`, { body: { count: 5 } });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    const codes = generated.body.codes as string[];
    expect(codes).toHaveLength(5);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(new Set(codes).size).toBe(5);
    expect((await manager.request('GET', `/api/admin/discounts/${id}`)).body.generated_codes).toBe(5);
    // The most one request may ask for: every code its own, none repeated.
    const most = await manager.request('POST', `/api/admin/discounts/${id}/codes`, { body: { count: 1000 } });
    expect(most.status).toBe(201);
    expect(new Set([...(most.body.codes as string[]), ...codes]).size).toBe(1005);
    expect((await manager.request('GET', `/api/admin/discounts/${id}`)).body.generated_codes).toBe(1005);

    const browser = await visitorWithPhone();
    const applied = await browser.request('POST', '/api/cart/discount-codes', { body: { code: codes[0] } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body).toEqual({ codes: [codes[0]], count: 1 });
    // A generated code is exact: the same letters in another case are another (unknown) code.
    const swapped = codes[1]!.replace(/[a-zA-Z]/, (letter) =>
      letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase(),
    );
    if (swapped !== codes[1]) {
      const wrongCase = await browser.request('POST', '/api/cart/discount-codes', { body: { code: swapped } });
      expect(wrongCase.status).toBe(400);
    }
    let summary = await summaryOf(browser);
    expect(summary.discounts).toMatchObject([{ code: codes[0], amount: 500, status: 'applied' }]);
    expect(summary.total).toBe(12_100 - 500);

    // Another order takes the code (the checkout's claim): the cart shows it as invalid, with spec 8's text, and 0.
    await shop.events.append(
      `discount_code-${codes[0]}`,
      [
        {
          type: 'DiscountCodeClaimed',
          data: { code: codes[0], order_number: '2600000099', at: shop.time.clock().toISOString() },
        },
      ],
      { actor: systemActor, market: 'cz' },
    );
    await expect.poll(async () => (await summaryOf(browser)).discounts[0]?.status, { timeout: 10_000 }).toBe('invalid');
    summary = await summaryOf(browser);
    expect(summary.discounts[0]).toMatchObject({ amount: 0, message: 'Sleva v košíku už neplatí (odeberte ji).' });
    expect(summary.total).toBe(12_100);
    // Used codes cannot be applied anew ('sale code invalid').
    const again = await (await visitorWithPhone()).request('POST', '/api/cart/discount-codes', { body: { code: codes[0] } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'discount.code_invalid', errors: { code: ['discount.code_invalid'] } });

    const removed = await browser.request('DELETE', `/api/cart/discount-codes/${codes[0]}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ codes: [], count: 0 });
    expect((await summaryOf(browser)).discounts).toEqual([]);
  }, 180_000);

  it('a visitor applies a shared code in any case and an ISIC card; a non-combinable discount stands alone at the customer’s best', async () => {
    await create({ title: 'Léto 10 %', discount_type: 'percentage', discount_value: 10, codes: ['LETO10'], is_combinable: true });
    await create({ title: 'Studenti', discount_type: 'absolute', discount_value: 2_000, is_isic: true, is_combinable: false });
    const browser = await visitorWithPhone();
    const code = await browser.request('POST', '/api/cart/discount-codes', { body: { code: 'leto10' } });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    expect(code.body.codes).toEqual(['LETO10']);
    let summary = await summaryOf(browser);
    expect(summary.discounts).toMatchObject([{ code: 'LETO10', title: 'Léto 10 %', amount: 1_210, status: 'applied' }]);
    expect(summary).toMatchObject({ items_total: 12_100, discount_total: 1_210, total: 10_890 });
    expect(summary.vat + summary.total_without_vat).toBe(summary.total);
    expect(summary.total_without_vat).toBe(9_000);

    // Spec 5: both the card number and the holder.
    const noHolder = await browser.request('POST', '/api/cart/discount-codes', { body: { card_number: 'S420123456789A' } });
    expect(noHolder.status).toBe(400);
    expect(noHolder.body.errors).toEqual({ card_holder: ['validation.required'] });
    const badCard = await browser.request('POST', '/api/cart/discount-codes', {
      body: { card_number: '12345', card_holder: 'Jana Nováková' },
    });
    expect(badCard.status).toBe(400);
    expect(badCard.body.errors).toEqual({ card_number: ['discount.isic_card_invalid'] });
    const isic = await browser.request('POST', '/api/cart/discount-codes', {
      body: { card_number: 's 420 123 456 789 a', card_holder: 'Jana Nováková' },
    });
    expect(isic.status, JSON.stringify(isic.body)).toBe(201);
    expect(isic.body.codes).toEqual(['LETO10', 'ISIC']);
    summary = await summaryOf(browser);
    // 2 000 alone beats 1 210: the ISIC discount counts, the code is left out (not combinable).
    expect(summary.discounts.map((discount) => [discount.code, discount.status, discount.amount])).toEqual([
      ['LETO10', 'not_combined', 0],
      ['ISIC', 'applied', 2_000],
    ]);
    expect(summary.total).toBe(10_100);
  });

  it('bad input is 4xx problem+json, never a 500, and writes nothing', async () => {
    const created = await create({ title: 'Fuzz', discount_type: 'absolute', discount_value: 100 });
    const id = String(created.body.id);
    const before = (await shop.events.readStream(`discount-${id}`)).length;
    const bodies: unknown[] = [
      {},
      { title: 'x', discount_type: 'percentage', discount_value: 10, unknown: 1 },
      { title: 'x', discount_type: 'percent', discount_value: 10 },
      { title: 'x', discount_type: 'percentage', discount_value: '10' },
      { title: 'x', discount_type: 'percentage', discount_value: 0 },
      { title: 'x', discount_type: 'percentage', discount_value: 101 },
      { title: 'x', discount_type: 'absolute', discount_value: -5 },
      {
        title: 'x',
        discount_type: 'percentage',
        discount_value: 10,
        valid_from: '2026-12-02T00:00:00Z',
        valid_to: '2026-12-01T00:00:00Z',
      },
      { title: 'x', discount_type: 'percentage', discount_value: 10, valid_from: 'tomorrow' },
      { title: 'x', discount_type: 'percentage', discount_value: 10, codes: ['a b'] },
      { title: 'x', discount_type: 'percentage', discount_value: 10, codes: 'JARO' },
      { title: 'x', discount_type: 'percentage', discount_value: 10, product_kinds: ['spaceship'] },
      { title: 'x', discount_type: 'percentage', discount_value: 1e308 },
      [],
      'text',
      null,
    ];
    for (const body of bodies) {
      const answer = await manager.request('POST', '/api/admin/discounts', { body });
      isProblem(answer);
    }
    const valueError = await create({ title: 'x', discount_type: 'percentage', discount_value: 101 });
    expect(valueError.body.errors).toEqual({ discount_value: ['discount.value_out_of_range'] });
    // A shared code belongs to one definition.
    expect((await create({ title: 'x', discount_type: 'percentage', discount_value: 5, codes: ['DVAKRAT'] })).status).toBe(201);
    const taken = await create({ title: 'y', discount_type: 'percentage', discount_value: 5, codes: ['dvakrat'] });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ codes: ['discount.code_taken'] });

    for (const count of [0, -1, 10_000, 1.5, '5', null])
      isProblem(await manager.request('POST', `/api/admin/discounts/${id}/codes`, { body: { count } }));
    isProblem(await manager.request('POST', `/api/admin/discounts/${id}/codes`, { body: { count: 5, extra: true } }));
    isProblem(
      await manager.request('POST', '/api/admin/discounts/00000000-0000-4000-8000-000000000000/codes', { body: { count: 1 } }),
    );
    isProblem(await manager.request('POST', '/api/admin/discounts/not-an-id/codes', { body: { count: 1 } }));
    isProblem(await manager.request('GET', '/api/admin/discounts/00000000-0000-4000-8000-000000000000'));
    isProblem(
      await manager.request('PATCH', `/api/admin/discounts/${id}`, {
        body: { discount_value: 5 },
        headers: { 'if-match': 'soon' },
      }),
    );
    isProblem(await manager.request('GET', '/api/admin/discounts?sortModel=%5B'));
    isProblem(
      await manager.request(
        'GET',
        `/api/admin/discounts?sortModel=${encodeURIComponent('[{"colId":"internal_note","sort":"asc"}]')}`,
      ),
    );
    isProblem(
      await manager.request('GET', `/api/admin/discounts?filterModel=${encodeURIComponent('{"nope":{"filterType":"text"}}')}`),
    );
    isProblem(await manager.request('GET', '/api/admin/discounts?startRow=0&endRow=100000'));
    isProblem(await manager.request('GET', '/api/admin/discounts?page=0'));
    isProblem(await manager.request('GET', '/api/admin/discounts?page=1&startRow=0'));
    isProblem(await manager.request('GET', '/api/admin/discounts?sort=-nope'));
    isProblem(await manager.request('GET', '/api/admin/discounts?unknown=1'));
    expect((await shop.events.readStream(`discount-${id}`)).length).toBe(before);

    // The back office is staff's: a visitor and a customer-facing browser get 401/403.
    const visitor = await new Browser(shop.base, 'cs').open();
    isProblem(await visitor.request('GET', '/api/admin/discounts'));
    isProblem(
      await visitor.request('POST', '/api/admin/discounts', {
        body: { title: 'x', discount_type: 'absolute', discount_value: 1 },
      }),
    );

    const browser = await visitorWithPhone();
    const cartBodies: unknown[] = [
      {},
      { code: 'NEZNAMY' },
      { code: '' },
      { code: 12 },
      { code: 'x'.repeat(41) },
      { code: 'LETO10', card_number: 'S420123456789A', card_holder: 'Jana' },
      { card_holder: 'Jana' },
      { card_number: 'S420123456789A', card_holder: '   ' },
      { code: 'LETO10', extra: 1 },
      [],
    ];
    for (const body of cartBodies) isProblem(await browser.request('POST', '/api/cart/discount-codes', { body }));
    const unknown = await browser.request('POST', '/api/cart/discount-codes', { body: { code: 'NEZNAMY' } });
    expect(unknown.body).toMatchObject({ code: 'discount.code_invalid', title: 'Slevový kód není platný.' });
    isProblem(await browser.request('DELETE', '/api/cart/discount-codes/NEZNAMY'));
    isProblem(await browser.request('POST', '/api/cart/discount-codes', { body: { code: 'LETO10' }, csrf: 'none' }));
    expect((await summaryOf(browser)).discounts).toEqual([]);
  });
});
