import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import { confirmed, NUMBER, paid, placed } from '../testing';
import type { ClawBackBonus } from './decide';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-25T10:00:00.000Z';
const BUYBACK = '202611240001';
const clawBack = (remaining: number, reason: ClawBackBonus['reason'] = 'offer_revised'): ClawBackBonus => ({
  type: 'ClawBackBonus',
  buyback_number: BUYBACK,
  bonus: 800,
  remaining,
  reason,
  at: AT,
});
const clawedBack = (amount: number, settlement: 'added_to_total' | 'payment_request', reason = 'offer_revised' as const) =>
  ({
    type: 'OrderBonusClawedBack',
    data: { number: NUMBER, buyback_number: BUYBACK, amount, reason, settlement, at: AT },
  }) as const;

describe('ClawBackBonus', () => {
  it('raises what an unpaid order costs by what the bonus lost', () => {
    given(placed()).when(clawBack(500)).then(clawedBack(300, 'added_to_total'));
  });

  it('asks the customer of a paid order for it', () => {
    given(placed(), paid(), confirmed())
      .when(clawBack(0, 'cancelled'))
      .then({ ...clawedBack(800, 'payment_request'), data: { ...clawedBack(800, 'payment_request').data, reason: 'cancelled' } });
  });

  it('claws back once: the same news again records nothing, a lower price later only the rest', () => {
    given(placed(), clawedBack(300, 'added_to_total')).when(clawBack(500)).then();
    given(placed(), clawedBack(300, 'added_to_total'))
      .when(clawBack(0, 'revised_offer_rejected'))
      .then({
        ...clawedBack(500, 'added_to_total'),
        data: { ...clawedBack(500, 'added_to_total').data, reason: 'revised_offer_rejected' },
      });
  });

  it('records nothing when the bonus is worth as much as before, or the order was cancelled', () => {
    given(placed()).when(clawBack(800)).then();
    given(placed(), {
      type: 'OrderCancelled',
      data: { number: NUMBER, by: 'customer', reason: null, refund: false, at: AT },
    })
      .when(clawBack(0))
      .then();
  });

  it('is refused for an order never placed', () => {
    given().when(clawBack(0)).thenThrows(IllegalState, 'order.not_placed');
  });
});
