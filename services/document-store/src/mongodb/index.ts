import type { DocumentStore } from '../port';
import { MongoDocumentStore, type MongoDocumentStoreOptions } from './mongodb-document-store';

export { MongoDocumentStore, databaseFromUrl } from './mongodb-document-store';
export type { MongoDocumentStoreOptions, MongoWriteMode } from './mongodb-document-store';

/**
 * The document store on a MongoDB server, replica set or sharded cluster
 * (MONGODB_URL, e.g. `mongodb://localhost:27017/buyloop?replicaSet=rs0`).
 * Resolves once the server has answered; engine name 'mongodb'. Batched writes
 * are transactional on replica sets and clusters, ordered otherwise (see
 * MongoDocumentStore.writeMode).
 */
export function createMongoDocumentStore(url: string, options: MongoDocumentStoreOptions = {}): Promise<DocumentStore> {
  return MongoDocumentStore.create(url, options);
}
