import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppendOptions, RecordedEvent } from '@buyloop/kit';
import { dropSchemas } from './drop-schemas';
import { PostgresEventStore } from './postgres-event-store';
import { pgClient, pgliteClient, type SqlClient } from './sql-client';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const base: AppendOptions = { actor: { userId: 'clerk-1', role: 'warehouse' }, market: 'cz' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store that counts the subscriptions' page reads, and polls so rarely that only an append's wake delivers in a test. */
async function counted(engine: 'pglite' | 'postgres') {
  const schema = `t_lsub_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const sql: SqlClient = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
  const reads = { count: 0 };
  const query = sql.query.bind(sql);
  const counting: SqlClient = {
    ...sql,
    engine: sql.engine,
    query: (text, params, name) => {
      if (name?.startsWith('buyloop_deliverable_')) reads.count++;
      return query(text, params, name);
    },
  };
  const store = await PostgresEventStore.create(counting, { schema, ownsClient: false, pollIntervalMs: 600_000 });
  cleanups.push(async () => {
    await store.close();
    if (engine === 'postgres') await dropSchemas(sql, [schema]);
    await sql.close();
  });
  return { store, reads };
}

describe.each(engines)('live subscriptions on %s', (engine) => {
  it('woken by one append, twenty subscriptions standing at the same place read it with one query', async () => {
    const { store, reads } = await counted(engine);
    const received: RecordedEvent[][] = Array.from({ length: 20 }, () => []);
    let live = 0;
    const subscriptions = received.map((into) => {
      const subscription = store.subscribe({ from: 'end', onLive: () => live++ });
      void (async () => {
        for await (const event of subscription) into.push(event);
      })();
      return subscription;
    });
    await expect.poll(() => live, { timeout: 20_000 }).toBe(20);
    const before = reads.count;
    await store.append('order-1', [{ type: 'OrderPlaced', data: { n: 1 } }], base);
    await expect.poll(() => received.every((into) => into.length === 1), { timeout: 20_000 }).toBe(true);
    // One read finds the event; each subscription then reads once more and finds the end (those shared as well).
    expect(reads.count - before).toBeLessThanOrEqual(4);
    for (const into of received) expect(into[0]).toMatchObject({ type: 'OrderPlaced', data: { n: 1 } });
    await Promise.all(subscriptions.map((subscription) => subscription.close()));
  }, 180_000);

  it('an append while the consumer is busy is delivered at once, not at the next poll', async () => {
    const { store } = await counted(engine);
    const received: number[] = [];
    let live = false;
    let release: () => void = () => undefined;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const subscription = store.subscribe({ from: 'end', onLive: () => (live = true) });
    void (async () => {
      for await (const event of subscription) {
        received.push((event.data as { n: number }).n);
        // The first event keeps the consumer busy while the second is appended.
        if (received.length === 1) await busy;
      }
    })();
    await expect.poll(() => live, { timeout: 20_000 }).toBe(true);
    await store.append('order-1', [{ type: 'OrderPlaced', data: { n: 1 } }], base);
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    await store.append('order-2', [{ type: 'OrderPlaced', data: { n: 2 } }], base);
    release();
    // The poll is ten minutes away: only the remembered wake delivers the second event within the test.
    await expect.poll(() => received, { timeout: 20_000 }).toEqual([1, 2]);
    await subscription.close();
  }, 180_000);
});
