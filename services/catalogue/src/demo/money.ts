import type { Market } from '@buyloop/kit';

/**
 * Shelf prices: the tables hold CZK; the Romanian shop's Lei follow at the
 * demo buy-back's rate (1 Lei = 5 CZK). Both end the way shops end prices
 * (12 990 Kč, 549 Kč, 2 599 Lei, 109 Lei), whole units, VAT included.
 */

const CZK_PER_LEU = 5;

function shelfCzk(amount: number): number {
  if (amount >= 1_000) return Math.max(990, Math.round(amount / 100) * 100 - 10);
  return Math.max(49, Math.round(amount / 50) * 50 - 1);
}

function shelfLei(amount: number): number {
  if (amount >= 200) return Math.round(amount / 10) * 10 - 1;
  return Math.max(9, Math.round(amount / 5) * 5 - 1);
}

/** The shelf price in the market's currency of an amount in CZK. */
export const shelfPrice = (czk: number, market: Market): number =>
  market === 'cz' ? shelfCzk(czk) : shelfLei(czk / CZK_PER_LEU);

/** A price below `than`: the shelf price of `czk`, stepped down once more when rounding made it equal or higher. */
export function shelfPriceBelow(czk: number, than: number, market: Market): number {
  const price = shelfPrice(czk, market);
  if (price < than) return price;
  const step = market === 'cz' ? (than > 1_000 ? 100 : 50) : than > 200 ? 10 : 5;
  return Math.max(1, than - step);
}
