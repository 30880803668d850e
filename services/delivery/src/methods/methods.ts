import { assertNever } from '@buyloop/kit';
import { DELIVERY_METHODS, type DeliveryMethod } from '@buyloop/contracts/delivery/port';

/** One line of what is being delivered, as far as delivery cares. */
export interface Goods {
  readonly code: string;
  readonly quantity: number;
  /** A licence delivered by e-mail (the catalogue's electronic_licence): nothing to ship. */
  readonly electronic: boolean;
}

export type MethodAvailability = { readonly available: true } | { readonly available: false; readonly reason: string };

export const DELIVERY_REASONS = {
  /** Only licences in the cart: nothing to ship. */
  electronicOnly: 'delivery.electronic_only',
  /** Something to ship in the cart: e-mail delivery is for carts of licences only. */
  notElectronic: 'delivery.not_electronic',
  /** The market has no store to pick up from or to send a rider from. */
  noStores: 'delivery.no_stores',
} as const;

/**
 * Which methods a cart can use (spec 4: electronic licences by e-mail). A
 * cart of licences only is delivered by e-mail and nothing else; a cart
 * with anything to ship is shipped (its licences travel in the parcel's
 * e-mail as well, which orders sends). An empty cart may look at every
 * physical method. Store pickup and same-day need a store on the market.
 */
export function availability(
  method: DeliveryMethod,
  goods: readonly Goods[],
  context: { readonly stores: number },
): MethodAvailability {
  const electronicOnly = goods.length > 0 && goods.every((line) => line.electronic);
  switch (method) {
    case 'electronic':
      return electronicOnly ? { available: true } : { available: false, reason: DELIVERY_REASONS.notElectronic };
    case 'store_pickup':
    case 'same_day_courier':
      if (electronicOnly) return { available: false, reason: DELIVERY_REASONS.electronicOnly };
      return context.stores > 0 ? { available: true } : { available: false, reason: DELIVERY_REASONS.noStores };
    case 'pickup_point':
    case 'courier':
      return electronicOnly ? { available: false, reason: DELIVERY_REASONS.electronicOnly } : { available: true };
    default:
      return assertNever(method, 'delivery method');
  }
}

export const isDeliveryMethod = (value: string): value is DeliveryMethod =>
  (DELIVERY_METHODS as readonly string[]).includes(value);
