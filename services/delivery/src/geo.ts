/** Geometry and text folding the delivery rules share (no dependency: a few lines each). */

const EARTH_RADIUS_M = 6_371_000;
const RADIANS = Math.PI / 180;

export interface Point {
  readonly lat: number;
  readonly lng: number;
}

/** Great-circle distance in metres (haversine): exact enough for "nearest pickup point" within a country. */
export function distanceM(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLng = (b.lng - a.lng) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres per degree of latitude (the bounding boxes of a nearest search are measured with it). */
export const METRES_PER_DEGREE = EARTH_RADIUS_M * RADIANS;

/** Accent- and case-insensitive form of a text (Czech and Romanian diacritics, both ș forms). */
export const fold = (value: string): string =>
  value.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();

/**
 * The town an address or a store is in, folded: "Praha 1" and "Praha" are
 * one town, as are "București, Sector 3" and "București" (districts are
 * written after the town's name on both markets).
 */
export const townOf = (city: string): string =>
  fold(city)
    .replace(/,?\s*sector(?:ul)?\s*\d+$/, '')
    .replace(/\s+\d+$/, '')
    .trim();
