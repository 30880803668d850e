/**
 * What a product costs at any instant, derived from its price schedule: the
 * regular prices (each from a moment on) and the time-limited offers (a
 * reduced price for a period). Pure, so the decider, the read model and the
 * answers of the API all compute the same thing from the same schedule.
 *
 * Rules:
 * - The regular price at t is the one with the latest `validFrom` ≤ t (of two
 *   with the same moment, the one set later). A price set for a future moment
 *   takes over then, whatever was set in between.
 * - An offer applies while validFrom ≤ t < validTo and only if it is below the
 *   regular price at t; of overlapping offers the lowest applies.
 * - A price is shown as reduced exactly while an offer applies. The Omnibus
 *   directive (98/6/EC art. 6a) asks such a price to carry the lowest price
 *   applied in the 30 days before the reduction took effect; for consecutive
 *   reductions without a break (art. 6a(5)) that is the 30 days before the
 *   first of them.
 */

export const OMNIBUS_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface ScheduledPrice {
  readonly price: number;
  readonly validFrom: string;
  /** When it was set (the event's `at`). */
  readonly setAt: string;
}

export interface ScheduledOffer {
  readonly offerId: string;
  readonly price: number;
  readonly validFrom: string;
  readonly validTo: string;
  readonly setAt: string;
}

/** Regular prices and offers in the order they were set. */
export interface PriceSchedule {
  readonly prices: readonly ScheduledPrice[];
  readonly offers: readonly ScheduledOffer[];
}

/** A stretch of time with one applied price; `to` null: until further notice. */
export interface PriceSegment {
  readonly from: string;
  readonly to: string | null;
  readonly price: number;
  readonly kind: 'regular' | 'offer';
  readonly offerId: string | null;
}

export interface PriceAtInstant {
  /** What the customer pays; null before the first price takes effect. */
  readonly price: number | null;
  /** The regular price at that instant (the struck-through one while reduced). */
  readonly regularPrice: number | null;
  readonly reduced: boolean;
  /** The applied offer while reduced. */
  readonly offer: ScheduledOffer | null;
  /** When the current uninterrupted run of reductions began (Omnibus' "reduction took effect"). */
  readonly reducedSince: string | null;
  /** The lowest price applied in the 30 days before `reducedSince`; null while not reduced. */
  readonly lowestPrice30d: number | null;
  /** Since when this price applies. */
  readonly since: string | null;
  /** When the price changes next by the schedule; null if nothing is scheduled. */
  readonly nextChangeAt: string | null;
}

const ms = (iso: string): number => new Date(iso).getTime();
const iso = (time: number): string => new Date(time).toISOString();

/** The regular price in force at `time` (ms), or null. */
function regularAt(schedule: PriceSchedule, time: number): number | null {
  let best: { from: number; price: number } | null = null;
  for (const entry of schedule.prices) {
    const from = ms(entry.validFrom);
    // `>=`: of two from the same moment the later-set one (later in the list) wins.
    if (from <= time && (best === null || from >= best.from)) best = { from, price: entry.price };
  }
  return best?.price ?? null;
}

export const regularPriceAt = (schedule: PriceSchedule, at: string): number | null => regularAt(schedule, ms(at));

/** The lowest offer running at `time` (ms), the later-set on a tie. */
function offerAt(schedule: PriceSchedule, time: number): ScheduledOffer | null {
  let best: ScheduledOffer | null = null;
  for (const offer of schedule.offers)
    if (ms(offer.validFrom) <= time && time < ms(offer.validTo) && (best === null || offer.price <= best.price)) best = offer;
  return best;
}

