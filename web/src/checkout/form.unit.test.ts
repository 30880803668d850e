import { describe, expect, it } from 'vitest';
import { attemptKey, emptyCheckout, fieldOfPath, finishRequest, placeProblemMessages, validateCheckout } from './form';
import { choicesOf, placesOf, pricedFor, timeslotsOf } from './options';

const filled = {
  ...emptyCheckout('CZ'),
  email: 'jana@example.cz',
  phone: '+420 777 123 456',
  first_name: 'Jana',
  last_name: 'Nováková',
  street: 'Vinohradská 12',
  city: 'Praha',
  zip: '120 00',
  delivery: 'store_pickup',
  store_id: 'PRG1',
  payment: 'cash_on_delivery',
  terms: true,
  privacy: true,
};

describe('the checkout form', () => {
  it('is ready to send when everything required is there', () => {
    expect(validateCheckout(filled, 'cz')).toEqual({});
  });

  it('names each missing or wrong field', () => {
    expect(validateCheckout(emptyCheckout('CZ'), 'cz')).toEqual({
      email: 'cart.required',
      phone: 'cart.required',
      first_name: 'cart.required',
      last_name: 'cart.required',
      street: 'cart.required',
      city: 'cart.required',
      zip: 'cart.required',
      delivery: 'checkout.chooseDelivery',
      terms: 'checkout.consentRequired',
      privacy: 'checkout.consentRequired',
    });
    expect(validateCheckout({ ...filled, email: 'jana@', phone: '12', zip: '1234' }, 'cz')).toEqual({
      email: 'checkout.invalid.email',
      phone: 'checkout.invalid.phone',
      zip: 'checkout.invalid.zip',
    });
    expect(validateCheckout({ ...filled, zip: '010011', country: 'RO' }, 'ro')).toEqual({});
  });

  it('asks for what the delivery method needs', () => {
    expect(validateCheckout({ ...filled, delivery: 'pickup_point', store_id: '' }, 'cz')).toEqual({
      place_id: 'checkout.choosePlace',
    });
    expect(validateCheckout({ ...filled, delivery: 'courier', store_id: '' }, 'cz')).toEqual({
      delivery_street: 'cart.required',
      delivery_city: 'cart.required',
      delivery_zip: 'cart.required',
    });
    expect(
      validateCheckout(
        { ...filled, delivery: 'courier', delivery_street: 'A 1', delivery_city: 'Brno', delivery_zip: '60200' },
        'cz',
      ),
    ).toEqual({ timeslot_id: 'checkout.chooseTimeslot' });
    expect(validateCheckout({ ...filled, payment: '' }, 'cz')).toEqual({ payment: 'checkout.choosePayment' });
  });

  it('builds the finish request as pinned, optional parts left out', () => {
    expect(finishRequest(filled)).toEqual({
      customer: { email: 'jana@example.cz', phone: '+420777123456', first_name: 'Jana', last_name: 'Nováková' },
      billing_address: { street: 'Vinohradská 12', city: 'Praha', zip: '120 00', country: 'CZ' },
      delivery: { method: 'store_pickup', store_id: 'PRG1' },
      payment: { method: 'cash_on_delivery' },
      order_info: { consents: { terms: true, privacy: true }, create_account: false, subscribe_promotions_info: false },
    });
    const courier = finishRequest(
      {
        ...filled,
        delivery: 'courier',
        delivery_street: 'Masarykova 1',
        delivery_city: 'Brno',
        delivery_zip: '60200',
        timeslot_id: 'slot-1',
        company: 'Acme s.r.o.',
        note: ' zvonit 2x ',
      },
      13490,
    );
    expect(courier).toMatchObject({
      billing_address: { company: 'Acme s.r.o.' },
      delivery_address: { street: 'Masarykova 1', city: 'Brno', zip: '60200', country: 'CZ' },
      delivery: { method: 'courier', timeslot_id: 'slot-1' },
      order_info: { note: 'zvonit 2x' },
      expected_total: 13490,
    });
    expect(finishRequest({ ...filled, delivery: 'pickup_point', place_id: 'Z-1' }).delivery).toEqual({
      method: 'pickup_point',
      place_id: 'Z-1',
    });
  });

  it('puts the API’s field messages under the form’s fields', () => {
    expect(fieldOfPath('customer.email')).toBe('email');
    expect(fieldOfPath('billing_address.zip')).toBe('zip');
    expect(fieldOfPath('delivery_address.zip')).toBe('delivery_zip');
    expect(fieldOfPath('delivery.place_id')).toBe('place_id');
    expect(fieldOfPath('delivery')).toBe('delivery');
    expect(fieldOfPath('payment.method')).toBe('payment');
    expect(fieldOfPath('order_info.consents.privacy')).toBe('privacy');
    expect(fieldOfPath('expected_total')).toBeNull();
    expect(
      placeProblemMessages({ 'customer.email': ['Neplatný e-mail'], 'delivery.place_id': ['Přetížené místo'], '': ['Obecně'] }),
    ).toEqual({ fields: { email: 'Neplatný e-mail', place_id: 'Přetížené místo' }, general: ['Obecně'] });
  });

  it('keeps one Idempotency-Key while the body is the same, a new one for a changed body', () => {
    let n = 0;
    const fresh = () => `key-${++n}`;
    const first = attemptKey(null, 'A', fresh);
    expect(first).toEqual({ key: 'key-1', body: 'A' });
    expect(attemptKey(first, 'A', fresh)).toBe(first);
    expect(attemptKey(first, 'B', fresh)).toEqual({ key: 'key-2', body: 'B' });
  });
});

