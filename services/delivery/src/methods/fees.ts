import type { Market } from '@buyloop/kit';
import type { DeliveryMethod } from '@buyloop/contracts/delivery/port';

/**
 * Delivery fees per market, whole CZK / lei with VAT. The spec names no
 * fees: these are the Czech and Romanian market's usual prices for a
 * pickup point, a courier and a same-day courier (a store pickup and a
 * licence by e-mail cost nothing), with free delivery from an order worth
 * roughly an accessory bundle (pickup point) or a phone (courier).
 * Same-day is never free: a rider is paid per trip.
 */
export interface Fee {
  readonly fee: number;
  readonly free_from?: number;
}

export const DELIVERY_FEES: Readonly<Record<Market, Readonly<Record<DeliveryMethod, Fee>>>> = {
  cz: {
    store_pickup: { fee: 0 },
    pickup_point: { fee: 69, free_from: 3_000 },
    courier: { fee: 129, free_from: 5_000 },
    same_day_courier: { fee: 199 },
    electronic: { fee: 0 },
  },
  ro: {
    store_pickup: { fee: 0 },
    pickup_point: { fee: 12, free_from: 500 },
    courier: { fee: 19, free_from: 800 },
    same_day_courier: { fee: 39 },
    electronic: { fee: 0 },
  },
};

/** What the customer pays for a method on an order of `goodsTotal` (whole units with VAT). */
export function feeFor(market: Market, method: DeliveryMethod, goodsTotal: number): number {
  const { fee, free_from: freeFrom } = DELIVERY_FEES[market][method];
  return freeFrom !== undefined && goodsTotal >= freeFrom ? 0 : fee;
}
