import { distanceM, METRES_PER_DEGREE, type Point } from '../geo';

/**
 * Nearest-first search over a table that can filter by ranges but not sort
 * by distance: candidates are read from growing boxes around the point, and
 * a box's answer is final once its `limit`-th nearest candidate lies inside
 * the circle the box encloses (nothing outside the box can be nearer).
 */
export const SEARCH_RADII_M = [3_000, 12_000, 50_000, 200_000, 2_000_000] as const;

export interface Box {
  readonly lat: { readonly gte: number; readonly lte: number };
  readonly lng: { readonly gte: number; readonly lte: number };
}

export function boxAround(origin: Point, radiusM: number): Box {
  const dLat = radiusM / METRES_PER_DEGREE;
  const dLng = radiusM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((origin.lat * Math.PI) / 180)));
  return {
    lat: { gte: origin.lat - dLat, lte: origin.lat + dLat },
    lng: { gte: origin.lng - dLng, lte: origin.lng + dLng },
  };
}

/** The `limit` nearest of the candidates with their distance, and whether they are final for a box of `radiusM`. */
export function nearest<P extends Point>(
  candidates: readonly P[],
  origin: Point,
  limit: number,
  radiusM: number,
): { readonly places: (P & { readonly distance_m: number })[]; readonly final: boolean } {
  const ranked = candidates
    .map((candidate) => ({ ...candidate, distance_m: Math.round(distanceM(origin, candidate)) }))
    .sort((a, b) => a.distance_m - b.distance_m);
  const places = ranked.slice(0, limit);
  const last = places[limit - 1];
  return { places, final: last !== undefined && last.distance_m <= radiusM };
}
