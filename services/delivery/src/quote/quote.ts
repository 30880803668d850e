import { assertNever, currencyOf, type Market } from '@buyloop/kit';
import type { DeliveryQuote, DeliveryQuoteRequest } from '@buyloop/contracts/delivery/port';
import type { Carrier, CollectionStore } from '../carrier/carrier';
import { availability, isDeliveryMethod, type Goods } from '../methods/methods';
import { feeFor } from '../methods/fees';
import { readyBy } from '../methods/ready-by';

/** A pickup point as the import stored it. */
export interface StoredPlace {
  readonly id: string;
  readonly name: string;
  readonly street: string;
  readonly city: string;
  readonly available: boolean;
}

/** A store of the market as the catalogue publishes it. */
export interface Store extends CollectionStore {
  readonly name: string;
  readonly street: string;
  readonly zip: string;
}

/** What the quote needs to know beyond the request, looked up before it decides. */
export interface QuoteFacts {
  readonly market: Market;
  readonly at: Date;
  readonly goods: readonly Goods[];
  readonly stores: readonly Store[];
  /** The requested pickup point (null: none under that id). */
  readonly place: StoredPlace | null;
  readonly carrier: Carrier;
}

const refuse = (
  code: 'delivery.method_unavailable' | 'delivery.place_unavailable' | 'delivery.timeslot_unavailable',
  field: string,
): DeliveryQuote => ({ ok: false, code, field });

/**
 * The delivery context's answer to the checkout (DELIVERY_QUOTES_PORT):
 * the method must be one this cart can use, its place, store and timeslot
 * must exist and be open now, and the fee follows the market's table.
 * Pure over its facts, so the finish and the route that shows the methods
 * cannot disagree.
 */
export function decideQuote(request: DeliveryQuoteRequest, facts: QuoteFacts): DeliveryQuote {
  const { method } = request;
  if (!isDeliveryMethod(method)) return refuse('delivery.method_unavailable', 'method');
  if (!availability(method, facts.goods, { stores: facts.stores.length }).available)
    return refuse('delivery.method_unavailable', 'method');
  const base = {
    ok: true as const,
    method,
    fee: feeFor(facts.market, method, request.goods_total),
    currency: currencyOf(facts.market),
  };
  const storeOf = () => facts.stores.find((store) => store.id === request.store_id) ?? null;
  switch (method) {
    case 'electronic':
      return { ...base, label: 'e-mail' };
    case 'pickup_point': {
      const place = facts.place;
      if (!request.place_id || !place || place.id !== request.place_id || !place.available)
        return refuse('delivery.place_unavailable', 'place_id');
      return { ...base, label: `${place.name}, ${place.street}, ${place.city}`, place_id: place.id };
    }
    case 'store_pickup': {
      const store = storeOf();
      if (!store) return refuse('delivery.place_unavailable', 'store_id');
      const ready = readyBy(store.openingHours, facts.at, facts.market);
      return {
        ...base,
        label: `${store.name}, ${store.street}, ${store.city}`,
        store_id: store.id,
        ...(ready ? { ready_by: ready.toISOString() } : {}),
      };
    }
    case 'courier': {
      if (!request.address) return refuse('delivery.method_unavailable', 'delivery_address');
      const slots = facts.carrier.courierTimeslots({ market: facts.market, zip: request.address.zip, at: facts.at });
      const slot = slots.find((candidate) => candidate.id === request.timeslot_id);
      if (!slot?.available) return refuse('delivery.timeslot_unavailable', 'timeslot_id');
      return {
        ...base,
        label: `${request.address.street}, ${request.address.zip} ${request.address.city}`,
        timeslot: { id: slot.id, from: slot.from, to: slot.to },
      };
    }
    case 'same_day_courier': {
      const store = storeOf();
      if (!store) return refuse('delivery.place_unavailable', 'store_id');
      if (!request.address) return refuse('delivery.method_unavailable', 'delivery_address');
      const answer = facts.carrier.sameDay({ market: facts.market, store, address: request.address, at: facts.at });
      if (!answer.available) return refuse('delivery.method_unavailable', 'delivery_address');
      const slot = answer.timeslots.find((candidate) => candidate.id === request.timeslot_id);
      if (!slot) return refuse('delivery.timeslot_unavailable', 'timeslot_id');
      return {
        ...base,
        label: `${request.address.street}, ${request.address.zip} ${request.address.city}`,
        store_id: store.id,
        timeslot: { id: slot.id, from: slot.from, to: slot.to },
      };
    }
    default:
      return assertNever(method, 'delivery method');
  }
}
