import { mkdirSync } from 'node:fs';
import {
  createEventStoreDbEventStore,
  PostgresEventStore,
  pgClient,
  pgliteClient,
  type EventStore,
  type SqlClient,
} from '@buyloop/event-store';
import { describeEventStoreTarget, type Config } from './config';
import { describeCause, StartupError } from './startup-error';

/**
 * Opens the event store the configuration names: EventStoreDB when
 * EVENTSTORE_URL is set, else the PostgreSQL server at DATABASE_URL, else
 * PGlite in DATA_DIR. Failing to reach it is a StartupError that says where
 * we looked, so the operator is not left guessing which engine was chosen.
 */
export async function openEventStore(config: Pick<Config, 'eventStore'>): Promise<EventStore> {
  const target = config.eventStore;
  try {
    switch (target.kind) {
      case 'eventstoredb':
        return await createEventStoreDbEventStore(esdbConnectionString(target.url));
      case 'postgres':
        return await createOn(pgClient({ connectionString: target.url }), target.schema);
      case 'pglite':
        mkdirSync(target.dataDir, { recursive: true });
        return await createOn(await pgliteClient(target.dataDir), target.schema);
    }
  } catch (error) {
    throw new StartupError(`Cannot open the event store (${describeEventStoreTarget(target)}): ${describeCause(error)}`, {
      cause: error,
    });
  }
}

/**
 * KurrentDB is EventStoreDB renamed, and operators now write kurrentdb:// URLs;
 * the client we use (@eventstore/db-client 6) parses only the esdb:// spelling
 * of the same connection string.
 */
export const esdbConnectionString = (url: string): string => url.replace(/^kurrentdb(\+discover)?:\/\//i, 'esdb$1://');

/** A failed migration must not leave a connection pool keeping the process alive. */
async function createOn(sql: SqlClient, schema: string): Promise<EventStore> {
  try {
    return await PostgresEventStore.create(sql, { schema, ownsClient: true });
  } catch (error) {
    await sql.close().catch(() => undefined);
    throw error;
  }
}
