import type { Request } from 'express';
import { DELIVERY_METHODS } from '@buyloop/contracts/delivery/port';
import {
  deliveriesSchema,
  deliveryPlacesQuerySchema,
  deliveryPlacesSchema,
  deliveryTimeslotsQuerySchema,
  deliveryTimeslotsSchema,
  liftagoAnswerSchema,
  liftagoCheckSchema,
  PLACES_DEFAULT_LIMIT,
  PLACES_MAX_LIMIT,
  ZIP_PATTERNS,
  type DeliveryOption,
} from '@buyloop/contracts/delivery/http';
import type { DocumentStore } from '@buyloop/document-store';
import { json, jsonBody, languageOf, type SecuredRouter } from '@buyloop/http';
import { translate } from '@buyloop/i18n';
import { currencyOf, parseInput, settingsOf, ValidationError, type Clock, type Market } from '@buyloop/kit';
import { availability, DELIVERY_FEES, readyBy, type Carrier } from '@buyloop/delivery';
import type { OtherContexts } from './other-contexts';
import { searchPickupPoints } from './pickup-points';

export const DELIVERY_TAG = 'Delivery';

export interface DeliveryRouteDeps {
  readonly documents: Pick<DocumentStore, 'find'>;
  readonly others: OtherContexts;
  readonly carrier: Carrier;
  readonly market: Market;
  readonly clock: Clock;
}

const invalid = (field: string, code = 'validation.invalid_value', message = `${field} is out of range`) =>
  new ValidationError('validation.failed', { [field]: [code] }, message);

/** Query parameters once: Express reads `?a=1&a=2` as an array, which the schema refuses as a wrong type. */
const queryOf = (req: Request): unknown => ({ ...(req.query as Record<string, unknown>) });

/**
 * The delivery context's routes under the cart's paths (issue 15's shapes):
 * the methods for the visitor's cart, the pickup points, courier windows
 * and the same-day check. Answers are the visitor's own or change by the
 * minute: never cached.
 */
export function deliveryRoutes(r: SecuredRouter, deps: DeliveryRouteDeps): void {
  const currency = currencyOf(deps.market);

  r.get(
    '/api/cart/deliveries',
    'public',
    {
      summary: 'Delivery methods for the visitor’s cart, their fees and whether the cart can use them (spec 7 deliveries)',
      description:
        'Fees are whole CZK or lei with VAT; `free_from` is the goods total from which the fee is 0. A cart of electronic licences only is delivered by e-mail (spec 4); store pickup lists the stores with the time a reservation made now is ready (spec 9: within 30 minutes).',
      responses: { 200: json('The methods', deliveriesSchema) },
    },
    async (req, res) => {
      const language = languageOf(res);
      const [cart, stores] = await Promise.all([deps.others.cartOf(req, res), deps.others.stores()]);
      const goods = await deps.others.goods(cart.lines);
      const at = deps.clock();
      const storeList = stores.map((store) => ({
        id: store.id,
        name: store.name,
        street: store.street,
        city: store.city,
        zip: store.zip,
        lat: store.lat,
        lng: store.lng,
        ready_by: readyBy(store.openingHours, at, deps.market)?.toISOString() ?? null,
      }));
      const deliveries = DELIVERY_METHODS.map((code): DeliveryOption => {
        const fee = DELIVERY_FEES[deps.market][code];
        const state = availability(code, goods, { stores: stores.length });
        return {
          code,
          name: translate(`delivery.name.${code}`, language),
          description: translate(`delivery.description.${code}`, language),
          fee: fee.fee,
          currency,
          ...(fee.free_from !== undefined ? { free_from: fee.free_from } : {}),
          available: state.available,
          ...(state.available ? {} : { reason: state.reason }),
          ...(code === 'store_pickup' || code === 'same_day_courier' ? { stores: storeList } : {}),
        };
      });
      res.set('Cache-Control', 'no-store').json({ deliveries });
    },
  );

  r.get(
    '/api/cart/delivery-places',
    'public',
    {
      summary: 'Pickup points by a term and nearest first from a point (spec 7 delivery_dispensing_places)',
      description: `Every word of the term must occur in the name, street, town or postcode (accents and case ignored). Default ${PLACES_DEFAULT_LIMIT} places, at most ${PLACES_MAX_LIMIT}. A congested or closed point is listed with available: false (spec 8).`,
      query: deliveryPlacesQuerySchema,
      responses: { 200: json('The places', deliveryPlacesSchema) },
    },
    async (req, res) => {
      const query = parseInput(deliveryPlacesQuerySchema, queryOf(req));
      // `?term=&limit=`: an empty parameter is one not given.
      const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : Number(value));
      const limit = given(query.limit) ?? PLACES_DEFAULT_LIMIT;
      if (limit < 1 || limit > PLACES_MAX_LIMIT) throw invalid('limit');
      const lat = given(query.lat);
      const lng = given(query.lng);
      if (lat !== undefined && Math.abs(lat) > 90) throw invalid('lat');
      if (lng !== undefined && Math.abs(lng) > 180) throw invalid('lng');
      if ((lat === undefined) !== (lng === undefined))
        throw invalid(lat === undefined ? 'lat' : 'lng', 'delivery.lat_lng_together', 'lat and lng go together');
      const places = await searchPickupPoints(deps.documents, deps.market, {
        ...(query.term !== undefined ? { term: query.term } : {}),
        limit,
        ...(lat !== undefined && lng !== undefined ? { origin: { lat, lng } } : {}),
      });
      res.set('Cache-Control', 'no-store').json({ places });
    },
  );

  r.get(
    '/api/cart/delivery-timeslots',
    'public',
    {
      summary: 'Courier delivery windows over the next working days for a postcode',
      description: 'Windows of four hours from tomorrow, Sundays left out; `available: false` marks a full one.',
      query: deliveryTimeslotsQuerySchema,
      responses: { 200: json('The windows', deliveryTimeslotsSchema) },
    },
    (req, res) => {
      const query = parseInput(deliveryTimeslotsQuerySchema, queryOf(req));
      if (!ZIP_PATTERNS[deps.market].test(query.zip.trim()))
        throw invalid('zip', 'delivery.zip_invalid', 'Not a postcode of this market');
      const timeslots = deps.carrier.courierTimeslots({ market: deps.market, zip: query.zip.trim(), at: deps.clock() });
      res.set('Cache-Control', 'no-store').json({ timeslots });
    },
  );

  r.post(
    '/api/cart/delivery-liftago-check',
    'public',
    {
      summary: 'Whether a same-day courier can bring the order from a store to an address today (spec 7 delivery_liftago_check)',
      description:
        'Available only within the store’s town and radius while the store is open; the windows are today’s. `reason` names why not.',
      body: liftagoCheckSchema,
      responses: { 200: json('The answer', liftagoAnswerSchema) },
    },
    async (req, res) => {
      const body = parseInput(liftagoCheckSchema, jsonBody(req));
      const address = body.delivery_address;
      if (address.country.toUpperCase() !== settingsOf(deps.market).defaultCountry)
        throw invalid('delivery_address.country', 'delivery.address_unknown', 'Another country');
      if (!ZIP_PATTERNS[deps.market].test(address.zip))
        throw invalid('delivery_address.zip', 'delivery.zip_invalid', 'Not a postcode of this market');
      const store = (await deps.others.stores()).find((candidate) => candidate.id === body.store);
      if (!store) throw invalid('store', 'delivery.store_unknown', 'No such store');
      const answer = deps.carrier.sameDay({ market: deps.market, store, address, at: deps.clock() });
      res.set('Cache-Control', 'no-store').json(answer);
    },
  );
}
