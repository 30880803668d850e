import type { CheckoutDiscountPricing } from '@buyloop/cart';

/** How a buy-back bonus is named among the order's discounts: the buy-back's number after a fixed prefix. */
export const BUYBACK_BONUS_CODE_PREFIX = 'BUYBACK-';

/**
 * The checkout prices the cart's buy-back bonuses with its discounts: each
 * is a line of the order's discounts (`BUYBACK-<number>`, the amount the
 * cart holds now), so the order's total is the summary's and the claw-back
 * finds the bonus the order was placed with in the cart's stream. The
 * bonuses are not codes: nothing is claimed for them.
 */
export function withBuybackBonuses(pricing: CheckoutDiscountPricing): CheckoutDiscountPricing {
  return {
    async price(state, at) {
      const priced = await pricing.price(state, at);
      const bonuses = (state.buyback_bonuses ?? [])
        .filter((bonus) => bonus.amount > 0)
        .map((bonus) => ({
          code: `${BUYBACK_BONUS_CODE_PREFIX}${bonus.buyback_number}`,
          title: `Buy-back bonus ${bonus.percent} % (${bonus.buyback_number})`,
          amount: bonus.amount,
        }));
      return { ...priced, lines: [...priced.lines, ...bonuses] };
    },
  };
}
