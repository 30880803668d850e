/**
 * The price history as a step line: the price a shopper paid at each moment.
 * A regular price holds from its start until the next one; an offer
 * overrides it between its start and end and the regular price comes back
 * by itself afterwards.
 */

export interface PriceChange {
  readonly price: number;
  readonly from: string;
  /** Only offers end; a regular price holds until the next. */
  readonly to?: string | null;
  readonly offer?: boolean;
}

export interface StepPoint {
  /** Milliseconds since the epoch (the chart's time axis). */
  readonly at: number;
  readonly price: number;
  readonly offer: boolean;
}

const ms = (iso: string): number => new Date(iso).getTime();

/** The price in force at `at`: the latest offer running then, else the latest regular price started by then. */
export function priceAt(changes: readonly PriceChange[], at: number): { price: number; offer: boolean } | null {
  let regular: PriceChange | null = null;
  let offer: PriceChange | null = null;
  for (const change of changes) {
    const from = ms(change.from);
    if (from > at) continue;
    if (change.offer) {
      const to = change.to ? ms(change.to) : Number.POSITIVE_INFINITY;
      if (at < to && (!offer || from >= ms(offer.from))) offer = change;
    } else if (!regular || from >= ms(regular.from)) regular = change;
  }
  if (offer) return { price: offer.price, offer: true };
  return regular ? { price: regular.price, offer: false } : null;
}

/**
 * The step line's points from the first change until `now` (and on to the
 * last planned change when one lies ahead), one point wherever the price in
 * force changes.
 */
export function stepSeries(changes: readonly PriceChange[], now: number): StepPoint[] {
  const valid = changes.filter((c) => Number.isFinite(ms(c.from)));
  const moments = new Set<number>();
  for (const change of valid) {
    moments.add(ms(change.from));
    if (change.offer && change.to && Number.isFinite(ms(change.to))) moments.add(ms(change.to));
  }
  if (moments.size === 0) return [];
  const last = Math.max(...moments);
  moments.add(Math.max(now, last));
  const points: StepPoint[] = [];
  for (const at of [...moments].sort((a, b) => a - b)) {
    const inForce = priceAt(valid, at);
    if (!inForce) continue;
    const previous = points[points.length - 1];
    if (previous && previous.price === inForce.price && previous.offer === inForce.offer) continue;
    points.push({ at, ...inForce });
  }
  // The line runs on to the end of the axis at the price it ended with.
  const end = Math.max(now, last);
  const tail = points[points.length - 1];
  if (tail && tail.at < end) points.push({ at: end, price: tail.price, offer: tail.offer });
  return points;
}

/** A round step for about `parts` intervals over `span`: 1, 2, 2.5 or 5 times a power of ten, at least 1 (whole units). */
export function niceStep(span: number, parts = 4): number {
  const raw = Math.max(span / parts, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power;
  return Math.max(1, Math.round(step));
}

/**
 * The y axis: its range with some air, on round steps, the Omnibus line
 * included so it is never off the chart; the ticks on those steps.
 */
export function priceAxis(points: readonly StepPoint[], lowest: number | null): { domain: [number, number]; ticks: number[] } {
  const values = [...points.map((p) => p.price), ...(lowest !== null ? [lowest] : [])];
  if (values.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const step = niceStep(max - min > 0 ? (max - min) * 1.3 : Math.max(max * 0.2, 4));
  const low = Math.max(0, Math.floor((min - step / 2) / step) * step);
  const high = Math.ceil((max + step / 2) / step) * step;
  const ticks: number[] = [];
  for (let tick = low; tick <= high; tick += step) ticks.push(tick);
  return { domain: [low, high], ticks };
}
