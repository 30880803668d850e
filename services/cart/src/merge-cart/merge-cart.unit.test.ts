import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { fold, IllegalState } from '@buyloop/kit';
import { cartDecider } from '../decider';
import { countOf } from '../state';
import { added, AT, CASE, INSURANCE, line, offer, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);

describe('MergeCart and HandOverCart (sign-in)', () => {
  const device = line('m-d', PHONE);
  const insurance = line('m-ins', INSURANCE, { parent_item_id: 'm-d' });
  const accessory = line('m-case', CASE);

  it('takes an anonymous cart’s items into the account’s cart', () => {
    given(added(line('a1', CASE)))
      .when({ type: 'MergeCart', from_cart: 'anon', items: [device, insurance, accessory], at: AT })
      .then({ type: 'CartMerged', data: { from_cart: 'anon', items: [device, insurance, accessory], at: AT } });
  });

  it('takes whole packages while they fit under the limit of lines, and leaves the rest', () => {
    const full = Array.from({ length: 49 }, (_, index) => added(line(`i${index}`, offer(`P${index}`))));
    given(...full)
      .when({ type: 'MergeCart', from_cart: 'anon', items: [device, insurance, accessory], at: AT })
      .then({ type: 'CartMerged', data: { from_cart: 'anon', items: [accessory], at: AT } });
  });

  it('changes nothing for an empty anonymous cart', () => {
    given().when({ type: 'MergeCart', from_cart: 'anon', items: [], at: AT }).then();
  });

  it('folds into a cart with every merged item counted', () => {
    const state = fold(cartDecider, [
      added(line('a1', CASE)),
      { type: 'CartMerged', data: { from_cart: 'anon', items: [device, insurance], at: AT } },
    ]);
    expect(state.items.map((item) => item.item_id)).toEqual(['a1', 'm-d', 'm-ins']);
    expect(countOf(state)).toBe(3);
  });

  it('closes the anonymous cart once; said again it changes nothing', () => {
    given()
      .when({ type: 'HandOverCart', into_cart: 'user_1', at: AT })
      .then({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } });
    given({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when({ type: 'HandOverCart', into_cart: 'user_1', at: AT })
      .then();
  });

  it('never merges into a cart that was itself handed over', () => {
    given({ type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when({ type: 'MergeCart', from_cart: 'anon', items: [accessory], at: AT })
      .thenThrows(IllegalState, 'cart.merged');
  });
});
