import { buybackBonusAmount, type CartEvent } from '../events';
import type { CartState } from '../state';

/**
 * The buy-back behind a bonus changed (the claw-back process manager): a
 * lower price works the bonus out again from it, a buy-back that fell
 * through (`price` null: cancelled, its revised offer rejected or expired,
 * the device returned) takes the bonus off. A price at or above what the
 * bonus stands on changes nothing, so the same news twice changes it once.
 * Not refused on a closed cart: the bonus must go whatever the visitor does.
 */
export interface ClawBackBuybackBonus {
  readonly type: 'ClawBackBuybackBonus';
  readonly buyback_number: string;
  readonly price: number | null;
  readonly at: string;
}

export function clawBackBuybackBonus(command: ClawBackBuybackBonus, state: CartState): CartEvent[] {
  const held = (state.buyback_bonuses ?? []).find((bonus) => bonus.buyback_number === command.buyback_number);
  if (!held) return [];
  const amount = command.price === null ? 0 : buybackBonusAmount(command.price, held.percent, held.cap);
  if (amount >= held.amount) return [];
  const base = { item_id: held.item_id, buyback_number: held.buyback_number, at: command.at };
  if (amount === 0) return [{ type: 'BuybackBonusRemoved', data: { ...base, reason: 'clawed_back' } }];
  return [{ type: 'BuybackBonusReduced', data: { ...base, amount, price: command.price ?? 0 } }];
}
