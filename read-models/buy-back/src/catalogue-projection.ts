import type { BuyBackCatalogue, CatalogueEvent } from '@buyloop/buy-back';
import type { Projection } from '@buyloop/projector';

/** The catalogue in force per market, as the storefront's selector and appraisal read it: one document per market. */
export interface CatalogueDocument extends Record<string, unknown> {
  readonly market: string;
  readonly catalogue: BuyBackCatalogue;
  readonly published_at: string;
}

export const buyoutCatalogueProjection: Projection<CatalogueDocument> = {
  name: 'buyout_catalogue',
  version: 1,
  handles: ['CataloguePublished'],
  collection: { fields: { market: { path: 'market', type: 'string' } } },
  key: (event) => (event.stream.startsWith('buyback-catalogue-') ? event.stream.slice('buyback-catalogue-'.length) : null),
  evolve(_document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as CatalogueEvent;
    switch (event.type) {
      case 'CataloguePublished':
        return { market: event.data.market, catalogue: event.data.catalogue, published_at: event.data.at };
      default:
        return neverEvent(event.type);
    }
  },
};

function neverEvent(value: never): never {
  throw new Error(`Unhandled catalogue event ${JSON.stringify(value)}`);
}
