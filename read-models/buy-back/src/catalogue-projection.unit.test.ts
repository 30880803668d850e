import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { smallCatalogue } from '@buyloop/buy-back/testing';
import { buyoutCatalogueProjection } from './catalogue-projection';

describe('buy-back catalogue projection', () => {
  it('keeps the catalogue last published per market, each market apart', () => {
    const first = smallCatalogue('cz', 3);
    const second = smallCatalogue('cz', 4);
    const documents = project(buyoutCatalogueProjection, [
      recorded(
        'CataloguePublished',
        { market: 'cz', catalogue: first, source: 'demo', publishedBy: 'demo', at: '2026-11-22T09:00:00.000Z' },
        'buyback-catalogue-cz',
      ),
      recorded(
        'CataloguePublished',
        { market: 'ro', catalogue: smallCatalogue('ro'), source: 'demo', publishedBy: 'demo', at: '2026-11-22T09:00:00.000Z' },
        'buyback-catalogue-ro',
      ),
      recorded(
        'CataloguePublished',
        { market: 'cz', catalogue: second, source: 'import', publishedBy: 'admin', at: '2026-11-22T10:00:00.000Z' },
        'buyback-catalogue-cz',
      ),
    ]);
    expect([...documents.keys()].sort()).toEqual(['cz', 'ro']);
    expect(documents.get('cz')).toEqual({ market: 'cz', catalogue: second, published_at: '2026-11-22T10:00:00.000Z' });
    expect(documents.get('ro')!.catalogue.price_lists[0]!.currency).toBe('RON');
  });
});