describe('the checkout’s lists', () => {
  it('reads methods from a list or a named field, with labels and fees', () => {
    expect(choicesOf([{ code: 'courier', label: 'Kurýr', fee: 99 }])).toEqual([
      { code: 'courier', label: 'Kurýr', fee: 99, free_from: null, description: null, available: true, stores: [] },
    ]);
    expect(choicesOf({ methods: [{ method: 'card', name: 'Kartou', price: 0, available: false }] }, 'methods')).toEqual([
      { code: 'card', label: 'Kartou', fee: 0, free_from: null, description: null, available: false, stores: [] },
    ]);
    const pickup = choicesOf(
      {
        deliveries: [
          {
            code: 'store_pickup',
            name: 'Na prodejně',
            fee: 0,
            stores: [{ id: 'PRG1', name: 'Praha Anděl', street: 'Nádražní 1', city: 'Praha', ready_by: '2026-11-24T10:30:00Z' }],
          },
        ],
      },
      'deliveries',
    );
    expect(pickup[0]?.stores).toEqual([
      { id: 'PRG1', name: 'Praha Anděl', address: 'Nádražní 1, Praha', ready_by: '2026-11-24T10:30:00Z' },
    ]);
    expect(choicesOf({ nothing: true })).toEqual([]);
  });

  it('charges a delivery nothing from its free_from on, as the finish quotes it', () => {
    const [pickupPoint] = choicesOf([{ code: 'pickup_point', label: 'Výdejní místo', fee: 69, free_from: 3_000 }]);
    if (!pickupPoint) throw new Error('unreachable: one choice given');
    expect(pickupPoint.free_from).toBe(3_000);
    expect(pricedFor(pickupPoint, 2_999).fee).toBe(69);
    expect(pricedFor(pickupPoint, 3_000).fee).toBe(0);
    const [sameDay] = choicesOf([{ code: 'same_day_courier', label: 'Kurýr ještě dnes', fee: 199 }]);
    if (!sameDay) throw new Error('unreachable: one choice given');
    expect(pricedFor(sameDay, 1_000_000).fee).toBe(199);
  });

  it('reads pickup points and timeslots', () => {
    expect(placesOf({ places: [{ id: 'Z1', name: 'Z-BOX Praha', street: 'Dlouhá 1', zip: '11000', city: 'Praha' }] })).toEqual([
      {
        id: 'Z1',
        name: 'Z-BOX Praha',
        address: 'Dlouhá 1, 11000 Praha',
        raw: { id: 'Z1', name: 'Z-BOX Praha', street: 'Dlouhá 1', zip: '11000', city: 'Praha' },
      },
    ]);
    expect(
      timeslotsOf({ timeslots: [{ id: 's1', from: '2026-11-25T09:00:00Z', to: '2026-11-25T11:00:00Z' }] }, 'Europe/Prague'),
    ).toEqual([{ id: 's1', label: '25.11.2026 10:00–12:00' }]);
  });
});
