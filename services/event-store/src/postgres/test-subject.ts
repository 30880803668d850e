import { randomUUID } from 'node:crypto';
import type { ContractSubject } from '../contract';
import { PostgresEventStore } from './postgres-event-store';
import { pgClient, pgliteClient, type SqlClient } from './sql-client';
import { dropSchemas } from './drop-schemas';

class Rollback extends Error {}

/** A PostgreSQL-family store for the contract suite, with a way to hold transactions open. */
export async function postgresSubject(engine: 'pglite' | 'postgres'): Promise<ContractSubject> {
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const connectionString = process.env.DATABASE_URL;
  if (engine === 'postgres' && !connectionString) throw new Error('DATABASE_URL is not set');
  const sql: SqlClient =
    engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: connectionString!, maxConnections: 24 });
  const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
  return {
    store,
    async holdOpenAppend(stream, events, options, holdMs, outcome) {
      try {
        const result = await store.transaction(async (query) => {
          const appended = await store.appendWithin(query, stream, events, options);
          await new Promise((resolve) => setTimeout(resolve, holdMs));
          if (outcome === 'rollback') throw new Rollback();
          return appended;
        });
        store.notifyAppended();
        return result;
      } catch (error) {
        if (error instanceof Rollback) return null;
        throw error;
      }
    },
    async cleanup() {
      if (engine === 'postgres') await dropSchemas(sql, [schema]);
      await sql.close();
    },
  };
}