/** The applied price over time, oldest first, adjacent equal stretches merged. */
export function timelineOf(schedule: PriceSchedule): PriceSegment[] {
  const moments = new Set<number>();
  for (const entry of schedule.prices) moments.add(ms(entry.validFrom));
  for (const offer of schedule.offers) {
    moments.add(ms(offer.validFrom));
    moments.add(ms(offer.validTo));
  }
  const sorted = [...moments].sort((a, b) => a - b);
  const segments: PriceSegment[] = [];
  sorted.forEach((moment, index) => {
    const regular = regularAt(schedule, moment);
    if (regular === null) return;
    const offer = offerAt(schedule, moment);
    const applied = offer !== null && offer.price < regular ? offer : null;
    const next = sorted[index + 1];
    const segment: PriceSegment = {
      from: iso(moment),
      to: next === undefined ? null : iso(next),
      price: applied ? applied.price : regular,
      kind: applied ? 'offer' : 'regular',
      offerId: applied ? applied.offerId : null,
    };
    const last = segments.at(-1);
    if (
      last &&
      last.to === segment.from &&
      last.price === segment.price &&
      last.kind === segment.kind &&
      last.offerId === segment.offerId
    )
      segments[segments.length - 1] = { ...last, to: segment.to };
    else segments.push(segment);
  });
  return segments;
}

const overlaps = (segment: PriceSegment, from: number, to: number): boolean =>
  ms(segment.from) < to && (segment.to === null || ms(segment.to) > from);

/**
 * The lowest price applied in the 30 days before `reductionStart`: every
 * stretch that overlaps that window counts, including one that began before
 * it. Null when nothing was applied before (the decider refuses offers that
 * would start a product's price history, so a shown reduction always has one).
 */
export function lowestPriceBefore(timeline: readonly PriceSegment[], reductionStart: string): number | null {
  const end = ms(reductionStart);
  const start = end - OMNIBUS_WINDOW_DAYS * DAY_MS;
  const prices = timeline.filter((segment) => overlaps(segment, start, end)).map((segment) => segment.price);
  return prices.length === 0 ? null : Math.min(...prices);
}

/** The price at an instant, with everything a page or the back office shows beside it. */
export function priceAt(
  schedule: PriceSchedule,
  at: string,
  timeline: readonly PriceSegment[] = timelineOf(schedule),
): PriceAtInstant {
  const time = ms(at);
  const index = timeline.findIndex((segment) => ms(segment.from) <= time && (segment.to === null || time < ms(segment.to)));
  const segment = timeline[index];
  if (segment === undefined) {
    const upcoming = timeline.find((s) => ms(s.from) > time);
    return {
      price: null,
      regularPrice: null,
      reduced: false,
      offer: null,
      reducedSince: null,
      lowestPrice30d: null,
      since: null,
      nextChangeAt: upcoming?.from ?? null,
    };
  }
  const regularPrice = regularAt(schedule, time);
  if (segment.kind === 'regular')
    return {
      price: segment.price,
      regularPrice,
      reduced: false,
      offer: null,
      reducedSince: null,
      lowestPrice30d: null,
      since: segment.from,
      nextChangeAt: segment.to,
    };
  // Consecutive reductions count from the first: walk back over offer stretches that follow each other without a break.
  let first = index;
  while (first > 0 && timeline[first - 1]!.kind === 'offer' && timeline[first - 1]!.to === timeline[first]!.from) first--;
  const reducedSince = timeline[first]!.from;
  return {
    price: segment.price,
    regularPrice,
    reduced: true,
    offer: schedule.offers.find((offer) => offer.offerId === segment.offerId) ?? null,
    reducedSince,
    lowestPrice30d: lowestPriceBefore(timeline, reducedSince),
    since: segment.from,
    nextChangeAt: segment.to,
  };
}

/**
 * The moments after `after` at which the schedule changes something a page
 * shows (an offer starts or ends, a future regular price takes effect), in
 * order: what the pricing job marks with events.
 */
export function scheduledMoments(schedule: PriceSchedule): string[] {
  const moments = new Set<number>();
  for (const entry of schedule.prices) if (ms(entry.validFrom) > ms(entry.setAt)) moments.add(ms(entry.validFrom));
  for (const offer of schedule.offers) {
    if (ms(offer.validFrom) > ms(offer.setAt)) moments.add(ms(offer.validFrom));
    moments.add(ms(offer.validTo));
  }
  return [...moments].sort((a, b) => a - b).map(iso);
}
