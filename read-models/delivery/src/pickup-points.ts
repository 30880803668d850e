import type { Market, Logger } from '@buyloop/kit';
import type { DocumentStore, CollectionDefinition, Filter } from '@buyloop/document-store';
import { boxAround, feedPointSchema, feedSchema, nearest, SEARCH_RADII_M, type FeedPoint } from '@buyloop/delivery';
import type { DeliveryPlace } from '@buyloop/contracts/delivery/http';

/**
 * The carriers' pickup points, as the last import left them. Reference data
 * of someone else's, replaced whole by every import: not events (nothing of
 * ours happened, and its history is the carrier's), one document per point.
 */
export const PICKUP_POINTS_COLLECTION = 'delivery_pickup_points';

export const pickupPointsCollection: CollectionDefinition = {
  name: PICKUP_POINTS_COLLECTION,
  fields: {
    market: { path: 'market', type: 'string' },
    city: { path: 'city', type: 'string' },
    name: { path: 'name', type: 'string' },
    street: { path: 'street', type: 'string' },
    zip: { path: 'zip', type: 'string' },
    zip_compact: { path: 'zip_compact', type: 'string' },
    lat: { path: 'lat', type: 'number' },
    lng: { path: 'lng', type: 'number' },
    imported_at: { path: 'imported_at', type: 'date' },
  },
  indexes: [['market', 'lat'], 'imported_at'],
  textFields: ['name', 'street', 'city', 'zip', 'zip_compact'],
};

export interface PickupPointDocument extends Record<string, unknown> {
  readonly id: string;
  readonly market: Market;
  readonly name: string;
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  /** The postcode without its space, so `11000` finds `110 00`. */
  readonly zip_compact: string;
  readonly lat: number;
  readonly lng: number;
  readonly available: boolean;
  readonly opening_hours: FeedPoint['opening_hours'] | null;
  readonly imported_at: string;
}

export interface ImportResult {
  readonly imported: number;
  /** Points of the feed that did not parse (a carrier's mistake, logged, not imported). */
  readonly skipped: number;
  /** Points the previous import had and this feed no longer lists. */
  readonly removed: number;
}

const WRITE_BATCH = 500;
const PAGE = 1000;
const IMPORT_LEASE = 'delivery-pickup-point-import';

export interface ImportDeps {
  readonly documents: DocumentStore;
  readonly market: Market;
  readonly clock: () => Date;
  readonly logger: Logger;
}

/**
 * Fetches the carrier's feed and replaces the market's points with it: new
 * and changed points are written, points the feed no longer lists are
 * deleted. A feed without a single valid point is refused rather than
 * emptying the table (a carrier's outage must not close every pickup point).
 * One process imports at a time (a lease); another's call returns null.
 */
