import { assertNever, canonicalJson, IllegalState, type Decider, type DomainEvent, type Market } from '@buyloop/kit';
import { STOCK_ERRORS, throwIfInvalid } from './rules';

/**
 * Where stock is kept on a market: the central warehouse (which ships
 * orders) and the stores (pickup and sale over the counter), in one stream
 * per market, `locations-<market>`. Location ids go into stock stream names
 * (`stock-<code>-<locationId>`), so they are short lower-case slugs and carry
 * the market (`cz-praha`), keeping them unique if markets share a store.
 */
export const LOCATION_KINDS = ['warehouse', 'store'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Opening hours per weekday, `HH:MM` local time; null: closed that day. */
export type OpeningHours = Readonly<Record<Weekday, { readonly opens: string; readonly closes: string } | null>>;

export interface Location {
  readonly id: string;
  readonly name: string;
  readonly kind: LocationKind;
  readonly address: { readonly street: string; readonly city: string; readonly postcode: string; readonly country: 'CZ' | 'RO' };
  readonly openingHours: OpeningHours;
  readonly coordinates: { readonly lat: number; readonly lng: number };
}

export type LocationEvent =
  | DomainEvent<'LocationDefined', { market: Market; location: Location; at: string }>
  | DomainEvent<'LocationUpdated', { market: Market; location: Location; at: string }>;

export const LOCATION_EVENT_TYPES: readonly LocationEvent['type'][] = ['LocationDefined', 'LocationUpdated'];

export const LOCATIONS_STREAM_CATEGORY = 'locations';
export const locationsStream = (market: Market): string => `${LOCATIONS_STREAM_CATEGORY}-${market}`;

export const LOCATION_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+){0,5}$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export interface LocationsState {
  readonly locations: Readonly<Record<string, Location>>;
}

/** Defines a location, or redefines it whole; the same definition again changes nothing. */
export interface DefineLocation {
  readonly type: 'DefineLocation';
  readonly market: Market;
  readonly location: Location;
  readonly at: string;
}

function locationProblems(location: Location): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, code: string) => (errors[field] ??= []).push(code);
  if (!LOCATION_ID_PATTERN.test(location.id) || location.id.length > 40) add('id', STOCK_ERRORS.locationInvalid);
  if (location.name.trim() === '') add('name', 'validation.required');
  if (!(LOCATION_KINDS as readonly string[]).includes(location.kind)) add('kind', 'validation.invalid_value');
  for (const field of ['street', 'city', 'postcode'] as const)
    if (location.address[field].trim() === '') add(`address.${field}`, 'validation.required');
  for (const day of WEEKDAYS) {
    const hours = location.openingHours[day];
    if (hours && (!TIME.test(hours.opens) || !TIME.test(hours.closes) || hours.opens >= hours.closes))
      add(`opening_hours.${day}`, 'validation.invalid_value');
  }
  const { lat, lng } = location.coordinates;
  if (!(Number.isFinite(lat) && lat >= -90 && lat <= 90)) add('coordinates.lat', 'validation.invalid_value');
  if (!(Number.isFinite(lng) && lng >= -180 && lng <= 180)) add('coordinates.lng', 'validation.invalid_value');
  return errors;
}

// Canonical: a location read back from the store (JSONB) has its keys in another order.
const same = (a: Location, b: Location): boolean => canonicalJson(a) === canonicalJson(b);

export const locationsDecider: Decider<DefineLocation, LocationEvent, LocationsState> = {
  initialState: () => ({ locations: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'LocationDefined':
      case 'LocationUpdated':
        return { locations: { ...state.locations, [event.data.location.id]: event.data.location } };
      default:
        return assertNever(event, 'location event');
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'DefineLocation': {
        throwIfInvalid(locationProblems(command.location), 'The location is not valid');
        const existing = state.locations[command.location.id];
        if (existing && same(existing, command.location)) return [];
        if (existing && existing.kind !== command.location.kind)
          // Stock of a store is offered for pickup, the warehouse's for delivery: a location does not change sides.
          throw new IllegalState('catalogue.stock.location_kind_fixed', `${command.location.id} is a ${existing.kind}`, {
            location: command.location.id,
          });
        const data = { market: command.market, location: command.location, at: command.at };
        return [existing ? { type: 'LocationUpdated', data } : { type: 'LocationDefined', data }];
      }
      default:
        return assertNever(command.type, 'location command');
    }
  },
};
