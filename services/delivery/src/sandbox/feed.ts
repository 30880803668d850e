import type { Market } from '@buyloop/kit';
import type { FeedPoint } from '../carrier/carrier';
import type { WeeklyHours } from '../local-time';
import { HOSTS, STREETS, TOWNS, type Town } from './gazetteer';

/** Points in the sandbox feed per market: a real carrier's network has a few thousand. */
export const SANDBOX_FEED_SIZE: Readonly<Record<Market, number>> = { cz: 2400, ro: 1600 };

/** mulberry32: a small seeded generator, so the same market always gets the same feed (tests and demos name points). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A stable number from a text (FNV-1a), for decisions the sandbox must repeat (a slot full, a street's place). */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const HOURS: Readonly<Record<'shop' | 'kiosk' | 'box', WeeklyHours>> = {
  shop: {
    mon: { opens: '09:00', closes: '18:00' },
    tue: { opens: '09:00', closes: '18:00' },
    wed: { opens: '09:00', closes: '18:00' },
    thu: { opens: '09:00', closes: '18:00' },
    fri: { opens: '09:00', closes: '18:00' },
    sat: { opens: '09:00', closes: '12:00' },
    sun: null,
  },
  kiosk: {
    mon: { opens: '06:00', closes: '20:00' },
    tue: { opens: '06:00', closes: '20:00' },
    wed: { opens: '06:00', closes: '20:00' },
    thu: { opens: '06:00', closes: '20:00' },
    fri: { opens: '06:00', closes: '20:00' },
    sat: { opens: '07:00', closes: '18:00' },
    sun: { opens: '08:00', closes: '16:00' },
  },
  box: {
    mon: { opens: '00:00', closes: '23:59' },
    tue: { opens: '00:00', closes: '23:59' },
    wed: { opens: '00:00', closes: '23:59' },
    thu: { opens: '00:00', closes: '23:59' },
    fri: { opens: '00:00', closes: '23:59' },
    sat: { opens: '00:00', closes: '23:59' },
    sun: { opens: '00:00', closes: '23:59' },
  },
};

export const formatZip = (market: Market, zip: number): string => {
  if (market === 'ro') return String(zip).padStart(6, '0');
  const digits = String(zip).padStart(5, '0');
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
};

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

function pickTown(towns: readonly Town[], random: () => number): Town {
  const total = towns.reduce((sum, t) => sum + t.weight, 0);
  let left = random() * total;
  for (const candidate of towns) {
    left -= candidate.weight;
    if (left < 0) return candidate;
  }
  return towns[towns.length - 1]!;
}

/**
 * The sandbox carrier's pickup points for a market: generated, never
 * downloaded, and the same on every run. About one in twenty is congested
 * or closed, so the checkout's refusal (spec 8) has points to meet.
 */
export function sandboxFeed(market: Market, size = SANDBOX_FEED_SIZE[market]): FeedPoint[] {
  const random = seededRandom(hashOf(`buyloop-sandbox-${market}`));
  const points: FeedPoint[] = [];
  for (let n = 1; n <= size; n += 1) {
    const place = pickTown(TOWNS[market], random);
    const host = pick(HOSTS[market], random);
    const street = pick(STREETS[market], random);
    const number = 1 + Math.floor(random() * 180);
    // Uniform over the town's disc: the square root keeps the outskirts as dense as the centre.
    const distanceKm = Math.sqrt(random()) * place.radiusKm;
    const angle = random() * 2 * Math.PI;
    const lat = place.lat + (distanceKm / 111.2) * Math.sin(angle);
    const lng = place.lng + (distanceKm / (111.2 * Math.cos((place.lat * Math.PI) / 180))) * Math.cos(angle);
    const zipStep = market === 'cz' ? 100 : 1;
    const zip = place.zip + Math.floor((random() * (place.zipSpread + zipStep)) / zipStep) * zipStep;
    const roll = random();
    const status = roll < 0.04 ? 'congested' : roll < 0.05 ? 'closed' : 'open';
    points.push({
      id: `${market}-${String(n).padStart(5, '0')}`,
      name: `${host.name} ${place.name}, ${street}`,
      street: `${street} ${number}`,
      city: place.name,
      zip: formatZip(market, zip),
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      status,
      opening_hours: HOURS[host.hours],
    });
  }
  return points;
}
