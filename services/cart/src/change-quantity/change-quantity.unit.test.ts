import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import { cartDecider } from '../decider';
import type { ChangeQuantity } from './decide';
import { added, AT, CASE, EXTENSION, INSURANCE, line, offer, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);

const change = (item_id: string, quantity: number, from = PHONE as ReturnType<typeof offer> | null): ChangeQuantity => ({
  type: 'ChangeQuantity',
  item_id,
  quantity,
  offer: from,
  at: AT,
});
const changed = (item_id: string, quantity: number) =>
  ({ type: 'CartItemQuantityChanged', data: { item_id, quantity, at: AT } }) as const;

describe('ChangeQuantity', () => {
  it('sets an item’s pieces; its insurance and warranty extension follow, an accessory does not', () => {
    given(
      added(line('d', PHONE)),
      added(line('ins', INSURANCE, { parent_item_id: 'd' })),
      added(line('war', EXTENSION, { parent_item_id: 'd', warranty_months: 12 })),
      added(line('case', CASE, { parent_item_id: 'd' })),
    )
      .when(change('d', 3))
      .then(changed('d', 3), changed('ins', 3), changed('war', 3));
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
