import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { buybackBonusClaimDecider, type ClaimBuybackBonus } from './decide';

const { given } = deciderSpec(buybackBonusClaimDecider);
const AT = '2026-11-25T10:00:00.000Z';
const NUMBER = '261124000001';

const claim = (cart_id: string, overrides: Partial<ClaimBuybackBonus> = {}): ClaimBuybackBonus => ({
  type: 'ClaimBuybackBonus',
  buyback_number: NUMBER,
  cart_id,
  item_id: `item-${cart_id}`,
  held_here: false,
  in_order: false,
  stale_at: null,
  at: AT,
  ...overrides,
});
const claimed = (cart_id: string, took_over_from: string | null = null) =>
  ({
    type: 'BuybackBonusClaimed',
    data: { buyback_number: NUMBER, cart_id, item_id: `item-${cart_id}`, took_over_from, at: AT },
  }) as const;
const released = (cart_id: string, reason: 'removed' | 'order_cancelled' = 'removed') =>
  ({ type: 'BuybackBonusClaimReleased', data: { buyback_number: NUMBER, cart_id, reason, at: AT } }) as const;

describe('the buy-back bonus claim (one buy-back, one bonus)', () => {
  it('is taken by the first cart that asks for a free buy-back, or one given back', () => {
    given().when(claim('a')).then(claimed('a'));
    given(claimed('a'), released('a')).when(claim('b')).then(claimed('b'));
  });

  it('is refused to another cart while its holder holds the bonus', () => {
    given(claimed('a')).when(claim('b')).thenThrows(IllegalState, 'cart.buyback_bonus_used');
  });

  it('changes nothing for the cart that holds it with the bonus on a device; renews it for that cart otherwise', () => {
    given(claimed('a'))
      .when(claim('a', { held_here: true }))
      .then();
    given(claimed('a')).when(claim('a')).then(claimed('a'));
  });

  it('is refused to its own cart once the bonus went into an order that stands', () => {
    given(claimed('a'))
      .when(claim('a', { in_order: true }))
      .thenThrows(IllegalState, 'cart.buyback_bonus_used');
  });

  it('is taken over from a holder found stale at the version the stream still has, never at an older one', () => {
    given(claimed('a'))
      .when(claim('b', { stale_at: 1 }))
      .then(claimed('b', 'a'));
    // The holder renewed its claim after it was judged stale: the judgement is of a claim that is gone.
    given(claimed('a'), claimed('a'))
      .when(claim('b', { stale_at: 1 }))
      .thenThrows(IllegalState, 'cart.buyback_bonus_used');
  });

  it('is given back by its holder only; another cart’s release and a second one change nothing', () => {
    const release = (cart_id: string) =>
      ({ type: 'ReleaseBuybackBonus', buyback_number: NUMBER, cart_id, reason: 'removed', at: AT }) as const;
    given(claimed('a')).when(release('a')).then(released('a'));
    given(claimed('a')).when(release('b')).then();
    given(claimed('a'), released('a')).when(release('a')).then();
    given().when(release('a')).then();
  });
});
