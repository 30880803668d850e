import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyConflict, IllegalState, ValidationError, type AppendOptions, type AppendResult } from '@buyloop/kit';
import type { EventStore, NewEvent, RecordedEvent } from './port';

/**
 * The event store contract: every adapter runs exactly this suite. It never
 * assumes an empty store (EventStoreDB servers are shared), so each test
 * works on streams named with its own random prefix and filters by it.
 */
export interface ContractSubject {
  readonly store: EventStore;
  /**
   * Appends inside a transaction held open for `holdMs` before it commits or
   * rolls back, for engines with transactions (PostgreSQL): the race test
   * uses it to make transactions commit out of order.
   */
  readonly holdOpenAppend?: (
    stream: string,
    events: readonly NewEvent[],
    options: AppendOptions,
    holdMs: number,
    outcome: 'commit' | 'rollback',
  ) => Promise<AppendResult | null>;
  readonly cleanup?: () => Promise<void>;
}

const actor = { userId: 'user-1', role: 'customer' };
const base: AppendOptions = { actor, market: 'cz' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const prefixOf = () => `c${randomUUID().slice(0, 8)}`;
const ev = (type: string, data: unknown = {}, id?: string): NewEvent => ({ type, data, ...(id ? { id } : {}) });

async function expectRejects<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

/** Reads a subscription until `until` says stop, or fails after `timeoutMs`. */
async function collect(
  store: EventStore,
  options: Parameters<EventStore['subscribe']>[0],
  keep: (e: RecordedEvent) => boolean,
  until: (kept: RecordedEvent[]) => boolean,
  timeoutMs = 20_000,
): Promise<RecordedEvent[]> {
  const subscription = store.subscribe(options);
  const kept: RecordedEvent[] = [];
  const timer = setTimeout(() => void subscription.close(), timeoutMs);
  try {
    for await (const event of subscription) {
      if (keep(event)) kept.push(event);
      if (until(kept)) break;
    }
  } finally {
    clearTimeout(timer);
    await subscription.close();
  }
  return kept;
}

export function eventStoreContract(engine: string, open: () => Promise<ContractSubject>): void {
  describe(`event store contract: ${engine}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.store.close();
      await subject?.cleanup?.();
    });

    describe('expected versions', () => {
      it('creates a stream with no_stream and refuses a second no_stream, naming expected and actual', async () => {
        const stream = `${prefixOf()}-order-1`;
        const first = await store.append(stream, [ev('OrderPlaced'), ev('OrderPaid')], { ...base, expectedVersion: 'no_stream' });
        expect(first.streamVersion).toBe(2n);
        expect(first.duplicate).toBe(false);
        const conflict = await expectRejects(
          store.append(stream, [ev('OrderPlaced')], { ...base, expectedVersion: 'no_stream' }),
          ConcurrencyConflict,
        );
        expect(conflict.expected).toBe('no_stream');
        expect(conflict.actual).toBe('2');
        expect(conflict.stream).toBe(stream);
      });

      it('stream_exists refuses a missing stream and accepts an existing one', async () => {
        const stream = `${prefixOf()}-order-2`;
        const conflict = await expectRejects(
          store.append(stream, [ev('OrderPaid')], { ...base, expectedVersion: 'stream_exists' }),
          ConcurrencyConflict,
        );
        expect(conflict.actual).toBe('no_stream');
        await store.append(stream, [ev('OrderPlaced')], base);
        const result = await store.append(stream, [ev('OrderPaid')], { ...base, expectedVersion: 'stream_exists' });
        expect(result.streamVersion).toBe(2n);
      });

      it('an exact version must match the current one', async () => {
        const stream = `${prefixOf()}-buyback-1`;
        await store.append(stream, [ev('Submitted')], { ...base, expectedVersion: 0n });
        const ok = await store.append(stream, [ev('Received'), ev('Inspected')], { ...base, expectedVersion: 1n });
        expect(ok.streamVersion).toBe(3n);
        const stale = await expectRejects(
          store.append(stream, [ev('Approved')], { ...base, expectedVersion: 1n }),
          ConcurrencyConflict,
        );
        expect(stale.expected).toBe('1');
        expect(stale.actual).toBe('3');
        const ahead = await expectRejects(
          store.append(stream, [ev('Approved')], { ...base, expectedVersion: 7n }),
          ConcurrencyConflict,
        );
        expect(ahead.actual).toBe('3');
        expect(await store.readStream(stream)).toHaveLength(3);
      });

      it('any appends whatever the version', async () => {
        const stream = `${prefixOf()}-cart-1`;
        expect((await store.append(stream, [ev('A')], { ...base, expectedVersion: 'any' })).streamVersion).toBe(1n);
        expect((await store.append(stream, [ev('B')], base)).streamVersion).toBe(2n);
      });

      it('of concurrent writers holding the same version exactly one wins', async () => {
        const stream = `${prefixOf()}-picking-1`;
        await store.append(stream, [ev('PickingListCreated')], base);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => store.append(stream, [ev('ItemPicked', { i })], { ...base, expectedVersion: 1n })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(rejected).toHaveLength(5);
        for (const r of rejected) expect(r.reason).toBeInstanceOf(ConcurrencyConflict);
        expect(await store.readStream(stream)).toHaveLength(2);
      });
    });

    describe('idempotency', () => {
      it('appending the same event ids again stores nothing and answers the original result', async () => {
        const stream = `${prefixOf()}-invoice-1`;
        const ids = [randomUUID(), randomUUID()];
        const original = await store.append(stream, [ev('InvoiceDrafted', {}, ids[0]), ev('InvoiceIssued', {}, ids[1])], {
          ...base,
          expectedVersion: 'no_stream',
        });
        const headBefore = await store.headPosition();
        // A retried request still carries the expected version it was sent with.
        const again = await store.append(stream, [ev('InvoiceDrafted', {}, ids[0]), ev('InvoiceIssued', {}, ids[1])], {
          ...base,
          expectedVersion: 'no_stream',
        });
        expect(again.duplicate).toBe(true);
        expect(again.streamVersion).toBe(original.streamVersion);
        expect(again.globalPosition).toBe(original.globalPosition);
        expect(again.checkpoint).toBe(original.checkpoint);
        expect(await store.readStream(stream)).toHaveLength(2);
        expect(await store.headPosition()).toBe(headBefore);
      });

      it('refuses ids already used by another stream or mixed with new ones', async () => {
        const prefix = prefixOf();
        const id = randomUUID();
        await store.append(`${prefix}-a`, [ev('A', {}, id)], base);
        await expectRejects(store.append(`${prefix}-b`, [ev('A', {}, id)], base), IllegalState);
        await expectRejects(store.append(`${prefix}-a`, [ev('A', {}, id), ev('B')], base), IllegalState);
        expect(await store.readStream(`${prefix}-a`)).toHaveLength(1);
        expect(await store.readStream(`${prefix}-b`)).toHaveLength(0);
      });

      it('racing appends of the same ids: one writes, the retry on the same stream is a duplicate, another stream is refused', async () => {
        const prefix = prefixOf();
        const ids = [randomUUID(), randomUUID()];
        const events = () => [ev('Paid', {}, ids[0]), ev('Shipped', {}, ids[1])];
        const sameStream = await Promise.all([
          store.append(`${prefix}-a`, events(), base),
          store.append(`${prefix}-a`, events(), base),
          store.append(`${prefix}-a`, events(), base),
        ]);
        expect(sameStream.filter((r) => !r.duplicate)).toHaveLength(1);
        expect(new Set(sameStream.map((r) => r.globalPosition))).toEqual(new Set([sameStream[0]!.globalPosition]));
        expect(await store.readStream(`${prefix}-a`)).toHaveLength(2);

        const fresh = [randomUUID()];
        const crossStream = await Promise.allSettled([
          store.append(`${prefix}-b`, [ev('X', {}, fresh[0])], base),
          store.append(`${prefix}-c`, [ev('X', {}, fresh[0])], base),
        ]);
        expect(crossStream.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const refused = crossStream.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(refused?.reason).toBeInstanceOf(IllegalState);
      });
    });

    describe('reading', () => {
      it('reads a stream forwards and backwards with from and limit', async () => {
        const stream = `${prefixOf()}-installment-1`;
        await store.append(
          stream,
          Array.from({ length: 5 }, (_, i) => ev('Step', { n: i + 1 })),
          base,
        );
        const all = await store.readStream(stream);
        expect(all.map((e) => e.streamVersion)).toEqual([1n, 2n, 3n, 4n, 5n]);
        expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5]);
        const middle = await store.readStream(stream, { from: 2n, limit: 2 });
        expect(middle.map((e) => e.streamVersion)).toEqual([2n, 3n]);
        const backwards = await store.readStream(stream, { direction: 'backwards' });
        expect(backwards.map((e) => e.streamVersion)).toEqual([5n, 4n, 3n, 2n, 1n]);
        const lastTwoBefore4 = await store.readStream(stream, { direction: 'backwards', from: 4n, limit: 2 });
        expect(lastTwoBefore4.map((e) => e.streamVersion)).toEqual([4n, 3n]);
        expect(await store.readStream(`${stream}-missing`)).toEqual([]);
      });

      it('orders by number, not by text, past version 9 and position 99', async () => {
        const stream = `${prefixOf()}-long`;
        await store.append(
          stream,
          Array.from({ length: 12 }, (_, i) => ev('Step', { n: i + 1 })),
          base,
        );
        for (let i = 0; i < 100; i++) await store.append(`${stream}-filler`, [ev('Filler')], base);
        await store.append(stream, [ev('Step', { n: 13 })], base);
        const forwards = await store.readStream(stream);
        expect(forwards.map((e) => Number(e.streamVersion))).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
        const backwards = await store.readStream(stream, { direction: 'backwards', limit: 3 });
        expect(backwards.map((e) => e.streamVersion)).toEqual([13n, 12n, 11n]);
        const all = (await store.readAll({ after: forwards[0]!.globalPosition - 1n, limit: 200 })).filter(
          (e) => e.stream === stream,
        );
        expect(all.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
        const delivered = await collect(
          store,
          { from: 'start', batchSize: 5 },
          (e) => e.stream === stream,
          (kept) => kept.length === 13,
        );
        expect(delivered.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      });

      it('reads the global log in position order from a position', async () => {
        const prefix = prefixOf();
        const before = await store.headPosition();
        await store.append(`${prefix}-x`, [ev('X1'), ev('X2')], base);
        await store.append(`${prefix}-y`, [ev('Y1')], base);
        const last = await store.append(`${prefix}-x`, [ev('X3')], base);
        const ours = (await store.readAll({ after: before, limit: 10_000 })).filter((e) => e.stream.startsWith(prefix));
        expect(ours.map((e) => e.type)).toEqual(['X1', 'X2', 'Y1', 'X3']);
        const positions = ours.map((e) => e.globalPosition);
        expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
        expect(new Set(positions).size).toBe(4);
        expect(ours.at(-1)?.globalPosition).toBe(last.globalPosition);
        expect(await store.headPosition()).toBeGreaterThanOrEqual(last.globalPosition);
        const afterSecond = (await store.readAll({ after: ours[1]!.globalPosition, limit: 2 })).filter((e) =>
          e.stream.startsWith(prefix),
        );
        expect(afterSecond[0]?.type).toBe('Y1');
      });

      it('records the metadata on every event', async () => {
        const stream = `${prefixOf()}-buyback-2`;
        const correlationId = randomUUID();
        const causationId = randomUUID();
        const started = Date.now();
        const result = await store.append(
          stream,
          [{ type: 'DeviceReceived', data: { centre: 'Praha' }, schemaVersion: 2 }, ev('DeviceInspected')],
          {
            actor: { userId: 'tech-7', role: 'buyback_technician' },
            market: 'ro',
            correlationId,
            causationId,
          },
        );
        const [first, second] = await store.readStream(stream);
        expect(first).toMatchObject({
          type: 'DeviceReceived',
          data: { centre: 'Praha' },
          schemaVersion: 2,
          stream,
          streamVersion: 1n,
          metadata: { correlationId, causationId, actor: { userId: 'tech-7', role: 'buyback_technician' }, market: 'ro' },
        });
        expect(second?.schemaVersion).toBe(1);
        expect(second?.globalPosition).toBe(result.globalPosition);
        expect(typeof first?.globalPosition).toBe('bigint');
        expect(first!.globalPosition).toBeLessThan(second!.globalPosition);
        expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(first?.recordedAt).toBeInstanceOf(Date);
        expect(Math.abs(first!.recordedAt.getTime() - started)).toBeLessThan(60_000);
        expect(typeof first?.checkpoint).toBe('string');
      });

      it('defaults the correlation id to the first event id and the causation id to null', async () => {
        const stream = `${prefixOf()}-order-3`;
        const id = randomUUID();
        await store.append(stream, [ev('OrderPlaced', {}, id), ev('OrderPaid')], base);
        const events = await store.readStream(stream);
        expect(events.map((e) => e.metadata.correlationId)).toEqual([id, id]);
        expect(events.map((e) => e.metadata.causationId)).toEqual([null, null]);
      });

      it('returns data exactly as written, Czech and Romanian text included', async () => {
        const stream = `${prefixOf()}-customer-1`;
        const data = {
          name: 'Jiří Křížek',
          city: 'Timișoara',
          note: 'Ștefănescu — "uvozovky" \\ 😀',
          nested: { list: [1, 2.5, -3, null, true, 'a'], empty: {}, zero: 0 },
          big: 'x'.repeat(50_000),
        };
        await store.append(stream, [ev('Registered', data)], base);
        const [event] = await store.readStream(stream);
        expect(event?.data).toEqual(data);
      });
    });

    describe('malformed input gets a typed error and the store keeps working', () => {
      const bad: Array<[string, () => Promise<unknown>]> = [
        ['empty stream name', () => store.append('', [ev('A')], base)],
        ['blank stream name', () => store.append('   ', [ev('A')], base)],
        ['stream name that is not a string', () => store.append(42 as unknown as string, [ev('A')], base)],
        ['no events', () => store.append('s-1', [], base)],
        ['BigInt data', () => store.append('s-1', [ev('A', { amount: 10n })], base)],
        [
          'circular data',
          () => {
            const data: Record<string, unknown> = {};
            data.self = data;
            return store.append('s-1', [ev('A', data)], base);
          },
        ],
        ['a Date in data', () => store.append('s-1', [ev('A', { at: new Date() })], base)],
        ['a function in data', () => store.append('s-1', [ev('A', { f: () => 1 })], base)],
        ['undefined in data', () => store.append('s-1', [ev('A', { u: undefined })], base)],
        ['NaN in data', () => store.append('s-1', [ev('A', { n: Number.NaN })], base)],
        ['U+0000 in data', () => store.append('s-1', [ev('A', { s: 'a\u0000b' })], base)],
        ['a lone surrogate in data', () => store.append('s-1', [ev('A', { s: 'a\ud800b' })], base)],
        ['expected version as a string', () => store.append('s-1', [ev('A')], { ...base, expectedVersion: 'latest' as never })],
        ['negative expected version', () => store.append('s-1', [ev('A')], { ...base, expectedVersion: -1n })],
        ['fractional expected version', () => store.append('s-1', [ev('A')], { ...base, expectedVersion: 1.5 as never })],
        ['object as expected version', () => store.append('s-1', [ev('A')], { ...base, expectedVersion: {} as never })],
        ['event id that is not a UUID', () => store.append('s-1', [ev('A', {}, 'not-a-uuid')], base)],
        [
          'the same id twice in one append',
          () =>
            store.append(
              's-1',
              [ev('A', {}, '6f1c1b1e-6b6a-4b8e-9d6a-1f2e3d4c5b6a'), ev('B', {}, '6f1c1b1e-6b6a-4b8e-9d6a-1f2e3d4c5b6a')],
              base,
            ),
        ],
        ['empty event type', () => store.append('s-1', [ev('')], base)],
        ['missing actor', () => store.append('s-1', [ev('A')], { market: 'cz' } as never)],
        ['unknown market', () => store.append('s-1', [ev('A')], { actor, market: 'de' } as never)],
        ['zero limit on read', () => store.readStream('s-1', { limit: 0 })],
        ['negative from on read', () => store.readStream('s-1', { from: -1n })],
        ['empty stream name on read', () => store.readStream('')],
        ['bad checkpoint on subscribe', async () => store.subscribe({ from: 'nonsense' })],
      ];
      it.each(bad)('%s', async (_name, call) => {
        const error = await expectRejects(call(), ValidationError);
        expect(error.code).toBe('eventstore.invalid_input');
        expect(Object.keys(error.fieldErrors).length).toBeGreaterThan(0);
      });

      it('names the offending field', async () => {
        const error = await expectRejects(store.append('', [ev('A'), ev('B', { when: new Date() })], base), ValidationError);
        expect(Object.keys(error.fieldErrors)).toEqual(expect.arrayContaining(['stream', 'events[1].data']));
        expect(error.message).toContain('events[1].data.when');
      });

      it('writes nothing of a refused batch and keeps serving', async () => {
        const stream = `${prefixOf()}-order-4`;
        await expectRejects(store.append(stream, [ev('Ok'), ev('Bad', { x: 1n })], base), ValidationError);
        expect(await store.readStream(stream)).toEqual([]);
        const result = await store.append(stream, [ev('Ok')], base);
        expect(result.streamVersion).toBe(1n);
      });
    });

    describe('catch-up subscription', () => {
      it('replays from the start, then turns live without a gap', async () => {
        const prefix = prefixOf();
        await store.append(`${prefix}-a`, [ev('A1'), ev('A2')], base);
        await store.append(`${prefix}-b`, [ev('B1')], base);
        let live = false;
        const subscription = store.subscribe({ from: 'start', batchSize: 2, onLive: () => (live = true) });
        const seen: string[] = [];
        const writer = (async () => {
          while (!live) await sleep(5);
          await store.append(`${prefix}-a`, [ev('A3')], base);
          await store.append(`${prefix}-c`, [ev('C1'), ev('C2')], base);
        })();
        for await (const event of subscription) {
          if (event.stream.startsWith(prefix)) seen.push(event.type);
          if (seen.length === 6) break;
        }
        await writer;
        expect(live).toBe(true);
        expect(seen).toEqual(['A1', 'A2', 'B1', 'A3', 'C1', 'C2']);
      });

      it('resumes right after a checkpoint', async () => {
        const prefix = prefixOf();
        await store.append(`${prefix}-a`, [ev('A1'), ev('A2'), ev('A3')], base);
        const firstTwo = await collect(
          store,
          { from: 'start' },
          (e) => e.stream.startsWith(prefix),
          (kept) => kept.length === 2,
        );
        await store.append(`${prefix}-a`, [ev('A4')], base);
        const rest = await collect(
          store,
          { from: firstTwo[1]!.checkpoint },
          (e) => e.stream.startsWith(prefix),
          (kept) => kept.length === 2,
        );
        expect(rest.map((e) => e.type)).toEqual(['A3', 'A4']);
      });

      it("from 'end' delivers only what is written afterwards", async () => {
        const prefix = prefixOf();
        await store.append(`${prefix}-a`, [ev('Old')], base);
        let live = false;
        const subscription = store.subscribe({ from: 'end', onLive: () => (live = true) });
        const seen: string[] = [];
        const writer = (async () => {
          while (!live) await sleep(5);
          await store.append(`${prefix}-a`, [ev('New')], base);
        })();
        for await (const event of subscription) {
          if (event.stream.startsWith(prefix)) seen.push(event.type);
          if (seen.length === 1) break;
        }
        await writer;
        expect(seen).toEqual(['New']);
      });

      it('pages hold the same events as the iterator, at most batchSize each, and turn live after the last page is taken', async () => {
        const prefix = prefixOf();
        await store.append(`${prefix}-mark`, [ev('Mark')], base);
        const [mark] = await collect(
          store,
          { from: 'start' },
          (e) => e.stream === `${prefix}-mark`,
          (kept) => kept.length === 1,
        );
        for (const type of ['A1', 'A2', 'A3', 'A4', 'A5']) await store.append(`${prefix}-a`, [ev(type)], base);
        const byEvent = await collect(
          store,
          { from: mark!.checkpoint },
          () => true,
          (kept) => kept.some((e) => e.type === 'A5' && e.stream === `${prefix}-a`),
        );

        let taken = 0;
        let takenWhenLive: number | undefined;
        const subscription = store.subscribe({
          from: mark!.checkpoint,
          batchSize: 2,
          onLive: () => {
            takenWhenLive = taken;
            void subscription.close();
          },
        });
        if (!subscription.pages) {
          // The EventStoreDB adapter pushes single events; the projector groups them itself.
          expect(store.engine).toBe('eventstoredb');
          await subscription.close();
          return;
        }
        const pages: (readonly RecordedEvent[])[] = [];
        const timer = setTimeout(() => void subscription.close(), 20_000);
        try {
          for await (const page of subscription.pages()) {
            pages.push(page);
            taken += page.length;
          }
        } finally {
          clearTimeout(timer);
        }
        expect(pages.every((page) => page.length >= 1 && page.length <= 2)).toBe(true);
        const flat = pages.flat();
        expect(flat.slice(0, byEvent.length).map((e) => e.id)).toEqual(byEvent.map((e) => e.id));
        expect(flat.filter((e) => e.stream === `${prefix}-a`).map((e) => e.type)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
        expect(takenWhenLive).toBe(flat.length);
      });

      it('close() ends a waiting subscription', async () => {
        const subscription = store.subscribe({ from: 'end' });
        const done = (async () => {
          let n = 0;
          for await (const _ of subscription) n++;
          return n;
        })();
        await sleep(150);
        await subscription.close();
        expect(await done).toBeGreaterThanOrEqual(0);
      });

      it('race: concurrent writers committing out of order; the subscriber receives exactly the committed events, once each, in per-stream order', async () => {
        const prefix = prefixOf();
        const writers = 8;
        const appendsPerWriter = 15;
        const sharedStreams = Array.from({ length: 3 }, (_, i) => `${prefix}-shared-${i}`);
        const committed = new Set<string>();
        const rolledBack = new Set<string>();
        let live = false;
        const subscription = store.subscribe({ from: 'end', batchSize: 7, onLive: () => (live = true) });
        const delivered: RecordedEvent[] = [];
        let writersDone = false;
        const reader = (async () => {
          for await (const event of subscription) {
            if (!event.stream.startsWith(prefix)) continue;
            delivered.push(event);
            if (writersDone && delivered.length >= committed.size) {
              // Linger briefly: a duplicate or a rolled-back event would show up now.
              await sleep(300);
              break;
            }
          }
        })();
        const watchdog = setTimeout(() => void subscription.close(), 60_000);
        while (!live) await sleep(5);

        await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            for (let i = 0; i < appendsPerWriter; i++) {
              const stream = Math.random() < 0.6 ? sharedStreams[(w + i) % sharedStreams.length]! : `${prefix}-own-${w}`;
              const events = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, (_, k) => ({
                id: randomUUID(),
                type: 'Raced',
                data: { w, i, k },
              }));
              const holdMs = 1 + Math.floor(Math.random() * 8);
              if (subject.holdOpenAppend) {
                const outcome = Math.random() < 0.15 ? 'rollback' : 'commit';
                await subject.holdOpenAppend(stream, events, base, holdMs, outcome);
                for (const e of events) (outcome === 'commit' ? committed : rolledBack).add(e.id);
              } else {
                await sleep(holdMs);
                await store.append(stream, events, base);
                for (const e of events) committed.add(e.id);
              }
            }
          }),
        );
        writersDone = true;
        // Wake a reader that already has everything and is waiting for the next event.
        if (delivered.length >= committed.size) await store.append(`${prefix}-nudge`, [ev('Nudge')], base);
        await reader;
        clearTimeout(watchdog);
        await subscription.close();

        const raced = delivered.filter((e) => e.type === 'Raced');
        const ids = raced.map((e) => e.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(committed);
        for (const id of rolledBack) expect(committed.has(id)).toBe(false);
        const versions = new Map<string, bigint[]>();
        for (const e of raced) versions.set(e.stream, [...(versions.get(e.stream) ?? []), e.streamVersion]);
        for (const [stream, list] of versions) {
          const expected = list.map((_, i) => BigInt(i + 1));
          expect({ stream, list }).toEqual({ stream, list: expected });
        }
      }, 90_000);
    });
  });
}
