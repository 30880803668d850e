import type { PriceEvent } from './events';

/** Test helpers of the pricing area: moments counted in days from 1 March 2026, and the events of a schedule. */
export const START = Date.UTC(2026, 2, 1);
export const day = (n: number, hour = 0): string => new Date(START + n * 86_400_000 + hour * 3_600_000).toISOString();

export const priceSet = (price: number, validFrom: string, at = validFrom, code = 'IP15-128'): PriceEvent => ({
  type: 'PriceSet',
  data: { code, market: 'cz', currency: 'CZK', price, validFrom, at },
});

export const offerScheduled = (
  offerId: string,
  price: number,
  validFrom: string,
  validTo: string,
  at = validFrom,
  code = 'IP15-128',
): PriceEvent => ({
  type: 'OfferScheduled',
  data: { code, market: 'cz', currency: 'CZK', offerId, price, validFrom, validTo, at },
});
