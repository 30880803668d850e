import { describe, expect, it } from 'vitest';
import type { Request, Response } from 'express';
import { CART_COLLECTION, OtherContexts, SHOP_LOCATIONS_COLLECTION, SHOP_PRODUCTS_COLLECTION } from './other-contexts';

const ANONYMOUS = 'a'.repeat(64);
const open = { opens: '09:00', closes: '19:00' };
const hours = { mon: open, tue: open, wed: open, thu: open, fri: open, sat: null, sun: null };
const location = (id: string, kind: string, name: string) => ({
  id,
  name,
  kind,
  address: { street: 'Na Příkopě 22', city: 'Praha 1', postcode: '110 00', country: 'CZ' },
  openingHours: hours,
  coordinates: { lat: 50.08, lng: 14.42 },
});

/** The other contexts' documents by collection and id, as the document store would hold them. */
const stored: Record<string, Record<string, unknown>> = {
  [CART_COLLECTION]: {
    [ANONYMOUS]: {
      handed_over_to: null,
      items: [
        { product: 'PHONE', quantity: 1, unit_price: 10_000 },
        { product: 'AV-1Y', quantity: 2, unit_price: 500 },
      ],
    },
    user_u1: { handed_over_to: null, items: [{ product: 'AV-1Y', quantity: 1, unit_price: 500 }] },
    ['b'.repeat(64)]: { handed_over_to: 'user_u1', items: [{ product: 'PHONE', quantity: 1, unit_price: 10_000 }] },
  },
  [SHOP_PRODUCTS_COLLECTION]: {
    PHONE: { product: { electronic_licence: false } },
    'AV-1Y': { product: { electronic_licence: true } },
  },
  [SHOP_LOCATIONS_COLLECTION]: {
    cz: {
      locations: {
        'cz-central': location('cz-central', 'warehouse', 'Warehouse'),
        'cz-praha': location('cz-praha', 'store', 'Buyloop Praha'),
        'cz-brno': location('cz-brno', 'store', 'Buyloop Brno'),
      },
    },
  },
};

const others = (running = true) =>
  new OtherContexts({
    documents: {
      get: <D>(collection: string, id: string) => Promise.resolve((stored[collection]?.[id] ?? null) as D | null),
      getMany: <D>(collection: string, ids: readonly string[]) =>
        Promise.resolve(new Map(ids.flatMap((id) => (stored[collection]?.[id] ? [[id, stored[collection][id] as D]] : [])))),
    } as never,
    // A projection's serving collection is its name here; not running, the catalogue and the cart have none.
    collection: (name) => (running ? Promise.resolve(name) : Promise.reject(new Error(`Projection ${name} has not started`))),
    market: 'cz',
  });

const request = (cookie?: string) => ({ get: (name: string) => (name === 'cookie' ? cookie : undefined) }) as unknown as Request;
const response = (userId: string | null = null) =>
  ({
    locals: userId ? { principal: { via: 'session', userId, roles: ['customer'], session: null, sessionRef: null } } : {},
  }) as unknown as Response;

describe('what delivery reads from the other contexts', () => {
  it('reads the visitor’s cart by its cookie, the account’s when signed in, and nothing of a handed-over cart', async () => {
    expect(await others().cartOf(request(`buyloop_cart=${ANONYMOUS}`), response())).toEqual({
      lines: [
        { code: 'PHONE', quantity: 1 },
        { code: 'AV-1Y', quantity: 2 },
      ],
      total: 11_000,
    });
    expect(await others().cartOf(request(`buyloop_cart=${ANONYMOUS}`), response('u1'))).toEqual({
      lines: [{ code: 'AV-1Y', quantity: 1 }],
      total: 500,
    });
    expect(await others().cartOf(request(`buyloop_cart=${'b'.repeat(64)}`), response())).toEqual({ lines: [], total: 0 });
    expect(await others().cartOf(request('buyloop_cart=../../etc'), response())).toEqual({ lines: [], total: 0 });
    expect(await others().cartOf(request(), response())).toEqual({ lines: [], total: 0 });
  });

  it('knows a licence by the catalogue’s electronic_licence, an unknown product as something to ship', async () => {
    expect(
      await others().goods([
        { code: 'PHONE', quantity: 1 },
        { code: 'AV-1Y', quantity: 2 },
        { code: 'GONE', quantity: 1 },
      ]),
    ).toEqual([
      { code: 'PHONE', quantity: 1, electronic: false },
      { code: 'AV-1Y', quantity: 2, electronic: true },
      { code: 'GONE', quantity: 1, electronic: false },
    ]);
  });

  it('lists the market’s stores, not its warehouse, by name', async () => {
    const stores = await others().stores();
    expect(stores.map((store) => store.id)).toEqual(['cz-brno', 'cz-praha']);
    expect(stores[1]).toMatchObject({ city: 'Praha 1', zip: '110 00', street: 'Na Příkopě 22', openingHours: hours });
  });

  it('reads nothing from contexts that are not running in this process', async () => {
    expect(await others(false).stores()).toEqual([]);
    expect(await others(false).cartOf(request(`buyloop_cart=${ANONYMOUS}`), response())).toEqual({ lines: [], total: 0 });
    expect(await others(false).goods([{ code: 'AV-1Y', quantity: 1 }])).toEqual([
      { code: 'AV-1Y', quantity: 1, electronic: false },
    ]);
  });
});
