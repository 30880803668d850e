import { currencyOf, IllegalState, type Market } from '@buyloop/kit';
import type { PriceEvent } from '../events';
import { checkPriceInput, PRICING_ERRORS } from '../rules';
import { regularPriceAt } from '../schedule';
import type { PricingState } from '../state';

/**
 * A time-limited offer: a reduced price from `validFrom` (now when null) until
 * `validTo`, after which the regular price applies again by itself.
 *
 * An offer reduces a regular price that was applied before it starts: it is
 * refused when no regular price is in force before `validFrom` (there would be
 * no price to have been reduced, and no Omnibus "lowest price in the previous
 * 30 days" to show) and when it is not below the regular price it starts from.
 * The same offer id with the same terms is a repeated request (nothing new).
 */
export interface ScheduleOffer {
  readonly type: 'ScheduleOffer';
  readonly code: string;
  readonly market: Market;
  readonly offerId: string;
  readonly price: number;
  readonly validFrom: string | null;
  readonly validTo: string;
  readonly at: string;
  readonly allowPast?: boolean;
}

export function decideScheduleOffer(command: ScheduleOffer, state: PricingState): PriceEvent[] {
  const window = checkPriceInput(command, command.market, command.at);
  const validFrom = window.validFrom;
  const validTo = window.validTo!;
  const existing = state.schedule.offers.find((offer) => offer.offerId === command.offerId);
  if (existing) {
    if (existing.price === command.price && existing.validFrom === validFrom && existing.validTo === validTo) return [];
    throw new IllegalState(PRICING_ERRORS.offerExists, `Offer ${command.offerId} exists with other terms`, {
      offer_id: command.offerId,
    });
  }
  const before = regularPriceAt(state.schedule, new Date(new Date(validFrom).getTime() - 1).toISOString());
  if (before === null)
    throw new IllegalState(PRICING_ERRORS.noRegularPrice, 'An offer needs a regular price in force before it starts');
  const regular = regularPriceAt(state.schedule, validFrom)!;
  if (command.price >= regular)
    throw new IllegalState(
      PRICING_ERRORS.offerNotReduced,
      `The offer ${command.price} is not below the regular price ${regular}`,
      {
        price: command.price,
        regular_price: regular,
      },
    );
  return [
    {
      type: 'OfferScheduled',
      data: {
        code: command.code,
        market: command.market,
        currency: currencyOf(command.market),
        offerId: command.offerId,
        price: command.price,
        validFrom,
        validTo,
        at: command.at,
      },
    },
  ];
}
