export * from './port';
export { foldText } from './fold';
export {
  compileCollection,
  deriveValues,
  normaliseQuery,
  parseIsoDate,
  validateCollectionName,
  assertId,
  assertIds,
  COLLECTION_NAME,
  FIELD_NAME,
  DEFAULT_LIMIT,
  MAX_LIMIT,
} from './input';
export type { CompiledCollection, CompiledField, DerivedValues, NormalisedFilter, NormalisedQuery } from './input';
export { PostgresDocumentStore } from './postgres/postgres-document-store';
export type { PostgresDocumentStoreOptions, QueryFn } from './postgres/postgres-document-store';
export { createMongoDocumentStore, MongoDocumentStore } from './mongodb';
export {
  DEFAULT_CLAIM_LEASE_MS,
  hashOf,
  idFromKey,
  IdempotencyKeys,
  IDEMPOTENCY_KEYS,
  parseIdempotencyKey,
} from './idempotency-keys';
export type { Claim, IdempotencyKeysOptions } from './idempotency-keys';
