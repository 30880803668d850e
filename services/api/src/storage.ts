import { mkdirSync } from 'node:fs';
import { PostgresEventStore, pgClient, pgliteClient, type EventStore, type SqlClient } from '@buyloop/event-store';
import { createMongoDocumentStore, PostgresDocumentStore, type DocumentStore } from '@buyloop/document-store';
import { describeEventStoreTarget, type Config } from './config';
import { esdbConnectionString } from './event-store';
import { createEventStoreDbEventStore } from '@buyloop/event-store';
import { describeCause, StartupError } from './startup-error';

export interface Storage {
  readonly eventStore: EventStore;
  readonly documentStore: DocumentStore;
  /** Where each store lives, for the start-up line and the status page. */
  readonly description: string;
  close(): Promise<void>;
}

/**
 * Opens both stores the configuration names. Events: EventStoreDB, else the
 * PostgreSQL server, else PGlite. Read models: MongoDB, else the same
 * PostgreSQL database as the events. Both PostgreSQL-family stores share one
 * SQL client: PGlite is one process on one data directory, and two handles on
 * it would corrupt it.
 */
export async function openStorage(
  config: Pick<Config, 'eventStore' | 'databaseUrl' | 'mongodbUrl' | 'dataDir'>,
): Promise<Storage> {
  const opened: Array<() => Promise<void>> = [];
  let sql: SqlClient | undefined;
  const sqlClient = async (): Promise<SqlClient> => {
    if (sql) return sql;
    if (config.databaseUrl) sql = pgClient({ connectionString: config.databaseUrl });
    else {
      mkdirSync(config.dataDir, { recursive: true });
      sql = await pgliteClient(config.dataDir);
    }
    const client = sql;
    opened.push(() => client.close());
    return client;
  };
  const closeAll = async () => {
    // Stores before the client they share: `opened` lists them in that order.
    for (const close of opened) await close().catch(() => undefined);
  };

  try {
    const target = config.eventStore;
    let eventStore: EventStore;
    try {
      eventStore =
        target.kind === 'eventstoredb'
          ? await createEventStoreDbEventStore(esdbConnectionString(target.url))
          : await PostgresEventStore.create(await sqlClient(), { schema: target.schema, ownsClient: false });
    } catch (error) {
      throw new StartupError(`Cannot open the event store (${describeEventStoreTarget(target)}): ${describeCause(error)}`, {
        cause: error,
      });
    }
    opened.unshift(() => eventStore.close());

    let documentStore: DocumentStore;
    let documents: string;
    try {
      if (config.mongodbUrl) {
        documentStore = await createMongoDocumentStore(config.mongodbUrl);
        documents = 'MongoDB at MONGODB_URL';
      } else {
        documentStore = await PostgresDocumentStore.create(await sqlClient(), { schema: 'read_models', ownsClient: false });
        documents = config.databaseUrl
          ? 'PostgreSQL at DATABASE_URL (schema read_models)'
          : `PGlite in ${config.dataDir} (schema read_models)`;
      }
    } catch (error) {
      throw new StartupError(`Cannot open the read-model store: ${describeCause(error)}`, { cause: error });
    }
    opened.unshift(() => documentStore.close());
    return {
      eventStore,
      documentStore,
      description: `events in ${describeEventStoreTarget(target)}, read models in ${documents}`,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
