export * from './port';
export { validateAppend } from './input';
export { PostgresEventStore, encodeCheckpoint, decodeCheckpoint } from './postgres/postgres-event-store';
export type { PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { pgClient, pgliteClient } from './postgres/sql-client';
export type { SqlClient, PgClientOptions, QueryFn, ReservedConnection } from './postgres/sql-client';
export { createEventStoreDbEventStore } from './eventstoredb';
export { compareCheckpoints, parseCheckpoint } from './checkpoint';
export { dropSchemas } from './postgres/drop-schemas';
