import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound } from '@buyloop/kit';
import { cartDecider } from '../decider';
import { added, AT, CASE, INSURANCE, line, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);
const remove = (item_id: string) => ({ type: 'RemoveItem', item_id, at: AT }) as const;

describe('RemoveItem', () => {
  it('removes a device with its package', () => {
    given(
      added(line('d', PHONE)),
      added(line('ins', INSURANCE, { parent_item_id: 'd' })),
      added(line('case', CASE, { parent_item_id: 'd' })),
      added(line('other', CASE)),
    )
      .when(remove('d'))
      .then({ type: 'CartItemRemoved', data: { item_id: 'd', removed_item_ids: ['d', 'ins', 'case'], at: AT } });
  });

  it('removes one child and leaves its device', () => {
    given(added(line('d', PHONE)), added(line('case', CASE, { parent_item_id: 'd' })))
      .when(remove('case'))
      .then({ type: 'CartItemRemoved', data: { item_id: 'case', removed_item_ids: ['case'], at: AT } });
  });

  it('refuses an item of another cart, or one removed already', () => {
    given(added(line('d', PHONE)))
      .when(remove('foreign'))
      .thenThrows(NotFound, 'cart.item_not_found');
    given(added(line('d', PHONE)), { type: 'CartItemRemoved', data: { item_id: 'd', removed_item_ids: ['d'], at: AT } })
      .when(remove('d'))
      .thenThrows(NotFound, 'cart.item_not_found');
  });

  it('refuses a cart taken into an account’s cart', () => {
    given(added(line('d', PHONE)), { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when(remove('d'))
      .thenThrows(IllegalState, 'cart.merged');
  });
});
