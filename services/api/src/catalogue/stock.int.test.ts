import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '../buy-back-testing';
import { openShop, type Browser, type Shop } from '../identity/harness';
import { catalogueHandles, catalogueProduct, streamLength } from './pricing-stock-testing';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const PASSWORD = 'Sklad-Heslo-2026';
const MINUTE_MS = 60_000;

interface LocationRow {
  location: string;
  on_hand: number;
  reserved: number;
  available: number;
  state: string;
}

describe.each(engines)('catalogue stock over HTTP on %s', (engine) => {
  let shop: Shop;
  let warehouse: Browser;
  let technician: Browser;

  beforeAll(async () => {
    shop = await openShop(engine, 'test', { catalogue: true });
    await catalogueHandles(shop).stock.defineDemoLocations();
    warehouse = await signedInStaff(shop, 'sklad@admin.buyloop.cz', PASSWORD, ['warehouse']);
    technician = await signedInStaff(shop, 'technik@admin.buyloop.cz', PASSWORD, ['buyback_technician']);
  });
  afterAll(async () => shop?.close());

  const inMinutes = (minutes: number) => new Date(shop.time.clock().getTime() + minutes * MINUTE_MS).toISOString();
  const post = (path: string, body: unknown, who = warehouse) => who.request('POST', `/api/admin/stock/${path}`, { body });
  const stockOf = async (code: string) => {
    const answer = await warehouse.request('GET', `/api/admin/stock/${code}`);
    expect(answer.status).toBe(200);
    return answer.body as { state: string; stores: string[]; totals: Record<string, number>; locations: LocationRow[] };
  };
  const at = async (code: string, location: string) => (await stockOf(code)).locations.find((row) => row.location === location)!;

  it('lists the market’s locations: the warehouse first, then the stores, with addresses, hours and coordinates', async () => {
    const answer = await technician.request('GET', '/api/admin/stock/locations');
    expect(answer.status).toBe(200);
    const locations = answer.body.locations as { id: string; name: string; kind: string }[];
    expect(locations.map(({ id, kind }) => [id, kind])).toEqual([
      ['cz-central', 'warehouse'],
      ['cz-brno', 'store'],
      ['cz-ostrava', 'store'],
      ['cz-praha', 'store'],
    ]);
    expect(locations[3]).toMatchObject({
      name: 'Buyloop Praha – Na Příkopě',
      address: { street: 'Na Příkopě 22', city: 'Praha 1', postcode: '110 00', country: 'CZ' },
      opening_hours: { mon: { opens: '09:00', closes: '20:00' }, sun: { opens: '10:00', closes: '16:00' } },
      coordinates: { lat: 50.0853, lng: 14.4262 },
    });
  });

  it('receipts and counts: a count answers { on_hand, reserved, available }, the product’s stock shows every location', async () => {
    await catalogueProduct(shop, 'ST-PHONE');
    const received = await post('receipts', { code: 'ST-PHONE', location: 'cz-central', quantity: 10, reference: 'DL 2026/114' });
    expect(received).toMatchObject({
      status: 200,
      body: { code: 'ST-PHONE', location: 'cz-central', on_hand: 10, reserved: 0, available: 10 },
    });
    const counted = await post('counts', {
      code: 'ST-PHONE',
      location: 'cz-central',
      on_hand: 7,
      reason: 'Inventura: 3 kusy poškozené',
    });
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ on_hand: 7, reserved: 0, available: 7 });
    await post('receipts', { code: 'st-phone', location: 'cz-brno', quantity: 2 });

    const stock = await stockOf('ST-PHONE');
    expect(stock).toMatchObject({
      code: 'ST-PHONE',
      state: 'in_stock',
      stores: ['cz-brno'],
      totals: { on_hand: 9, reserved: 0, available: 9 },
    });
    expect(stock.locations.map((row) => [row.location, row.on_hand, row.state])).toEqual([
      ['cz-central', 7, 'in_stock'],
      ['cz-brno', 2, 'in_store'],
      ['cz-ostrava', 0, 'unavailable'],
      ['cz-praha', 0, 'unavailable'],
    ]);
  });

  it('bad input gets 400 problem+json with field errors; unknown products and locations 404; nothing is written', async () => {
    await catalogueProduct(shop, 'ST-BAD');
    const cases: [string, unknown, string, string][] = [
      ['counts', { code: 'ST-BAD', location: 'cz-central', on_hand: -1, reason: 'x' }, 'on_hand', 'catalogue.stock.negative'],
      ['counts', { code: 'ST-BAD', location: 'cz-central', on_hand: 2.5, reason: 'x' }, 'on_hand', 'catalogue.stock.not_whole'],
      ['counts', { code: 'ST-BAD', location: 'cz-central', on_hand: 2 }, 'reason', 'validation.required'],
      [
        'counts',
        { code: 'ST-BAD', location: 'cz-central', on_hand: 2, reason: 'x', note: 'y' },
        'note',
        'validation.unknown_field',
      ],
      ['receipts', { code: 'ST-BAD', location: 'cz-central', quantity: -3 }, 'quantity', 'catalogue.stock.negative'],
      ['receipts', { code: 'ST-BAD', location: 'cz-central', quantity: 0 }, 'quantity', 'catalogue.stock.zero_quantity'],
      ['receipts', { code: 'ST-BAD', location: 'cz-central', quantity: 1e9 }, 'quantity', 'catalogue.stock.too_many'],
      ['receipts', { code: 'ST-BAD', location: 'cz-central', quantity: '5' }, 'quantity', 'validation.invalid_type'],
      ['transfers', { code: 'ST-BAD', from: 'cz-central', to: 'cz-central', quantity: 1 }, 'to', 'catalogue.stock.same_location'],
      [
        'reservations',
        {
          reservation_id: 'bad-1',
          items: [{ code: 'ST-BAD', location: 'cz-central', quantity: 1.5 }],
          expires_at: inMinutes(10),
        },
        'items.0.quantity',
        'catalogue.stock.not_whole',
      ],
      ['reservations', { reservation_id: 'bad-2', items: [], expires_at: inMinutes(10) }, 'items', 'validation.invalid_value'],
      [
        'reservations',
        { reservation_id: 'bad-3', items: [{ code: 'ST-BAD', location: 'cz-central', quantity: 1 }], expires_at: inMinutes(-1) },
        'expires_at',
        'catalogue.stock.expiry_past',
      ],
    ];
    for (const [path, body, field, code] of cases) {
      const answer = await post(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      const errors = (answer.body.errors as Record<string, string[]>)[field];
      expect(errors, JSON.stringify(answer.body)).toBeDefined();
      if (code) expect(errors).toContain(code);
    }
    expect(await streamLength(shop, 'stock-ST-BAD-cz-central')).toBe(0);

    expect(await post('counts', { code: 'ST-NOPE', location: 'cz-central', on_hand: 1, reason: 'x' })).toMatchObject({
      status: 404,
      body: { code: 'catalogue.stock.product_not_found' },
    });
    // An unknown or malformed location is a mistake in its field: 400, under the field, named in the message.
    expect(await post('receipts', { code: 'ST-BAD', location: 'cz-nowhere', quantity: 1 })).toMatchObject({
      status: 400,
      body: {
        errors: { location: ['catalogue.stock.location_not_found'] },
        messages: { location: ['Místo cz-nowhere neexistuje.'] },
      },
    });
    expect(await post('counts', { code: 'ST-BAD', location: '../Praha!', on_hand: 1, reason: 'x' })).toMatchObject({
      status: 400,
      body: { errors: { location: ['catalogue.stock.location_not_found'] } },
    });
    const transfer = await post('transfers', { code: 'ST-BAD', from: 'cz-nikde', to: 'cz-jinde', quantity: 1 });
    expect(transfer).toMatchObject({
      status: 400,
      body: {
        errors: { from: ['catalogue.stock.location_not_found'], to: ['catalogue.stock.location_not_found'] },
        messages: { from: ['Místo cz-nikde neexistuje.'], to: ['Místo cz-jinde neexistuje.'] },
      },
    });
    expect(
      await post('reservations', {
        reservation_id: 'nowhere-1',
        items: [
          { code: 'ST-BAD', location: 'cz-central', quantity: 1 },
          { code: 'ST-BAD', location: 'cz-nowhere', quantity: 1 },
        ],
        expires_at: inMinutes(10),
      }),
    ).toMatchObject({ status: 400, body: { errors: { 'items.1.location': ['catalogue.stock.location_not_found'] } } });
    expect(
      await post('reservations', {
        reservation_id: 'nope-1',
        items: [{ code: 'ST-NOPE', location: 'cz-central', quantity: 1 }],
        expires_at: inMinutes(10),
      }),
    ).toMatchObject({ status: 404, body: { code: 'catalogue.stock.product_not_found' } });
    expect((await warehouse.request('GET', '/api/admin/stock/ST-NOPE')).status).toBe(404);
    expect((await warehouse.request('DELETE', '/api/admin/stock/reservations/never-made')).status).toBe(404);
    expect(await streamLength(shop, 'stock-ST-BAD-cz-nowhere')).toBe(0);
  });

  it('transfers move available pieces only, and arrive once', async () => {
    await catalogueProduct(shop, 'ST-MOVE');
    await post('receipts', { code: 'ST-MOVE', location: 'cz-central', quantity: 5 });
    const moved = await post('transfers', {
      code: 'ST-MOVE',
      from: 'cz-central',
      to: 'cz-praha',
      quantity: 3,
      transfer_id: 'tr-1',
    });
    expect(moved).toMatchObject({
      status: 200,
      body: {
        transfer_id: 'tr-1',
        quantity: 3,
        from: { location: 'cz-central', on_hand: 2 },
        to: { location: 'cz-praha', on_hand: 3 },
      },
    });
    // The same transfer again (a retried request) moves nothing more.
    expect(
      (await post('transfers', { code: 'ST-MOVE', from: 'cz-central', to: 'cz-praha', quantity: 3, transfer_id: 'tr-1' })).body,
    ).toMatchObject({
      from: { on_hand: 2 },
      to: { on_hand: 3 },
    });
    expect(await post('transfers', { code: 'ST-MOVE', from: 'cz-central', to: 'cz-brno', quantity: 3 })).toMatchObject({
      status: 409,
      body: { code: 'catalogue.stock.insufficient', params: { available: 2, requested: 3 } },
    });
    expect(await stockOf('ST-MOVE')).toMatchObject({ state: 'last_pieces', totals: { on_hand: 5 } });
  });

  it('reservations are all or nothing, hold pieces until released or sold, and a count cannot go below them', async () => {
    await catalogueProduct(shop, 'ST-A');
    await catalogueProduct(shop, 'ST-B');
    await post('receipts', { code: 'ST-A', location: 'cz-central', quantity: 3 });
    await post('receipts', { code: 'ST-B', location: 'cz-praha', quantity: 1 });

    const refused = await post('reservations', {
      reservation_id: 'cart-x',
      items: [
        { code: 'ST-A', location: 'cz-central', quantity: 2 },
        { code: 'ST-B', location: 'cz-praha', quantity: 2 },
      ],
      expires_at: inMinutes(30),
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'catalogue.stock.insufficient', params: { item: 1, available: 1, requested: 2 } },
    });
    // Nothing stays held: ST-A's pieces were taken and given back.
    expect(await at('ST-A', 'cz-central')).toMatchObject({ on_hand: 3, reserved: 0, available: 3 });

    const body = {
      reservation_id: 'cart-1',
      items: [
        { code: 'ST-A', location: 'cz-central', quantity: 2 },
        { code: 'ST-B', location: 'cz-praha', quantity: 1 },
      ],
      expires_at: inMinutes(30),
    };
    const reservedAnswer = await post('reservations', body);
    expect(reservedAnswer).toMatchObject({
      status: 201,
      body: {
        reservation_id: 'cart-1',
        status: 'held',
        items: [
          { code: 'ST-A', location: 'cz-central', quantity: 2, on_hand: 3, reserved: 2, available: 1 },
          { code: 'ST-B', location: 'cz-praha', quantity: 1, on_hand: 1, reserved: 1, available: 0 },
        ],
      },
    });
    // The same request again holds nothing more.
    expect((await post('reservations', body)).status).toBe(201);
    expect(await at('ST-A', 'cz-central')).toMatchObject({ reserved: 2, available: 1 });
    expect(await stockOf('ST-B')).toMatchObject({ state: 'unavailable', stores: [] });

    expect(await post('counts', { code: 'ST-A', location: 'cz-central', on_hand: 1, reason: 'Inventura' })).toMatchObject({
      status: 409,
      body: { code: 'catalogue.stock.count_below_reserved', params: { reserved: 2 } },
    });

    const sold = await warehouse.request('POST', '/api/admin/stock/reservations/cart-1/sale');
    expect(sold).toMatchObject({ status: 200, body: { reservation_id: 'cart-1', status: 'sold' } });
    expect(await at('ST-A', 'cz-central')).toMatchObject({ on_hand: 1, reserved: 0, available: 1 });
    expect(await at('ST-B', 'cz-praha')).toMatchObject({ on_hand: 0, reserved: 0, available: 0 });
    // A sold reservation has nothing to give back: releasing it is refused with how it ended, and nothing is written.
    const soldEvents = (await shop.events.readAll()).length;
    const releaseSold = await warehouse.request('DELETE', '/api/admin/stock/reservations/cart-1');
    expect(releaseSold).toMatchObject({
      status: 409,
      body: { code: 'catalogue.stock.reservation_closed', params: { reservation_id: 'cart-1', how: 'sold' } },
    });
    expect(releaseSold.headers.get('content-type')).toContain('application/problem+json');
    expect((await shop.events.readAll()).length).toBe(soldEvents);

    await post('reservations', {
      reservation_id: 'cart-2',
      items: [{ code: 'ST-A', location: 'cz-central', quantity: 1 }],
      expires_at: inMinutes(30),
    });
    const released = await warehouse.request('DELETE', '/api/admin/stock/reservations/cart-2');
    expect(released).toMatchObject({ status: 200, body: { status: 'released', items: [{ code: 'ST-A', available: 1 }] } });
    // Released already: the same request again, answered the same.
    expect(await warehouse.request('DELETE', '/api/admin/stock/reservations/cart-2')).toMatchObject({
      status: 200,
      body: { status: 'released' },
    });
    expect(await warehouse.request('POST', '/api/admin/stock/reservations/cart-2/sale')).toMatchObject({
      status: 409,
      body: { code: 'catalogue.stock.reservation_closed' },
    });
  });

  it('a reservation frees its pieces at its expiry, and the stock job releases it as expired', async () => {
    await catalogueProduct(shop, 'ST-EXP');
    await post('receipts', { code: 'ST-EXP', location: 'cz-central', quantity: 1 });
    expect(
      (
        await post('reservations', {
          reservation_id: 'exp-1',
          items: [{ code: 'ST-EXP', location: 'cz-central', quantity: 1 }],
          expires_at: inMinutes(15),
        })
      ).status,
    ).toBe(201);
    expect(await at('ST-EXP', 'cz-central')).toMatchObject({ reserved: 1, available: 0 });
    shop.time.advance(16 * MINUTE_MS);
    expect(await at('ST-EXP', 'cz-central')).toMatchObject({ reserved: 0, available: 1 });
    // A round of the stock job (the running job may have taken it already: the release is written once either way).
    await catalogueHandles(shop).stock.tick();
    await catalogueHandles(shop).stock.tick();
    const stored = await shop.events.readStream('stock-ST-EXP-cz-central');
    expect(stored.at(-1)).toMatchObject({
      type: 'StockReservationReleased',
      data: { reservationId: 'exp-1', reason: 'expired' },
    });
    expect(stored.filter((event) => event.type === 'StockReservationReleased')).toHaveLength(1);
  });

  it('staff read stock; only the warehouse and catalogue work change it', async () => {
    await catalogueProduct(shop, 'ST-ROLE');
    expect((await post('receipts', { code: 'ST-ROLE', location: 'cz-central', quantity: 1 }, technician)).status).toBe(403);
    expect((await technician.request('GET', '/api/admin/stock/ST-ROLE')).status).toBe(200);
  });
});
