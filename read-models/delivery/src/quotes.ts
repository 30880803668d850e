import type { DeliveryQuotes } from '@buyloop/contracts/delivery/port';
import type { DocumentStore } from '@buyloop/document-store';
import type { Clock, Market } from '@buyloop/kit';
import { decideQuote, type Carrier, type StoredPlace } from '@buyloop/delivery';
import type { OtherContexts } from './other-contexts';
import { PICKUP_POINTS_COLLECTION, type PickupPointDocument } from './pickup-points';

/** DELIVERY_QUOTES_PORT: the facts looked up (the place, the stores, which items are licences), then the pure quote. */
export function deliveryQuotes(deps: {
  readonly documents: Pick<DocumentStore, 'get'>;
  readonly others: OtherContexts;
  readonly carrier: Carrier;
  readonly market: Market;
  readonly clock: Clock;
}): DeliveryQuotes {
  return {
    async quote(request) {
      // An id no carrier writes is no place (and never reaches the store as a key it would refuse).
      const placeId =
        request.method === 'pickup_point' && request.place_id && /^[\w-]{1,40}$/.test(request.place_id)
          ? request.place_id
          : undefined;
      const [stores, goods, document] = await Promise.all([
        deps.others.stores(),
        deps.others.goods(request.items.map((item) => ({ code: item.code, quantity: item.quantity }))),
        placeId ? deps.documents.get<PickupPointDocument>(PICKUP_POINTS_COLLECTION, placeId) : Promise.resolve(null),
      ]);
      const place: StoredPlace | null =
        document && document.market === deps.market
          ? { id: document.id, name: document.name, street: document.street, city: document.city, available: document.available }
          : null;
      return decideQuote(request, { market: deps.market, at: deps.clock(), goods, stores, place, carrier: deps.carrier });
    },
  };
}
