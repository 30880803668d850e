import type { BonusClawbackReason, OrderEvent } from '../events';
import { placedOf, type OrderState } from '../state';

/**
 * The claw-back process manager found that a buy-back bonus the order was
 * placed with is worth less now (`remaining`, worked out by the cart's rule
 * from the buy-back's new price; 0 when the buy-back fell through). The
 * order claws back what it has not clawed back yet, so the same news (or a
 * replay) twice claws back once, and a later, lower price only the rest.
 */
export interface ClawBackBonus {
  readonly type: 'ClawBackBonus';
  readonly buyback_number: string;
  /** The bonus as the order was placed with it. */
  readonly bonus: number;
  /** What the bonus is worth by the buy-back's price now. */
  readonly remaining: number;
  readonly reason: BonusClawbackReason;
  readonly at: string;
}

export function clawBackBonus(command: ClawBackBonus, state: OrderState): OrderEvent[] {
  const { number } = placedOf(state);
  // A cancelled or withdrawn order is paid back whole (or never paid): no bonus is owed on it.
  if (state.status === 'cancelled' || state.status === 'withdrawn') return [];
  const done = state.clawed_back?.[command.buyback_number] ?? 0;
  const amount = command.bonus - Math.max(0, command.remaining) - done;
  if (amount <= 0) return [];
  return [
    {
      type: 'OrderBonusClawedBack',
      data: {
        number,
        buyback_number: command.buyback_number,
        amount,
        reason: command.reason,
        settlement: state.paid ? 'payment_request' : 'added_to_total',
        at: command.at,
      },
    },
  ];
}
