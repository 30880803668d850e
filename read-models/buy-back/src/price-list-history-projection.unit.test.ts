import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@buyloop/kit';
import { smallCatalogue } from '@buyloop/buy-back/testing';
import type { BuyBackCatalogue } from '@buyloop/buy-back';
import { priceListHistoryProjection, type PriceListHistoryDocument } from './price-list-history-projection';

const published = (catalogue: BuyBackCatalogue, at: string, source: 'demo' | 'import' | 'edit', version: number): RecordedEvent =>
  ({
    id: `e-${version}`,
    type: 'CataloguePublished',
    data: { market: 'cz', catalogue, source, publishedBy: 'admin-1', at },
    schemaVersion: 1,
    stream: 'buyback-catalogue-cz',
    streamVersion: BigInt(version),
    globalPosition: BigInt(version),
    recordedAt: new Date(at),
    metadata: { correlationId: 'c', causationId: null, actor: { userId: 'admin-1', role: 'administrator' }, market: 'cz' },
    checkpoint: `0/${version}`,
  }) as RecordedEvent;

describe('the price-list history', () => {
  it('records each publication with only the lists it changed, newest first', () => {
    const first = smallCatalogue('cz', 3);
    const raised = smallCatalogue('cz', 4);
    const events = [
      published(first, '2026-11-01T08:00:00.000Z', 'demo', 1),
      published(first, '2026-11-02T08:00:00.000Z', 'import', 2),
      published(raised, '2026-11-03T08:00:00.000Z', 'edit', 3),
    ];
    const document = events.reduce<PriceListHistoryDocument | null>(
      (doc, event) => priceListHistoryProjection.evolve(doc, event),
      null,
    )!;
    expect(document.versions).toEqual({ 'apple-iphone-13': 4 });
    expect(document.publications.map((p) => [p.source, p.changed.map((c) => `${c.model_id}@${c.version}`)])).toEqual([
      ['edit', ['apple-iphone-13@4']],
      ['import', []],
      ['demo', ['apple-iphone-13@3']],
    ]);
    expect(document.publications[0]).toMatchObject({ published_by: 'admin-1', at: '2026-11-03T08:00:00.000Z', removed: [] });
  });

  it('belongs to the market of the catalogue stream and ignores buy-back streams', () => {
    const event = published(smallCatalogue('cz'), '2026-11-01T08:00:00.000Z', 'demo', 1);
    expect(priceListHistoryProjection.key(event)).toBe('cz');
    expect(priceListHistoryProjection.key({ ...event, stream: 'buyback-2611011234' })).toBeNull();
  });
});
