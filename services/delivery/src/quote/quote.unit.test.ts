import { describe, expect, it } from 'vitest';
import type { DeliveryQuoteRequest } from '@buyloop/contracts/delivery/port';
import { decideQuote, type QuoteFacts, type Store } from './quote';
import { SandboxCarrier } from '../sandbox/sandbox-carrier';

const carrier = new SandboxCarrier(() => 'http://127.0.0.1:1');
const open = { opens: '09:00', closes: '19:00' };
const store: Store = {
  id: 'cz-praha',
  name: 'Buyloop Praha',
  street: 'Na Příkopě 22',
  city: 'Praha 1',
  zip: '110 00',
  lat: 50.0866,
  lng: 14.4237,
  openingHours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: null },
};
const at = new Date('2026-11-24T09:20:00Z');
const facts = (over: Partial<QuoteFacts> = {}): QuoteFacts => ({
  market: 'cz',
  at,
  goods: [{ code: 'PHONE', quantity: 1, electronic: false }],
  stores: [store],
  place: { id: 'cz-00001', name: 'Trafika Praha, Dlouhá', street: 'Dlouhá 5', city: 'Praha', available: true },
  carrier,
  ...over,
});
const request = (over: Partial<DeliveryQuoteRequest>): DeliveryQuoteRequest => ({
  method: 'pickup_point',
  items: [{ code: 'PHONE', kind: 'device', quantity: 1 }],
  goods_total: 1_000,
  ...over,
});
const address = { street: 'Vinohradská 12', city: 'Praha 2', zip: '120 00', country: 'CZ' };

describe('the delivery quote (DELIVERY_QUOTES_PORT)', () => {
  it('prices a pickup point and names it', () => {
    expect(decideQuote(request({ place_id: 'cz-00001' }), facts())).toEqual({
      ok: true,
      method: 'pickup_point',
      fee: 69,
      currency: 'CZK',
      label: 'Trafika Praha, Dlouhá, Dlouhá 5, Praha',
      place_id: 'cz-00001',
    });
    expect(decideQuote(request({ place_id: 'cz-00001', goods_total: 3_000 }), facts())).toMatchObject({ ok: true, fee: 0 });
  });

  it('refuses an unknown, missing or congested pickup point under place_id', () => {
    const refusal = { ok: false, code: 'delivery.place_unavailable', field: 'place_id' };
    expect(decideQuote(request({}), facts())).toEqual(refusal);
    expect(decideQuote(request({ place_id: 'cz-99999' }), facts({ place: null }))).toEqual(refusal);
    expect(
      decideQuote(
        request({ place_id: 'cz-00001' }),
        facts({ place: { id: 'cz-00001', name: 'x', street: 'y', city: 'z', available: false } }),
      ),
    ).toEqual(refusal);
  });

  it('refuses an unknown method and one the cart cannot use', () => {
    expect(decideQuote(request({ method: 'drone' }), facts())).toEqual({
      ok: false,
      code: 'delivery.method_unavailable',
      field: 'method',
    });
    expect(decideQuote(request({ method: 'electronic' }), facts())).toEqual({
      ok: false,
      code: 'delivery.method_unavailable',
      field: 'method',
    });
    expect(
      decideQuote(request({ method: 'electronic' }), facts({ goods: [{ code: 'AV', quantity: 1, electronic: true }] })),
    ).toMatchObject({ ok: true, fee: 0, label: 'e-mail' });
  });

  it('takes a store of the market for a store pickup', () => {
    expect(decideQuote(request({ method: 'store_pickup', store_id: 'cz-praha' }), facts())).toMatchObject({
      ok: true,
      fee: 0,
      store_id: 'cz-praha',
      // Tuesday 10:20 in Prague, the store open: 30 minutes later.
      ready_by: '2026-11-24T09:50:00.000Z',
    });
    expect(decideQuote(request({ method: 'store_pickup', store_id: 'cz-nowhere' }), facts())).toEqual({
      ok: false,
      code: 'delivery.place_unavailable',
      field: 'store_id',
    });
  });

  it('takes a free courier window and refuses a full or made-up one', () => {
    const slots = carrier.courierTimeslots({ market: 'cz', zip: address.zip, at });
    const free = slots.find((slot) => slot.available)!;
    const full = slots.find((slot) => !slot.available)!;
    expect(decideQuote(request({ method: 'courier', address, timeslot_id: free.id }), facts())).toMatchObject({
      ok: true,
      fee: 129,
      timeslot: { id: free.id, from: free.from, to: free.to },
    });
    for (const timeslot_id of [full.id, 'courier-2020-01-01-0800-1200', undefined])
      expect(decideQuote(request({ method: 'courier', address, ...(timeslot_id ? { timeslot_id } : {}) }), facts())).toEqual({
        ok: false,
        code: 'delivery.timeslot_unavailable',
        field: 'timeslot_id',
      });
    expect(decideQuote(request({ method: 'courier', timeslot_id: free.id }), facts())).toMatchObject({
      field: 'delivery_address',
    });
  });

  it('takes a same-day window the check offers from the store', () => {
    const answer = carrier.sameDay({ market: 'cz', store, address, at });
    if (!answer.available) throw new Error('expected the sandbox to ride to Vinohradská');
    const slot = answer.timeslots[0]!;
    expect(
      decideQuote(request({ method: 'same_day_courier', store_id: 'cz-praha', address, timeslot_id: slot.id }), facts()),
    ).toMatchObject({ ok: true, fee: 199, store_id: 'cz-praha', timeslot: { id: slot.id } });
    expect(
      decideQuote(
        request({
          method: 'same_day_courier',
          store_id: 'cz-praha',
          address: { ...address, city: 'Brno' },
          timeslot_id: slot.id,
        }),
        facts(),
      ),
    ).toEqual({ ok: false, code: 'delivery.method_unavailable', field: 'delivery_address' });
    expect(
      decideQuote(request({ method: 'same_day_courier', store_id: 'cz-praha', address, timeslot_id: 'same_day-x' }), facts()),
    ).toMatchObject({ ok: false, code: 'delivery.timeslot_unavailable' });
  });
});
