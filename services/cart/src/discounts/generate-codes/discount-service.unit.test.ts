import { describe, expect, it } from 'vitest';
import { ConcurrencyConflict, NotFound, systemActor, type RecordedEvent, type StreamStore } from '@buyloop/kit';
import { DiscountService } from '../discount-service';
import type { DiscountLookup } from '../lookup';
import { fields, ID } from '../testing';

/** Streams in memory, refusing `no_stream` on a stream that exists as the real store does. */
function memoryStore(): StreamStore & { streams: Map<string, RecordedEvent[]> } {
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0n;
  return {
    streams,
    async readStream(stream) {
      return streams.get(stream) ?? [];
    },
    async append(stream, events, options) {
      const current = streams.get(stream) ?? [];
      const version = BigInt(current.length);
      if (
        (options.expectedVersion === 'no_stream' && current.length > 0) ||
        (typeof options.expectedVersion === 'bigint' && options.expectedVersion !== version)
      )
        throw new ConcurrencyConflict(stream, String(options.expectedVersion), String(version));
      const recorded = events.map((event, index) => {
        position += 1n;
        return {
          id: `e${position}`,
          type: event.type,
          data: event.data,
          stream,
          streamVersion: version + BigInt(index + 1),
          globalPosition: position,
          recordedAt: new Date(),
          checkpoint: `0/${position}`,
          metadata: {},
        } as unknown as RecordedEvent;
      });
      streams.set(stream, [...current, ...recorded]);
      const last = recorded.at(-1)!;
      return {
        streamVersion: last.streamVersion,
        globalPosition: last.globalPosition,
        checkpoint: last.checkpoint,
        duplicate: false,
      };
    },
  } as StreamStore & { streams: Map<string, RecordedEvent[]> };
}

const noCodes: DiscountLookup = {
  definition: async () => null,
  sharedCode: async () => null,
  singleUseCode: async () => null,
  isic: async () => null,
  automatic: async () => [],
};

describe('generating single-use codes', () => {
  it('issues each code on its own stream and draws again when a code exists already', async () => {
    const store = memoryStore();
    const drawn = ['Aaaaaaaaa1', 'Bbbbbbbbb2', 'Aaaaaaaaa1', 'Ccccccccc3'];
    const service = new DiscountService({
      events: store,
      market: 'cz',
      clock: () => new Date('2026-11-24T10:00:00.000Z'),
      lookup: noCodes,
      newId: () => ID,
      drawCode: () => drawn.shift()!,
    });
    await service.create(fields(), systemActor);
    // Another request issued this one first.
    await store.append(
      'discount_code-Bbbbbbbbb2',
      [{ type: 'DiscountCodeIssued', data: { code: 'Bbbbbbbbb2', discount_id: 'other' } }],
      {
        expectedVersion: 'no_stream',
        actor: systemActor,
        market: 'cz',
      },
    );
    const { codes } = await service.generateCodes(ID, 2, systemActor);
    expect(codes).toEqual(['Aaaaaaaaa1', 'Ccccccccc3']);
    expect(store.streams.get('discount_code-Aaaaaaaaa1')?.map((event) => event.data)).toEqual([
      { code: 'Aaaaaaaaa1', discount_id: ID, at: '2026-11-24T10:00:00.000Z' },
    ]);
    expect(store.streams.get('discount_code-Bbbbbbbbb2')).toHaveLength(1);
    expect(store.streams.get(`discount-${ID}`)?.at(-1)?.type).toBe('DiscountCodesGenerated');
  });

  it('issues no code for an unknown definition', async () => {
    const store = memoryStore();
    const service = new DiscountService({ events: store, market: 'cz', clock: () => new Date(), lookup: noCodes });
    await expect(service.generateCodes(ID, 3, systemActor)).rejects.toThrow(NotFound);
    expect(store.streams.size).toBe(0);
  });
});
