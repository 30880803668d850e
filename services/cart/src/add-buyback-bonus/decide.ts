import { CART_ERROR_CODES, CART_PARENT_KIND } from '@buyloop/contracts';
import { BUYBACK_BONUS_ERROR_CODES } from '@buyloop/contracts/cart/http';
import { IllegalState } from '@buyloop/kit';
import { buybackBonusAmount, type BuybackBonus, type CartEvent } from '../events';
import { assertOpen, itemOf, type CartState } from '../state';

/**
 * Spec 9's buy-back bonus on a device line. The route looks the buy-back up
 * (the buy-back context's read model, by name) and checks it is the
 * customer's before the decision; what it found arrives here, so the
 * decision stays pure.
 */
export interface AddBuybackBonus {
  readonly type: 'AddBuybackBonus';
  readonly item_id: string;
  readonly buyback: {
    readonly number: string;
    /** A sale still under way that has not been paid out, cancelled, returned or held in quarantine. */
    readonly eligible: boolean;
    /** The price the buy-back offers now: the bonus's basis. */
    readonly price: number;
    /** It gives a bonus already in another cart or an order. */
    readonly used_elsewhere: boolean;
  };
  readonly percent: number;
  /** The market's most per bonus. */
  readonly max: number;
  readonly at: string;
}

export function addBuybackBonus(command: AddBuybackBonus, state: CartState): CartEvent[] {
  assertOpen(state);
  const item = itemOf(state, command.item_id);
  if (item.kind !== CART_PARENT_KIND)
    throw new IllegalState(CART_ERROR_CODES.bonusNeedsDevice, 'The buy-back bonus is given on a device only');
  const { buyback } = command;
  if (!buyback.eligible)
    throw new IllegalState(BUYBACK_BONUS_ERROR_CODES.notEligible, 'This buy-back cannot give a bonus (any more)');
  const held = state.buyback_bonuses ?? [];
  const same = held.find((bonus) => bonus.buyback_number === buyback.number);
  if (same?.item_id === item.item_id) return [];
  if (same || buyback.used_elsewhere)
    throw new IllegalState(BUYBACK_BONUS_ERROR_CODES.used, 'This buy-back gives a bonus already');
  const cap = Math.min(command.max, item.unit_price);
  const amount = buybackBonusAmount(buyback.price, command.percent, cap);
  if (amount <= 0) throw new IllegalState(BUYBACK_BONUS_ERROR_CODES.notEligible, 'This buy-back gives no bonus');
  const bonus: BuybackBonus = {
    item_id: item.item_id,
    buyback_number: buyback.number,
    amount,
    percent: command.percent,
    basis: buyback.price,
    cap,
  };
  // One bonus per device: another buy-back's bonus on it is replaced (and that buy-back is free again).
  const replaced = held.find((bonus) => bonus.item_id === item.item_id);
  return [
    ...(replaced
      ? [
          {
            type: 'BuybackBonusRemoved' as const,
            data: { item_id: item.item_id, buyback_number: replaced.buyback_number, reason: 'replaced' as const, at: command.at },
          },
        ]
      : []),
    { type: 'BuybackBonusAttached', data: { bonus, at: command.at } },
  ];
}
