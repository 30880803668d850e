import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@buyloop/kit';
import { buybackHistory as h } from '@buyloop/buy-back/testing';
import { buyBackModule } from './module';

const streams = buyBackModule().streams;

const fold = (stream: string, events: readonly DomainEvent[]) => {
  const decider = streams[stream.split('-')[0]!];
  if (!decider) throw new Error(`nothing registered for ${stream}`);
  return events.reduce((state, event) => decider.evolve(state as never, event), decider.initialState() as unknown);
};

describe('the stream folders the buy-back module gives pnpm ops events:state', () => {
  it('folds a buy-back stream into the buy-back state', () => {
    const state = fold('buyback-2611241234', [h.submitted(), h.received, h.inspected(), h.approved]) as {
      status: string;
      price: number;
    };
    expect(state).toMatchObject({ status: 'approved', price: 9000 });
  });

  it('folds the catalogue stream, which shares the category, with the catalogue decider', () => {
    const state = fold('buyback-catalogue-cz', [
      {
        type: 'CataloguePublished',
        data: { market: 'cz', catalogue: { market: 'cz' }, source: 'demo', publishedBy: 'x', at: '2026-11-01T00:00:00Z' },
      },
    ]);
    expect(state).toEqual({ catalogue: { market: 'cz' } });
  });

  it('folds the IMEI blacklist streams too', () => {
    expect(Object.keys(streams).sort()).toEqual(['buyback', 'imei']);
  });
});
