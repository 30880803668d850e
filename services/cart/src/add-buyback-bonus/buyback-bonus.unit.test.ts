import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState, NotFound } from '@buyloop/kit';
import { cartDecider } from '../decider';
import type { BuybackBonus } from '../events';
import { added, AT, CASE, line, PHONE } from '../testing';

const { given } = deciderSpec(cartDecider);
const BUYBACK = '202611240001';
const OTHER = '202611240002';

const addBonus = (
  item_id: string,
  overrides: Partial<{ number: string; eligible: boolean; price: number; used_elsewhere: boolean }> = {},
) =>
  ({
    type: 'AddBuybackBonus',
    item_id,
    buyback: { number: BUYBACK, eligible: true, price: 8_000, used_elsewhere: false, ...overrides },
    percent: 10,
    max: 2_000,
    at: AT,
  }) as const;
const bonus = (item_id: string, overrides: Partial<BuybackBonus> = {}): BuybackBonus => ({
  item_id,
  buyback_number: BUYBACK,
  amount: 800,
  percent: 10,
  basis: 8_000,
  cap: 2_000,
  ...overrides,
});
const attached = (held: BuybackBonus) => ({ type: 'BuybackBonusAttached', data: { bonus: held, at: AT } }) as const;
const removed = (item_id: string, reason: 'customer' | 'replaced' | 'clawed_back', buyback_number = BUYBACK) =>
  ({ type: 'BuybackBonusRemoved', data: { item_id, buyback_number, reason, at: AT } }) as const;
const clawBack = (price: number | null, buyback_number = BUYBACK) =>
  ({ type: 'ClawBackBuybackBonus', buyback_number, price, at: AT }) as const;

describe('the buy-back bonus (spec 9: up to {0} %)', () => {
  it('gives a device 10 % of the buy-back’s offered price, recording the price as its basis', () => {
    given(added(line('d', PHONE)))
      .when(addBonus('d'))
      .then(attached(bonus('d')));
  });

  it('is at most the market’s maximum and never more than the device’s price', () => {
    given(added(line('d', PHONE)))
      .when(addBonus('d', { price: 30_000 }))
      .then(attached(bonus('d', { amount: 2_000, basis: 30_000 })));
    const cheap = line('d', PHONE, { unit_price: 1_500 });
    given(added(cheap))
      .when(addBonus('d', { price: 30_000 }))
      .then(attached(bonus('d', { amount: 1_500, basis: 30_000, cap: 1_500 })));
  });

  it('changes nothing when the device holds that buy-back’s bonus already', () => {
    given(added(line('d', PHONE)), attached(bonus('d')))
      .when(addBonus('d'))
      .then();
  });

  it('replaces another buy-back’s bonus on the same device', () => {
    given(added(line('d', PHONE)), attached(bonus('d', { buyback_number: OTHER })))
      .when(addBonus('d'))
      .then(removed('d', 'replaced', OTHER), attached(bonus('d')));
  });

  it('is refused: one buy-back gives one bonus', () => {
    given(added(line('d', PHONE)), added(line('e', PHONE)), attached(bonus('d')))
      .when(addBonus('e'))
      .thenThrows(IllegalState, 'cart.buyback_bonus_used');
    given(added(line('d', PHONE)))
      .when(addBonus('d', { used_elsewhere: true }))
      .thenThrows(IllegalState, 'cart.buyback_bonus_used');
  });

  it('is refused for a buy-back that cannot give one, on what is no device, and on another cart’s item', () => {
    given(added(line('d', PHONE)))
      .when(addBonus('d', { eligible: false }))
      .thenThrows(IllegalState, 'cart.buyback_not_eligible');
    given(added(line('d', PHONE)))
      .when(addBonus('d', { price: 0 }))
      .thenThrows(IllegalState, 'cart.buyback_not_eligible');
    given(added(line('c', CASE)))
      .when(addBonus('c'))
      .thenThrows(IllegalState, 'cart.bonus_needs_device');
    given(added(line('d', PHONE)))
      .when(addBonus('foreign'))
      .thenThrows(NotFound, 'cart.item_not_found');
  });

  it('is refused on a cart taken into an account’s cart', () => {
    given(added(line('d', PHONE)), { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } })
      .when(addBonus('d'))
      .thenThrows(IllegalState, 'cart.merged');
  });

  it('is taken off by the customer; without one nothing changes', () => {
    given(added(line('d', PHONE)), attached(bonus('d')))
      .when({ type: 'RemoveBuybackBonus', item_id: 'd', at: AT })
      .then(removed('d', 'customer'));
    given(added(line('d', PHONE)))
      .when({ type: 'RemoveBuybackBonus', item_id: 'd', at: AT })
      .then();
    given(added(line('d', PHONE)))
      .when({ type: 'RemoveBuybackBonus', item_id: 'foreign', at: AT })
      .thenThrows(NotFound, 'cart.item_not_found');
  });

  it('goes with its device line, so the buy-back can give it again', () => {
    given(added(line('d', PHONE)), added(line('e', PHONE)), attached(bonus('d')), {
      type: 'CartItemRemoved',
      data: { item_id: 'd', removed_item_ids: ['d'], at: AT },
    })
      .when(addBonus('e'))
      .then(attached(bonus('e')));
  });
});

describe('the buy-back bonus clawed back on the cart', () => {
  it('is worked out again from a revised price below its basis', () => {
    given(added(line('d', PHONE)), attached(bonus('d')))
      .when(clawBack(5_000))
      .then({ type: 'BuybackBonusReduced', data: { item_id: 'd', buyback_number: BUYBACK, amount: 500, price: 5_000, at: AT } });
  });

  it('is taken off when the buy-back falls through', () => {
    given(added(line('d', PHONE)), attached(bonus('d')))
      .when(clawBack(null))
      .then(removed('d', 'clawed_back'));
  });

  it('changes nothing for a price at or above its basis, the same news twice, or another buy-back', () => {
    given(added(line('d', PHONE)), attached(bonus('d')))
      .when(clawBack(9_000))
      .then();
    given(added(line('d', PHONE)), attached(bonus('d')), {
      type: 'BuybackBonusReduced',
      data: { item_id: 'd', buyback_number: BUYBACK, amount: 500, price: 5_000, at: AT },
    })
      .when(clawBack(5_000))
      .then();
    given(added(line('d', PHONE)), attached(bonus('d')))
      .when(clawBack(null, OTHER))
      .then();
  });
});
