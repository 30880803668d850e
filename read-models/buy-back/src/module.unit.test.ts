import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@buyloop/kit';
import { buybackHistory as h } from '@buyloop/buy-back/testing';
import { buyBackModule, buyBackSettings } from './module';

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

describe('the buy-back settings its module reads from the environment', () => {
  const read = (env: Record<string, string>, market: 'cz' | 'ro' = 'cz') => buyBackSettings.read(env, { market, mode: 'test' });

  it('the payout limit per market, or as set', () => {
    expect(read({})).toEqual({
      ok: true,
      settings: { payoutLimit: 20_000, personalDataKey: undefined, liveStreamsPerClient: 10, liveStreamsMax: 1_000 },
    });
    expect(read({}, 'ro')).toMatchObject({ ok: true, settings: { payoutLimit: 2_000 } });
    expect(read({ BUYBACK_PAYOUT_LIMIT: '15000' })).toMatchObject({ ok: true, settings: { payoutLimit: 15_000 } });
    const bad = read({ BUYBACK_PAYOUT_LIMIT: '15 000 Kč' });
    expect(!bad.ok && bad.errors.join('\n')).toContain('BUYBACK_PAYOUT_LIMIT must be a whole amount');
  });

  it('how many live status streams one client address and the whole process may hold open', () => {
    expect(read({ LIVE_STREAMS_PER_CLIENT: '4', LIVE_STREAMS_MAX: '250' })).toMatchObject({
      ok: true,
      settings: { liveStreamsPerClient: 4, liveStreamsMax: 250 },
    });
    const bad = read({ LIVE_STREAMS_PER_CLIENT: '0', LIVE_STREAMS_MAX: 'many' });
    const errors = !bad.ok ? bad.errors.join('\n') : '';
    expect(errors).toContain('LIVE_STREAMS_PER_CLIENT must be a whole number from 1');
    expect(errors).toContain('LIVE_STREAMS_MAX must be a whole number from 1, e.g. 1000, got "many"');
  });

  it('the personal-data key checked and never echoed, not even a bad one', () => {
    const key = Buffer.alloc(32, 7);
    expect(read({ PERSONAL_DATA_KEY: key.toString('base64') })).toMatchObject({ ok: true, settings: { personalDataKey: key } });
    const short = read({ PERSONAL_DATA_KEY: 'c2hvcnQta2V5LXNlY3JldA==' });
    const errors = !short.ok ? short.errors.join('\n') : '';
    expect(errors).toContain('PERSONAL_DATA_KEY must be 32 random bytes');
    expect(errors).not.toContain('c2hvcnQta2V5');
    expect(buyBackSettings.variables.find((v) => v.name === 'PERSONAL_DATA_KEY')?.secret).toBe(true);
  });

  it("names the seller's personal data for the log to redact", () => {
    expect(buyBackModule().logRedactions).toEqual(
      expect.arrayContaining(['customer_data', 'bank_code', 'personal_identification_number', 'imei']),
    );
  });
});
