import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

/**
 * The tiny query interface both PostgreSQL engines sit behind, so the event
 * store (and later the document store) has one set of SQL for the server
 * (`pg`) and the embedded engine (PGlite).
 */
export interface SqlClient {
  readonly engine: 'postgres' | 'pglite';
  /** One parameterised statement. `name` makes the server keep it prepared. */
  query<Row>(text: string, params?: readonly unknown[], name?: string): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction on one connection: committed when it
   * resolves, rolled back when it throws.
   */
  transaction<T>(work: (query: QueryFn) => Promise<T>): Promise<T>;
  /**
   * A connection of its own, kept until released: for session state such as
   * advisory locks. On PGlite (one connection, one process) it is the
   * database itself.
   */
  reserve(): Promise<ReservedConnection>;
  close(): Promise<void>;
}

export interface ReservedConnection {
  readonly query: QueryFn;
  /** Resolves when the connection breaks (never on PGlite). */
  readonly broken: Promise<void>;
  release(): void;
}

/** `name` asks the server to keep the statement prepared on the connection (PGlite ignores it). */
export type QueryFn = <Row>(text: string, params?: readonly unknown[], name?: string) => Promise<Row[]>;

export interface PgClientOptions {
  readonly connectionString: string;
  readonly maxConnections?: number;
}

export function pgClient(options: PgClientOptions): SqlClient {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 20,
    // A dead server must fail a request, not hang it.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    engine: 'postgres',
    async query<Row>(text: string, params: readonly unknown[] = [], name?: string) {
      const result = await pool.query({ text, values: params as unknown[], ...(name ? { name } : {}) });
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async reserve(): Promise<ReservedConnection> {
      const client = await pool.connect();
      let released = false;
      let failed = false;
      let signalBroken: () => void = () => undefined;
      const broken = new Promise<void>((resolve) => (signalBroken = resolve));
      // A dropped connection emits more than one error: every one must be handled, or the process dies.
      const onError = () => {
        failed = true;
        signalBroken();
      };
      const onEnd = () => {
        if (!released) signalBroken();
      };
      client.on('error', onError);
      client.on('end', onEnd);
      return {
        query: async <Row>(text: string, params: readonly unknown[] = []) =>
          (await client.query(text, params as unknown[])).rows as Row[],
        broken,
        release() {
          if (released) return;
          released = true;
          client.off('error', onError);
          client.off('end', onEnd);
          // A broken connection is destroyed rather than handed to the next caller.
          client.release(failed);
        },
      };
    },
    async transaction<T>(work: (query: QueryFn) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work(async <Row>(text: string, params: readonly unknown[] = [], name?: string) => {
          const res = await client.query({ text, values: params as unknown[], ...(name ? { name } : {}) });
          return res.rows as Row[];
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** `dataDir` undefined keeps the database in memory (tests); a path keeps it on disk. */
export async function pgliteClient(dataDir?: string): Promise<SqlClient> {
  const db = await PGlite.create(dataDir);
  let closed = false;
  return {
    engine: 'pglite',
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async reserve(): Promise<ReservedConnection> {
      return {
        query: async <Row>(text: string, params: readonly unknown[] = []) =>
          (await db.query<Row>(text, params as unknown[])).rows,
        broken: new Promise<void>(() => undefined),
        release: () => undefined,
      };
    },
    async transaction<T>(work: (query: QueryFn) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) =>
        work(async <Row>(text: string, params: readonly unknown[] = []) => (await tx.query<Row>(text, params as unknown[])).rows),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}
