import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { cartDecider } from '../decider';
import type { AddItem } from './decide';
import { added, AT, CASE, EXTENSION, INSURANCE, line, offer, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);

const add = (overrides: Partial<AddItem> = {}): AddItem => ({
  type: 'AddItem',
  item_id: 'i-new',
  offer: PHONE,
  quantity: 1,
  parent_item_id: null,
  installment: null,
  insurance: null,
  warranty: null,
  at: AT,
  ...overrides,
});

describe('AddItem', () => {
  it('adds a product at the catalogue’s current price, with its installment arrangement', () => {
    given()
      .when(add({ quantity: 2, installment: 'online' }))
      .then(added(line('i-new', PHONE, { quantity: 2, installment: 'online' })));
  });

  it('raises the plain line the cart holds for the same product instead of adding a second one', () => {
    given(added(line('i1', PHONE)))
      .when(add({ quantity: 2 }))
      .then({ type: 'CartItemQuantityChanged', data: { item_id: 'i1', quantity: 3, unit_price: 20_000, at: AT } });
  });

  it('re-prices the raised line at the catalogue’s price now, not the first add’s', () => {
    given(added(line('i1', offer('PHONE', { ...PHONE, price: 18_000 }))))
      .when(add({ offer: offer('PHONE', { ...PHONE, price: 21_000 }) }))
      .then({ type: 'CartItemQuantityChanged', data: { item_id: 'i1', quantity: 2, unit_price: 21_000, at: AT } });
  });

  it('refuses an insurance or a warranty extension as a product: only `insurance_id` / `warranty_months` add them', () => {
    // Under a device through parent_item_id: it would skip the offered-with check, the device's pieces and the months.
    const otherInsurance = offer('INS-OTHER', { kind: 'insurance', available: null });
    given(added(line('i1', PHONE, { quantity: 3 })))
      .when(add({ offer: otherInsurance, parent_item_id: 'i1' }))
      .thenThrows(ValidationError, 'cart.cover_needs_device');
    given(added(line('i1', PHONE)))
      .when(add({ offer: EXTENSION, parent_item_id: 'i1' }))
      .thenThrows(ValidationError, 'cart.cover_needs_device');
    // Alone, as a line of its own.
    given()
      .when(add({ offer: otherInsurance }))
      .thenThrows(ValidationError, 'cart.cover_needs_device');
    given()
      .when(add({ offer: EXTENSION }))
      .thenThrows(ValidationError, 'cart.cover_needs_device');
    // Even one the device is offered with.
    given(added(line('i1', PHONE)))
      .when(add({ offer: INSURANCE, parent_item_id: 'i1' }))
      .thenThrows(ValidationError, 'cart.cover_needs_device');
  });

  it('keeps a line with another installment arrangement apart', () => {
    given(added(line('i1', PHONE)))
      .when(add({ installment: 'on-store' }))
      .then(added(line('i-new', PHONE, { installment: 'on-store' })));
  });

  it('puts an accessory under a device already in the cart (a package)', () => {
    given(added(line('i1', PHONE)))
      .when(add({ offer: CASE, parent_item_id: 'i1' }))
      .then(added(line('i-new', CASE, { parent_item_id: 'i1' })));
  });

  it('adds a device with its insurance and a paid warranty extension as its package', () => {
    given()
      .when(
        add({ insurance: { item_id: 'i-ins', offer: INSURANCE }, warranty: { item_id: 'i-war', offer: EXTENSION, months: 12 } }),
      )
      .then(
        added(line('i-new', PHONE)),
        added(line('i-ins', INSURANCE, { parent_item_id: 'i-new' })),
        added(line('i-war', EXTENSION, { parent_item_id: 'i-new', warranty_months: 12 })),
      );
  });

  it('refuses an unknown product under `product`', () => {
    given()
      .when(add({ offer: null }))
      .thenThrows(ValidationError, 'cart.product_unknown');
  });

  it('refuses a discontinued product, one without a price, and more pieces than are available (spec 8)', () => {
    given()
      .when(add({ offer: offer('OLD', { for_sale: false }) }))
      .thenThrows(IllegalState, 'cart.product_unavailable');
    given()
      .when(add({ offer: offer('NOPRICE', { price: null }) }))
      .thenThrows(IllegalState, 'cart.product_unavailable');
    given()
      .when(add({ offer: offer('GONE', { available: 0 }) }))
      .thenThrows(IllegalState, 'cart.product_unavailable');
    given()
      .when(add({ offer: offer('FEW', { available: 2 }), quantity: 3 }))
      .thenThrows(IllegalState, 'cart.product_unavailable');
    // What the cart holds already counts against the stock.
    given(added(line('i1', PHONE, { quantity: 4 })))
      .when(add({ quantity: 2 }))
      .thenThrows(IllegalState, 'cart.product_unavailable');
  });

  it('sells a pre-order or external-stock product without a stock limit', () => {
    given()
      .when(add({ offer: offer('PRE', { available: null }), quantity: 10 }))
      .then(added(line('i-new', offer('PRE', { available: null }), { quantity: 10 })));
  });

  it('refuses quantities out of range, and a raise past the most pieces of a line', () => {
    for (const quantity of [0, -1, 11, 1.5, Number.MAX_SAFE_INTEGER + 2])
      given().when(add({ quantity })).thenThrows(ValidationError, 'cart.quantity_out_of_range');
    given(added(line('i1', offer('PRE', { available: null }), { quantity: 9 })))
      .when(add({ offer: offer('PRE', { available: null }), quantity: 2 }))
      .thenThrows(ValidationError, 'cart.quantity_out_of_range');
  });

  it('refuses more lines than a cart holds', () => {
    const full = Array.from({ length: 50 }, (_, index) => added(line(`i${index}`, offer(`P${index}`))));
    given(...full)
      .when(add())
      .thenThrows(IllegalState, 'cart.too_many_items');
    // A device with its package needs room for all of it.
    given(...full.slice(1))
      .when(add({ insurance: { item_id: 'i-ins', offer: INSURANCE } }))
      .thenThrows(IllegalState, 'cart.too_many_items');
  });

  it('refuses a parent that is not in this cart', () => {
    given(added(line('i1', PHONE)))
      .when(add({ offer: CASE, parent_item_id: 'someone-elses' }))
      .thenThrows(NotFound, 'cart.item_not_found');
  });

  it('refuses a parent that is not a device, a child of a child, and a device under a device', () => {
    given(added(line('i1', CASE)))
      .when(add({ offer: CASE, parent_item_id: 'i1' }))
      .thenThrows(ValidationError, 'cart.parent_not_device');
    given(added(line('i1', PHONE)), added(line('i2', offer('CHILDPHONE'), { parent_item_id: 'i1' })))
      .when(add({ offer: CASE, parent_item_id: 'i2' }))
      .thenThrows(ValidationError, 'cart.parent_not_device');
    given(added(line('i1', PHONE)))
      .when(add({ offer: offer('TABLET'), parent_item_id: 'i1' }))
      .thenThrows(ValidationError, 'cart.child_is_device');
  });

  it('refuses an insurance that is unknown, not an insurance, not offered with the device, or for a product that is no device', () => {
    given()
      .when(add({ insurance: { item_id: 'i-ins', offer: null } }))
      .thenThrows(ValidationError, 'cart.product_unknown');
    given()
      .when(add({ insurance: { item_id: 'i-ins', offer: CASE } }))
      .thenThrows(ValidationError, 'cart.not_insurance');
    given()
      .when(add({ insurance: { item_id: 'i-ins', offer: offer('INS2', { kind: 'insurance' }) } }))
      .thenThrows(ValidationError, 'cart.not_insurance');
    given()
      .when(add({ offer: CASE, insurance: { item_id: 'i-ins', offer: INSURANCE } }))
      .thenThrows(ValidationError, 'cart.insurance_needs_device');
  });

  it('refuses warranty months the device is not offered with, and a warranty on what is no device', () => {
    given()
      .when(add({ warranty: { item_id: 'i-war', offer: null, months: 36 } }))
      .thenThrows(ValidationError, 'cart.warranty_unavailable');
    given()
      .when(add({ warranty: { item_id: 'i-war', offer: EXTENSION, months: 24 } }))
      .thenThrows(ValidationError, 'cart.warranty_unavailable');
    given()
      .when(add({ offer: CASE, warranty: { item_id: 'i-war', offer: EXTENSION, months: 12 } }))
      .thenThrows(ValidationError, 'cart.warranty_unavailable');
  });

  it('refuses a cart taken into an account’s cart', () => {
    given({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when(add())
      .thenThrows(IllegalState, 'cart.merged');
  });
});
