import { randomUUID } from 'node:crypto';
import { dropSchemas, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from './postgres-document-store';

export interface PostgresSubject {
  readonly store: PostgresDocumentStore;
  readonly sql: SqlClient;
  readonly schema: string;
  /** Another store on the same database, like a second process would have. */
  readonly openAnother: () => Promise<PostgresDocumentStore>;
  readonly cleanup: () => Promise<void>;
}

/** A store in a schema of its own, so test files and runs sharing one server never see each other. */
export async function postgresSubject(engine: 'pglite' | 'postgres'): Promise<PostgresSubject> {
  const schema = `t_docs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const connectionString = process.env.DATABASE_URL;
  if (engine === 'postgres' && !connectionString) throw new Error('DATABASE_URL is not set');
  const sql: SqlClient = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: connectionString! });
  const store = await PostgresDocumentStore.create(sql, { schema });
  return {
    store,
    sql,
    schema,
    openAnother: () => PostgresDocumentStore.create(sql, { schema }),
    async cleanup() {
      if (engine === 'postgres') await dropSchemas(sql, [schema]);
      await sql.close();
    },
  };
}
