import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound } from '@buyloop/kit';
import { cartDecider } from '../decider';
import { added, AT, CASE, line, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);
const addBonus = (item_id: string, months: 12 | 36) => ({ type: 'AddWarrantyBonus', item_id, months, at: AT }) as const;
const removeBonus = (item_id: string) => ({ type: 'RemoveWarrantyBonus', item_id, at: AT }) as const;
const bonusAdded = (item_id: string, months: 12 | 36) =>
  ({ type: 'WarrantyBonusAdded', data: { item_id, months, at: AT } }) as const;

describe('the free warranty bonus (spec 9)', () => {
  it('gives a device one extra year, or three, and choosing again replaces it', () => {
    given(added(line('d', PHONE)))
      .when(addBonus('d', 12))
      .then(bonusAdded('d', 12));
    given(added(line('d', PHONE)), bonusAdded('d', 12))
      .when(addBonus('d', 36))
      .then(bonusAdded('d', 36));
  });

  it('changes nothing when the device has that bonus already', () => {
    given(added(line('d', PHONE)), bonusAdded('d', 36))
      .when(addBonus('d', 36))
      .then();
  });

  it('is taken off again; without one nothing changes', () => {
    given(added(line('d', PHONE)), bonusAdded('d', 12))
      .when(removeBonus('d'))
      .then({ type: 'WarrantyBonusRemoved', data: { item_id: 'd', at: AT } });
    given(added(line('d', PHONE)))
      .when(removeBonus('d'))
      .then();
  });

  it('is refused on what is no device and on an item of another cart', () => {
    given(added(line('c', CASE)))
      .when(addBonus('c', 12))
      .thenThrows(IllegalState, 'cart.bonus_needs_device');
    given(added(line('d', PHONE)))
      .when(addBonus('foreign', 12))
      .thenThrows(NotFound, 'cart.item_not_found');
    given(added(line('d', PHONE)))
      .when(removeBonus('foreign'))
      .thenThrows(NotFound, 'cart.item_not_found');
  });

  it('is refused on a cart taken into an account’s cart', () => {
    const handedOver = { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } } as const;
    given(added(line('d', PHONE)), handedOver)
      .when(addBonus('d', 12))
      .thenThrows(IllegalState, 'cart.merged');
    given(added(line('d', PHONE)), handedOver)
      .when(removeBonus('d'))
      .thenThrows(IllegalState, 'cart.merged');
  });
});
