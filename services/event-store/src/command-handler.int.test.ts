import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyConflict,
  IllegalState,
  handleCommand,
  type CommandOptions,
  type Decider,
  type DomainEvent,
  type StreamStore,
} from '@buyloop/kit';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from './index';

/*
 * The kit's command handler against the real PostgreSQL event store: the
 * expected-version handshake between the two (0n for "must not exist yet",
 * the exact version otherwise) is only proven where the SQL runs.
 */

type StockEvent = DomainEvent<'Stocked', { qty: number }> | DomainEvent<'Reserved', { qty: number; order: string }>;
type StockCommand = { type: 'Stock'; qty: number } | { type: 'Reserve'; qty: number; order: string };

const stock: Decider<StockCommand, StockEvent, number> = {
  initialState: () => 0,
  evolve: (available, event) => (event.type === 'Stocked' ? available + event.data.qty : available - event.data.qty),
  decide: (command, available) => {
    if (command.type === 'Stock') return [{ type: 'Stocked', data: { qty: command.qty } }];
    if (command.qty > available) throw new IllegalState('stock.insufficient', undefined, { available });
    return [{ type: 'Reserved', data: { qty: command.qty, order: command.order } }];
  },
};

/** The same decider, remembering the state each decision was taken on. */
function observed(): { decider: Decider<StockCommand, StockEvent, number>; decidedOn: number[] } {
  const decidedOn: number[] = [];
  return {
    decidedOn,
    decider: {
      ...stock,
      decide: (command, state) => {
        decidedOn.push(state);
        return stock.decide(command, state);
      },
    },
  };
}

/**
 * Holds the first `readers` reads until all of them have read, so that many
 * commands decide on the same version and race to append; later reads (the
 * retries) pass straight through.
 */
function raceOf(store: StreamStore, readers: number): StreamStore {
  let waiting = readers;
  let release!: () => void;
  const allRead = new Promise<void>((resolve) => (release = resolve));
  return {
    async readStream(stream) {
      const events = await store.readStream(stream);
      if (waiting > 0) {
        waiting--;
        if (waiting === 0) release();
        await allRead;
      }
      return events;
    },
    append: (stream, events, options) => store.append(stream, events, options),
  };
}

const options: CommandOptions<StockEvent> = { actor: { userId: 'clerk-7', role: 'warehouse' }, market: 'ro' };
const streamName = (): string => `stock-${randomUUID()}`;

