import pg from 'pg';
import { getPostgreSQLEventStore, type PostgresEventStore as EmmettEventStore } from '@event-driven-io/emmett-postgresql';
import type { Event } from '@event-driven-io/emmett';
import { ACTOR, EVENT_TYPE, MARKET, metadataFor, orderPlaced, uuid } from './payload';
import type { OrderPlaced } from './payload';

/**
 * The baselines ours is measured against:
 * - raw-insert (the ceiling): plain autocommit INSERTs of the same rows into a
 *   copy of our events table (`LIKE ... INCLUDING ALL`: same columns, defaults,
 *   identity, constraints and indexes), no function, no lock, no checks.
 * - emmett-postgresql 0.42 (the peer): its own schema and append function.
 */

/** Runs one statement; `name` keeps it prepared where the driver supports that. */
export type Exec = (name: string, text: string, params: unknown[]) => Promise<unknown>;

export const pgExec =
  (pool: pg.Pool): Exec =>
  async (name, text, params) =>
    (await pool.query({ name, text, values: params })).rows;

/** A writer: called once per writer before the clock starts, returns that writer's append operation. */
export type WriterFactory = (writer: number, eventsPerAppend: number, tag: string) => () => Promise<unknown>;

const COLUMNS = 7;

const insertSql = (table: string, rows: number): string => {
  const values = Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: COLUMNS }, (_, c) => `$${r * COLUMNS + c + 1}`).join(', ')})`,
  ).join(', ');
  return `insert into ${table} (event_id, stream_id, stream_version, event_type, schema_version, data, metadata)
    values ${values} returning global_position`;
};

/**
 * Raw INSERTs: one statement per append (a multi-row VALUES for a batch), the
 * stream version counted by the writer, which owns its stream.
 */
export const rawInsertWriter =
  (exec: Exec, table: string): WriterFactory =>
  (writer, size, tag) => {
    const stream = `bench-${tag}-w${writer}`;
    const text = insertSql(table, size);
    const name = `bench_raw_insert_${size}`;
    let version = 0;
    return async () => {
      const params: unknown[] = [];
      let metadata = '';
      for (let i = 0; i < size; i++) {
        const id = uuid();
        if (i === 0) metadata = JSON.stringify(metadataFor(id));
        params.push(id, stream, version + i + 1, EVENT_TYPE, 1, JSON.stringify(orderPlaced()), metadata);
      }
      await exec(name, text, params);
      version += size;
    };
  };

/** Copies our events table's definition (columns, defaults, identity, constraints, indexes), without data. */
export const rawTableSql = (rawSchema: string, oursSchema: string): string =>
  `create schema if not exists "${rawSchema}";
   create table "${rawSchema}".events (like "${oursSchema}".events including all);`;

type EmmettMetadata = {
  correlationId: string;
  causationId: string | null;
  actor: { userId: string; role: string };
  market: string;
};
type EmmettOrderPlaced = Event<typeof EVENT_TYPE, OrderPlaced, EmmettMetadata>;

export const emmettWriter =
  (store: EmmettEventStore): WriterFactory =>
  (writer, size, tag) => {
    const stream = `bench-${tag}-w${writer}`;
    let version = 0n;
    return async () => {
      const correlationId = uuid();
      const events: EmmettOrderPlaced[] = Array.from({ length: size }, () => ({
        type: EVENT_TYPE,
        data: orderPlaced(),
        metadata: { correlationId, causationId: null, actor: { ...ACTOR }, market: MARKET },
      }));
      const result = await store.appendToStream(stream, events, { expectedStreamVersion: version });
      version = result.nextExpectedStreamVersion;
    };
  };

/**
 * dumbo (Emmett's SQL layer) installs process-wide `pg` type parsers (int8 as
 * BigInt, json/jsonb through its own parser) the first time it builds a pool.
 * Those would silently change what ours and the raw baselines pay for parsing
 * rows, so Emmett's parsers are only active while Emmett itself is measured.
 */
const PARSED_TYPES = [20, 114, 3802] as const;
type Parsers = Map<number, (value: string) => unknown>;
const snapshotParsers = (): Parsers => new Map(PARSED_TYPES.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]));
const applyParsers = (parsers: Parsers): void => {
  for (const [oid, parser] of parsers) pg.types.setTypeParser(oid, 'text', parser);
};

export interface Emmett {
  readonly store: EmmettEventStore;
  readonly pool: pg.Pool;
  /** Runs `work` with Emmett's type parsers in place, then puts the pg defaults back. */
  withOwnParsers<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Emmett 0.42 keeps its tables in the connection's search_path, so its pool
 * puts a fresh schema first. Its migrations create each function only if no
 * function of that name exists anywhere in the database, so schemas that
 * already hold Emmett functions are appended to the path to find them.
 */
export async function createEmmett(connectionString: string, schema: string, poolSize: number, admin: pg.Pool): Promise<Emmett> {
  const defaults = snapshotParsers();
  const existing = await admin.query<{ nspname: string }>(
    `select distinct n.nspname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proname like 'emt\\_%' and n.nspname <> $1`,
    [schema],
  );
  const searchPath = [schema, ...existing.rows.map((r) => r.nspname)].map((s) => `"${s}"`).join(',');
  await admin.query(`create schema if not exists "${schema}"`);
  const pool = new pg.Pool({ connectionString, max: poolSize, options: `-c search_path=${searchPath}` });
  pool.on('error', () => undefined);
  const store = getPostgreSQLEventStore(connectionString, { connectionOptions: { pool } });
  await store.schema.migrate();
  const emmettParsers = snapshotParsers();
  applyParsers(defaults);
  return {
    store,
    pool,
    async withOwnParsers<T>(work: () => Promise<T>): Promise<T> {
      applyParsers(emmettParsers);
      try {
        return await work();
      } finally {
        applyParsers(defaults);
      }
    },
    async close() {
      await store.close();
      await pool.end();
    },
  };
}
