import { currencyOf, type Market } from '@buyloop/kit';
import type { PriceEvent } from '../events';
import { checkPriceInput } from '../rules';
import { regularPriceAt } from '../schedule';
import type { PricingState } from '../state';

/**
 * A regular price from a moment on (now when `validFrom` is null). Setting
 * the price already in force, with nothing else scheduled after it, changes
 * nothing, so a repeated request or a re-imported file writes no event.
 * `allowPast` backdates a price (demo data and migrations writing history),
 * never offered to the back office.
 */
export interface SetPrice {
  readonly type: 'SetPrice';
  readonly code: string;
  readonly market: Market;
  readonly price: number;
  readonly validFrom: string | null;
  readonly at: string;
  readonly allowPast?: boolean;
}

export function decideSetPrice(command: SetPrice, state: PricingState): PriceEvent[] {
  const { validFrom } = checkPriceInput(command, command.market, command.at);
  const laterScheduled = state.schedule.prices.some((entry) => entry.validFrom > validFrom);
  if (!laterScheduled && regularPriceAt(state.schedule, validFrom) === command.price) return [];
  return [
    {
      type: 'PriceSet',
      data: {
        code: command.code,
        market: command.market,
        currency: currencyOf(command.market),
        price: command.price,
        validFrom,
        at: command.at,
      },
    },
  ];
}
