import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { fold, IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { cartDecider } from '../decider';
import type { ChangeQuantity } from './decide';
import { added, AT, CASE, EXTENSION, INSURANCE, line, offer, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);

const change = (item_id: string, quantity: number, from = PHONE as ReturnType<typeof offer> | null): ChangeQuantity => ({
  type: 'ChangeQuantity',
  item_id,
  quantity,
  offer: from,
  follower_offers: { INS: INSURANCE, WAR12: EXTENSION },
  at: AT,
});
const changed = (item_id: string, quantity: number, unit_price?: number) =>
  ({
    type: 'CartItemQuantityChanged',
    data: { item_id, quantity, ...(unit_price === undefined ? {} : { unit_price }), at: AT },
  }) as const;

describe('ChangeQuantity', () => {
  it('sets an item’s pieces; its insurance and warranty extension follow, an accessory does not', () => {
    given(
      added(line('d', PHONE)),
      added(line('ins', INSURANCE, { parent_item_id: 'd' })),
      added(line('war', EXTENSION, { parent_item_id: 'd', warranty_months: 12 })),
      added(line('case', CASE, { parent_item_id: 'd' })),
    )
      .when(change('d', 3))
      .then(changed('d', 3, 20_000), changed('ins', 3, 1_500), changed('war', 3, 900));
  });

  it('re-prices the raised line and what follows it at the catalogue’s price now; a lowered line keeps its price', () => {
    const phoneAt = (price: number) => offer('PHONE', { ...PHONE, price });
    given(
      added(line('d', phoneAt(18_000))),
      added(line('ins', offer('INS', { ...INSURANCE, price: 1_200 }), { parent_item_id: 'd' })),
    )
      .when({ ...change('d', 2, PHONE), follower_offers: { INS: INSURANCE } })
      .then(changed('d', 2, 20_000), changed('ins', 2, 1_500));
    given(added(line('d', phoneAt(18_000), { quantity: 3 })))
      .when(change('d', 1, PHONE))
      .then(changed('d', 1));
    // The whole line is shown at the new price once raised.
    const state = fold(cartDecider, [added(line('d', phoneAt(18_000))), changed('d', 2, 20_000), changed('d', 1)]);
    expect(state.items[0]).toMatchObject({ quantity: 1, unit_price: 20_000 });
  });

  it('refuses raising a device whose insurance is no longer offered', () => {
    given(added(line('d', PHONE)), added(line('ins', INSURANCE, { parent_item_id: 'd' })))
      .when({ ...change('d', 2), follower_offers: {} })
      .thenThrows(IllegalState, 'cart.product_unavailable');
  });

  it('refuses changing an insurance or a warranty extension under a device on its own: it follows the device', () => {
    const pack = [
      added(line('d', PHONE, { quantity: 3 })),
      added(line('ins', INSURANCE, { parent_item_id: 'd', quantity: 3 })),
      added(line('war', EXTENSION, { parent_item_id: 'd', quantity: 3, warranty_months: 12 })),
    ];
    given(...pack)
      .when(change('ins', 1, INSURANCE))
      .thenThrows(IllegalState, 'cart.quantity_follows_device');
    given(...pack)
      .when(change('war', 5, EXTENSION))
      .thenThrows(IllegalState, 'cart.quantity_follows_device');
    // An accessory under the device keeps pieces of its own.
    given(...pack, added(line('case', CASE, { parent_item_id: 'd' })))
      .when(change('case', 2, CASE))
      .then(changed('case', 2, 500));
  });

  it('changes nothing when the pieces are the same', () => {
    given(added(line('d', PHONE, { quantity: 2 })))
      .when(change('d', 2))
      .then();
  });

  it('lowers pieces even when the product is no longer offered', () => {
    given(added(line('d', PHONE, { quantity: 3 })))
      .when(change('d', 1, null))
      .then(changed('d', 1));
  });

  it('refuses raising past the stock or a product no longer offered (spec 8)', () => {
    given(added(line('d', PHONE)))
      .when(change('d', 6))
      .thenThrows(IllegalState, 'cart.product_unavailable');
    given(added(line('d', PHONE)))
      .when(change('d', 2, null))
      .thenThrows(IllegalState, 'cart.product_unavailable');
    given(added(line('d', PHONE)))
      .when(change('d', 2, offer('PHONE', { for_sale: false })))
      .thenThrows(IllegalState, 'cart.product_unavailable');
  });

  it('refuses quantities out of range', () => {
    for (const quantity of [0, -3, 11])
      given(added(line('d', PHONE)))
        .when(change('d', quantity))
        .thenThrows(ValidationError, 'cart.quantity_out_of_range');
  });

  it('refuses an item of another cart', () => {
    given(added(line('d', PHONE)))
      .when(change('foreign', 2))
      .thenThrows(NotFound, 'cart.item_not_found');
  });

  it('refuses a cart taken into an account’s cart', () => {
    given(added(line('d', PHONE)), { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when(change('d', 2))
      .thenThrows(IllegalState, 'cart.merged');
  });
});
