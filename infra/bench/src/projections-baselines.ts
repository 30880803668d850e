import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { PostgresEventStore } from '@buyloop/event-store';
import type { Document } from '@buyloop/document-store';
import type { Projection } from '@buyloop/projector';
import { progress, round } from './harness';

/**
 * The projections benchmark's baselines:
 * - naive: the projector everyone writes first. The same events from the same
 *   subscription, the same projection code (handles, key, evolve), but for
 *   each event one SELECT of the document and one UPSERT (or DELETE) in
 *   autocommit, into a plain table (id text primary key, document jsonb),
 *   with no checkpoint stored at all (which only flatters it).
 * - raw-select (the ceiling): the ordered log read in pages of 1000 by
 *   keyset pagination, rows left as the driver returns them, nothing written.
 */

export const naiveTableSql = (schema: string): string =>
  `create schema if not exists "${schema}";
   create table "${schema}".documents (id text primary key, document jsonb not null);`;

export interface NaiveResult {
  readonly events: number;
  readonly seconds: number;
  readonly selects: number;
  readonly upserts: number;
  readonly deletes: number;
  /** True when the time budget ran out before `limit` events. */
  readonly cut: boolean;
}

/**
 * Projects the first `limit` events of the log one event at a time, or as
 * many as it gets through in `budgetMs`; resolves with the count and the time.
 */
export async function naiveProjector(
  store: PostgresEventStore,
  client: pg.PoolClient,
  schema: string,
  projection: Projection<Document>,
  limit: number,
  budgetMs: number,
): Promise<NaiveResult> {
  const table = `"${schema}".documents`;
  const handled = new Set(projection.handles);
  const select = { name: 'naive_select', text: `select document from ${table} where id = $1` };
  const upsert = {
    name: 'naive_upsert',
    text: `insert into ${table} (id, document) values ($1, $2::jsonb) on conflict (id) do update set document = excluded.document`,
  };
  const remove = { name: 'naive_delete', text: `delete from ${table} where id = $1` };
  const subscription = store.subscribe({ from: 'start', batchSize: 1000 });
  let events = 0;
  let selects = 0;
  let upserts = 0;
  let deletes = 0;
  let cut = false;
  let lastReport = performance.now();
  const t0 = performance.now();
  try {
    for await (const event of subscription) {
      if (handled.has(event.type)) {
        const key = projection.key(event);
        if (key !== null) {
          const found = await client.query<{ document: Document }>({ ...select, values: [key] });
          selects++;
          const next = projection.evolve(found.rows[0]?.document ?? null, event);
          if (next === null) {
            await client.query({ ...remove, values: [key] });
            deletes++;
          } else {
            await client.query({ ...upsert, values: [key, JSON.stringify(next)] });
            upserts++;
          }
        }
      }
      events++;
      if (events >= limit) break;
      if (performance.now() - t0 > budgetMs) {
        cut = true;
        break;
      }
      if (performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        progress(`naive: ${events} events, ${round(events / ((lastReport - t0) / 1000))} events/s`);
      }
    }
  } finally {
    await subscription.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  if (events === 0) throw new Error('naive projector received no events');
  return { events, seconds, selects, upserts, deletes, cut };
}

/** Reads `total` rows of the log in global-position order, 1000 per page (keyset pagination, prepared). */
export async function rawOrderedRead(pool: pg.Pool, schema: string, total: number, page = 1000): Promise<number> {
  const query = {
    name: `bench_proj_raw_${schema}`,
    text: `select * from "${schema}".events where global_position > $1 order by global_position limit ${page}`,
  };
  let received = 0;
  let after = '0';
  const t0 = performance.now();
  while (received < total) {
    const { rows } = await pool.query<{ global_position: string }>({ ...query, values: [after] });
    if (rows.length === 0) throw new Error(`raw read found ${received} of ${total} rows`);
    received += rows.length;
    after = String(rows[rows.length - 1]!.global_position);
  }
  return (performance.now() - t0) / 1000;
}

/** Reads `total` events through the store's catch-up subscription, doing nothing with them. */
export async function subscriptionRead(store: PostgresEventStore, total: number, batchSize = 1000): Promise<number> {
  const subscription = store.subscribe({ from: 'start', batchSize });
  let received = 0;
  const t0 = performance.now();
  try {
    for await (const event of subscription) {
      if (typeof event.globalPosition !== 'bigint') throw new Error('events are not typed RecordedEvents');
      if (++received >= total) break;
    }
  } finally {
    await subscription.close();
  }
  if (received < total) throw new Error(`subscription delivered ${received} of ${total} events`);
  return (performance.now() - t0) / 1000;
}