export async function importPickupPoints(deps: ImportDeps, url: string): Promise<ImportResult | null> {
  const lease = await deps.documents.tryLease(IMPORT_LEASE);
  if (!lease) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`The pickup-point feed answered ${response.status}`);
    const feed = feedSchema.parse(await response.json());
    if (feed.market !== deps.market) throw new Error(`The pickup-point feed is for ${feed.market}, not ${deps.market}`);
    // Later than every point already stored, even within the same millisecond (or a clock set back): the clean-up
    // below deletes what is older than this import, so it must never take this import's points for old ones.
    const latest = await deps.documents.find<PickupPointDocument>(PICKUP_POINTS_COLLECTION, {
      filters: [{ field: 'market', op: 'equals', value: deps.market }],
      sort: [{ field: 'imported_at', direction: 'desc' }],
      limit: 1,
    });
    const previous = latest.items[0]?.document.imported_at;
    const now = deps.clock().getTime();
    const importedAt = new Date(previous === undefined ? now : Math.max(now, Date.parse(previous) + 1)).toISOString();
    const points: PickupPointDocument[] = [];
    let skipped = 0;
    for (const raw of feed.points) {
      const parsed = feedPointSchema.safeParse(raw);
      if (!parsed.success) {
        skipped += 1;
        continue;
      }
      const point = parsed.data;
      points.push({
        id: point.id,
        market: deps.market,
        name: point.name,
        street: point.street,
        city: point.city,
        zip: point.zip,
        zip_compact: point.zip.replace(/\s/g, ''),
        lat: point.lat,
        lng: point.lng,
        available: point.status === 'open',
        opening_hours: point.opening_hours ?? null,
        imported_at: importedAt,
      });
    }
    if (points.length === 0) throw new Error(`The pickup-point feed lists no valid point (${skipped} skipped)`);
    for (let start = 0; start < points.length; start += WRITE_BATCH)
      await deps.documents.write(
        points
          .slice(start, start + WRITE_BATCH)
          .map((document) => ({ type: 'upsert' as const, collection: PICKUP_POINTS_COLLECTION, id: document.id, document })),
      );
    let removed = 0;
    for (;;) {
      const stale = await deps.documents.find(PICKUP_POINTS_COLLECTION, {
        filters: [
          { field: 'market', op: 'equals', value: deps.market },
          { field: 'imported_at', op: 'range', lt: importedAt },
        ],
        limit: PAGE,
      });
      if (stale.items.length === 0) break;
      await deps.documents.write(
        stale.items.map((item) => ({ type: 'delete' as const, collection: PICKUP_POINTS_COLLECTION, id: item.id })),
      );
      removed += stale.items.length;
    }
    if (skipped > 0) deps.logger.warn('Pickup points the feed lists but that do not parse were left out', { skipped });
    return { imported: points.length, skipped, removed };
  } finally {
    await lease.release();
  }
}

export interface PlaceSearch {
  readonly term?: string;
  readonly limit: number;
  readonly origin?: { readonly lat: number; readonly lng: number };
}

const placeOf = (document: PickupPointDocument, distance?: number): DeliveryPlace => ({
  id: document.id,
  name: document.name,
  street: document.street,
  city: document.city,
  zip: document.zip,
  lat: document.lat,
  lng: document.lng,
  ...(distance !== undefined ? { distance_m: distance } : {}),
  available: document.available,
  ...(document.opening_hours ? { opening_hours: document.opening_hours } : {}),
});

/**
 * Pickup points by a term (every word in the name, street, town or postcode,
 * accents and case ignored: the document store folds both sides) and, from a
 * point, nearest first: growing boxes around it until the `limit` nearest
 * are certain (places/nearest.ts). Without a point: by town, then name.
 */
export async function searchPickupPoints(
  documents: Pick<DocumentStore, 'find'>,
  market: Market,
  search: PlaceSearch,
): Promise<DeliveryPlace[]> {
  const filters: Filter[] = [{ field: 'market', op: 'equals', value: market }];
  const term = search.term?.trim();
  if (term) filters.push({ op: 'text', value: term });
  if (!search.origin) {
    const page = await documents.find<PickupPointDocument>(PICKUP_POINTS_COLLECTION, {
      filters,
      sort: [
        { field: 'city', direction: 'asc' },
        { field: 'name', direction: 'asc' },
      ],
      limit: search.limit,
    });
    return page.items.map((item) => placeOf(item.document));
  }
  const origin = search.origin;
  for (const [index, radius] of SEARCH_RADII_M.entries()) {
    const box = boxAround(origin, radius);
    const candidates: PickupPointDocument[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await documents.find<PickupPointDocument>(PICKUP_POINTS_COLLECTION, {
        filters: [
          ...filters,
          { field: 'lat', op: 'range', gte: box.lat.gte, lte: box.lat.lte },
          { field: 'lng', op: 'range', gte: box.lng.gte, lte: box.lng.lte },
        ],
        offset,
        limit: PAGE,
      });
      candidates.push(...page.items.map((item) => item.document));
      if (offset + PAGE >= page.total) break;
    }
    const found = nearest(candidates, origin, search.limit, radius);
    if (found.final || index === SEARCH_RADII_M.length - 1) return found.places.map((place) => placeOf(place, place.distance_m));
  }
  return [];
}
