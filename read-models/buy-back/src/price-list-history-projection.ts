import type { CatalogueEvent, PriceList, Quality } from '@buyloop/buy-back';
import type { Projection } from '@buyloop/projector';

/** How many publications a market's history keeps; older ones stay in the event log. */
export const PRICE_LIST_HISTORY_LIMIT = 500;

export interface PriceListVersion {
  readonly model_id: string;
  readonly version: number;
  readonly prices: Readonly<Record<Quality, number>>;
  readonly minimal_buyout_price: number;
  readonly bonus_percentage: number;
}

export interface PriceListPublication {
  readonly at: string;
  readonly source: CatalogueEvent['data']['source'];
  readonly published_by: string;
  /** The price lists this publication changed (new models, new versions), not the whole catalogue. */
  readonly changed: readonly PriceListVersion[];
  readonly removed: readonly string[];
}

/**
 * Every publication of a market's price lists, newest first: which lists
 * changed, to what, when, by whom and how (demo data, CSV import, editing).
 * The back office's price-list screens show versions from it; the catalogue
 * in force is `buyout_catalogue`.
 */
export interface PriceListHistoryDocument extends Record<string, unknown> {
  readonly market: string;
  /** model id → the version in force, to tell what the next publication changes. */
  readonly versions: Readonly<Record<string, number>>;
  readonly publications: readonly PriceListPublication[];
}

const versionOf = (list: PriceList): PriceListVersion => ({
  model_id: list.model_id,
  version: list.version,
  prices: list.prices,
  minimal_buyout_price: list.minimal_buyout_price,
  bonus_percentage: list.bonus_percentage,
});

export const priceListHistoryProjection: Projection<PriceListHistoryDocument> = {
  name: 'buyback_price_list_history',
  version: 1,
  handles: ['CataloguePublished'],
  collection: { fields: { market: { path: 'market', type: 'string' } } },
  key: (event) => (event.stream.startsWith('buyback-catalogue-') ? event.stream.slice('buyback-catalogue-'.length) : null),
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
    switch (event.type) {
      case 'CataloguePublished': {
        const before = document?.versions ?? {};
        const lists = event.data.catalogue.price_lists;
        const changed = lists.filter((list) => before[list.model_id] !== list.version).map(versionOf);
        const present = new Set(lists.map((list) => list.model_id));
        const removed = Object.keys(before).filter((model) => !present.has(model));
        const publication: PriceListPublication = {
          at: event.data.at,
          source: event.data.source,
          published_by: event.data.publishedBy,
          changed,
          removed,
        };
        return {
          market: event.data.market,
          versions: Object.fromEntries(lists.map((list) => [list.model_id, list.version])),
          publications: [publication, ...(document?.publications ?? [])].slice(0, PRICE_LIST_HISTORY_LIMIT),
        };
      }
      default:
        return neverEvent(event.type);
    }
  },
};

function neverEvent(value: never): never {
  throw new Error(`Unhandled catalogue event ${JSON.stringify(value)}`);
}