interface Engine {
  readonly name: string;
  open(): Promise<{ store: PostgresEventStore; cleanup: () => Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'pglite',
    async open() {
      const store = await PostgresEventStore.create(await pgliteClient());
      return { store, cleanup: () => store.close() };
    },
  },
];
const connectionString = process.env.DATABASE_URL;
if (connectionString) {
  engines.push({
    name: 'postgres',
    async open() {
      const sql: SqlClient = pgClient({ connectionString });
      const schema = `t_cmd_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
      return {
        store,
        async cleanup() {
          await store.close();
          try {
            await dropSchemas(sql, [schema]);
          } finally {
            await sql.close();
          }
        },
      };
    },
  });
}

describe.each(engines)('command handler on the $name event store', (engine) => {
  let store: PostgresEventStore;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ store, cleanup } = await engine.open());
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('creates a new stream and records the events with the caller metadata', async () => {
    const stream = streamName();
    const result = await handleCommand(
      store,
      stock,
      stream,
      { type: 'Stock', qty: 5 },
      {
        ...options,
        correlationId: 'corr-1',
        causationId: 'cmd-1',
      },
    );

    const recorded = await store.readStream(stream);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: 'Stocked',
      data: { qty: 5 },
      streamVersion: 1n,
      metadata: { correlationId: 'corr-1', causationId: 'cmd-1', actor: options.actor, market: 'ro' },
    });
    expect(result).toEqual({
      events: [{ type: 'Stocked', data: { qty: 5 } }],
      streamVersion: 1n,
      globalPosition: recorded[0]!.globalPosition,
      checkpoint: recorded[0]!.checkpoint,
      state: 5,
      duplicate: false,
    });
  });

  it('folds the existing stream and decides on its current state', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    await handleCommand(store, stock, stream, { type: 'Reserve', qty: 2, order: 'o-1' }, options);
    const { decider, decidedOn } = observed();

    const result = await handleCommand(store, decider, stream, { type: 'Reserve', qty: 3, order: 'o-2' }, options);

    expect(decidedOn).toEqual([3]);
    expect(result).toMatchObject({ streamVersion: 3n, state: 0 });
    expect((await store.readStream(stream)).map((e) => [e.streamVersion, e.type, e.data])).toEqual([
      [1n, 'Stocked', { qty: 5 }],
      [2n, 'Reserved', { qty: 2, order: 'o-1' }],
      [3n, 'Reserved', { qty: 3, order: 'o-2' }],
    ]);
  });

  it('leaves the stream unchanged when the decider refuses', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    const before = await store.readStream(stream);

    const refused = handleCommand(store, stock, stream, { type: 'Reserve', qty: 6, order: 'o-1' }, options);
    await expect(refused).rejects.toBeInstanceOf(IllegalState);
    await expect(refused).rejects.toMatchObject({ code: 'stock.insufficient', params: { available: 5 } });
    expect(await store.readStream(stream)).toEqual(before);
  });

  it('refuses a stale If-Match with ConcurrencyConflict without deciding, and accepts the current one', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    await handleCommand(store, stock, stream, { type: 'Reserve', qty: 1, order: 'o-1' }, options);
    const { decider, decidedOn } = observed();

    const stale = handleCommand(
      store,
      decider,
      stream,
      { type: 'Reserve', qty: 1, order: 'o-2' },
      {
        ...options,
        expectedVersion: 1n,
        retry: { attempts: 3 },
      },
    );
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyConflict);
    await expect(stale).rejects.toMatchObject({ stream, expected: '1', actual: '2' });
    expect(decidedOn).toEqual([]);
    expect(await store.readStream(stream)).toHaveLength(2);

    const current = await handleCommand(
      store,
      decider,
      stream,
      { type: 'Reserve', qty: 1, order: 'o-2' },
      {
        ...options,
        expectedVersion: 2n,
      },
    );
    expect(current).toMatchObject({ streamVersion: 3n, state: 3 });
  });

  it('with retry, concurrent commands both land and the loser re-decides on the winner’s state', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    const { decider, decidedOn } = observed();
    const racing = raceOf(store, 2);

    const results = await Promise.all(
      ['o-1', 'o-2'].map((order) =>
        handleCommand(racing, decider, stream, { type: 'Reserve', qty: 2, order }, { ...options, retry: { attempts: 3 } }),
      ),
    );

    // Both decided on 5; the one that lost the append decided again on 3.
    expect(decidedOn).toEqual([5, 5, 3]);
    expect(results.map((r) => r.streamVersion).sort()).toEqual([2n, 3n]);
    expect(results.map((r) => r.state).sort()).toEqual([1, 3]);
    const recorded = await store.readStream(stream);
    expect(recorded.map((e) => e.data)).toEqual(
      expect.arrayContaining([
        { qty: 2, order: 'o-1' },
        { qty: 2, order: 'o-2' },
      ]),
    );
    expect(recorded).toHaveLength(3);
  });

  it('with retry, the re-decision may refuse when the winner took what was left', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    const racing = raceOf(store, 2);

    const outcomes = await Promise.allSettled(
      ['o-1', 'o-2'].map((order) =>
        handleCommand(racing, stock, stream, { type: 'Reserve', qty: 3, order }, { ...options, retry: { attempts: 3 } }),
      ),
    );

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(IllegalState);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Stocked', 'Reserved']);
  });

  it('without retry, one of two concurrent commands fails with ConcurrencyConflict and writes nothing', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    const racing = raceOf(store, 2);

    const outcomes = await Promise.allSettled(
      ['o-1', 'o-2'].map((order) => handleCommand(racing, stock, stream, { type: 'Reserve', qty: 1, order }, options)),
    );

    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o) => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason).toBeInstanceOf(ConcurrencyConflict);
    const recorded = await store.readStream(stream);
    expect(recorded).toHaveLength(2);
    expect(recorded[1]?.data).toEqual(won[0]?.value.events[0]?.data);
  });

  it('without retry, only one of two commands creating the same stream succeeds', async () => {
    const stream = streamName();
    const racing = raceOf(store, 2);

    const outcomes = await Promise.allSettled(
      [3, 4].map((qty) => handleCommand(racing, stock, stream, { type: 'Stock', qty }, options)),
    );

    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = outcomes.find((o) => o.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(ConcurrencyConflict);
    expect(lost?.reason).toMatchObject({ expected: '0', actual: '1' });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('with injected event ids, repeating a command stores nothing new', async () => {
    const stream = streamName();
    await handleCommand(store, stock, stream, { type: 'Stock', qty: 5 }, options);
    const idempotencyKey = randomUUID();
    const command: StockCommand = { type: 'Reserve', qty: 2, order: 'o-1' };
    const withIds = { ...options, newId: () => idempotencyKey };

    const first = await handleCommand(store, stock, stream, command, withIds);
    const again = await handleCommand(store, stock, stream, command, withIds);

    expect(first).toMatchObject({ duplicate: false, streamVersion: 2n, state: 3 });
    expect(first.events[0]?.id).toBe(idempotencyKey);
    expect(again).toMatchObject({
      duplicate: true,
      streamVersion: 2n,
      globalPosition: first.globalPosition,
      state: 3,
    });
    const recorded = await store.readStream(stream);
    expect(recorded.map((e) => e.id)).toEqual([expect.any(String), idempotencyKey]);
  });
});
