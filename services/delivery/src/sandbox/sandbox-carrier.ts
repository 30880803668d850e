import type { Market } from '@buyloop/kit';
import type { Timeslot } from '@buyloop/contracts/delivery/http';
import type { Carrier, CollectionStore, SameDayAnswer } from '../carrier/carrier';
import { distanceM, fold, townOf } from '../geo';
import { addDays, instantOf, localTime, minuteOf, weekdayOf } from '../local-time';
import { hashOf } from './feed';
import { TOWNS } from './gazetteer';

/** Courier windows, local minutes; the evening one only where the sandbox courier rides late (the capitals). */
export const COURIER_WINDOWS = [
  { from: 8 * 60, to: 12 * 60 },
  { from: 12 * 60, to: 16 * 60 },
  { from: 16 * 60, to: 20 * 60, evening: true },
] as const;
export const COURIER_DAYS = 5;
/** Same-day: the courier takes parcels up to this far from the store. */
export const SAME_DAY_RADIUS_M = 8_000;
/** Same-day: the first window starts at least this long after the order (packing at the store). */
export const SAME_DAY_LEAD_MINUTES = 60;
export const SAME_DAY_WINDOW_MINUTES = 120;

const hhmm = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}${String(minute % 60).padStart(2, '0')}`;

/** Prague's postcodes start with 1, Bucharest's with 0: there the courier also rides in the evening. */
const eveningArea = (market: Market, zip: string): boolean => (market === 'cz' ? zip.startsWith('1') : zip.startsWith('0'));

/**
 * The carrier as the sandbox plays it: deterministic answers a test can
 * predict (a window is full by a hash of postcode, day and hour; an address
 * is placed in its town by a hash of its street), no network except the
 * pickup-point feed its own loopback server publishes.
 */
export class SandboxCarrier implements Carrier {
  readonly name = 'sandbox';

  constructor(private readonly feedBase: () => string) {}

  feedUrl(market: Market): string {
    return `${this.feedBase()}/feed/${market}.json`;
  }

  courierTimeslots(input: { readonly market: Market; readonly zip: string; readonly at: Date }): readonly Timeslot[] {
    const zip = input.zip.replace(/\s/g, '');
    const today = localTime(input.at, input.market).date;
    const slots: Timeslot[] = [];
    // From tomorrow (today's parcels left the warehouse in the morning), the next working days; Sundays the courier rests.
    const days: string[] = [];
    for (let offset = 1; days.length < COURIER_DAYS; offset += 1) {
      const date = addDays(today, offset);
      if (weekdayOf(date) !== 'sun') days.push(date);
    }
    for (const date of days)
      for (const window of COURIER_WINDOWS) {
        if ('evening' in window && !eveningArea(input.market, zip)) continue;
        const id = `courier-${date}-${hhmm(window.from)}-${hhmm(window.to)}`;
        slots.push({
          id,
          from: instantOf(date, window.from, input.market).toISOString(),
          to: instantOf(date, window.to, input.market).toISOString(),
          available: hashOf(`${zip}|${id}`) % 6 !== 0,
        });
      }
    return slots;
  }

  sameDay(input: {
    readonly market: Market;
    readonly store: CollectionStore;
    readonly address: { readonly street: string; readonly city: string };
    readonly at: Date;
  }): SameDayAnswer {
    const refuse = (reason: string): SameDayAnswer => ({ available: false, reason, timeslots: [] });
    const town = townOf(input.address.city);
    if (town !== townOf(input.store.city)) return refuse('delivery.same_day_other_town');
    const place = TOWNS[input.market].find((candidate) => townOf(candidate.name) === town);
    if (!place) return refuse('delivery.address_unknown');
    // The sandbox's geocoder: the street's hash places the address in (or a little beyond) its town.
    const hash = hashOf(fold(input.address.street));
    const distanceKm = ((hash % 1000) / 1000) * place.radiusKm * 1.4;
    const angle = ((hash >>> 10) % 360) * (Math.PI / 180);
    const point = {
      lat: place.lat + (distanceKm / 111.2) * Math.sin(angle),
      lng: place.lng + (distanceKm / (111.2 * Math.cos((place.lat * Math.PI) / 180))) * Math.cos(angle),
    };
    if (distanceM(point, input.store) > SAME_DAY_RADIUS_M) return refuse('delivery.same_day_too_far');
    const now = localTime(input.at, input.market);
    const hours = input.store.openingHours[now.weekday];
    if (!hours) return refuse('delivery.same_day_closed');
    const opens = minuteOf(hours.opens);
    const closes = minuteOf(hours.closes);
    const first = Math.max(opens, Math.ceil((now.minute + SAME_DAY_LEAD_MINUTES) / 60) * 60);
    const timeslots: Timeslot[] = [];
    // The courier collects while the store is open; the last window starts an hour before closing.
    for (let from = first; from <= closes - 60; from += SAME_DAY_WINDOW_MINUTES) {
      const to = from + SAME_DAY_WINDOW_MINUTES;
      timeslots.push({
        id: `same_day-${input.store.id}-${now.date}-${hhmm(from)}`,
        from: instantOf(now.date, from, input.market).toISOString(),
        to: instantOf(now.date, to, input.market).toISOString(),
        available: true,
      });
    }
    if (timeslots.length === 0) return refuse('delivery.same_day_closed');
    return { available: true, timeslots };
  }
}
