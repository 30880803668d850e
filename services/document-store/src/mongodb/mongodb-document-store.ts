import { randomUUID } from 'node:crypto';
/**
 * The document store on MongoDB, over the official `mongodb` driver (6.x).
 * Needs MongoDB 5.0 or newer: documents may hold `$`-prefixed and dotted keys
 * below their top level (accepted in replacements from 5.0), and finds use
 * snapshot reads (5.0).
 *
 * Validation, folding and typed values are the shared ones (../input.ts,
 * ../fold.ts), so a call is valid, or refused with the same ValidationError,
 * on every engine. The mapping onto MongoDB and the stored shape are in
 * mapping.ts.
 *
 * - One MongoDB collection per read-model collection, named
 *   `<collectionPrefix><name>`. Definitions live in the catalog collection
 *   `<collectionPrefix>_buyloop_collections` (collection names start with a
 *   letter, so it can never be one of them): a process that did not ensure a
 *   collection (the API beside a projector, the ops CLI) can still query it,
 *   and an unknown collection is NotFound('documentstore.collection_unknown').
 * - ensureCollection creates the collection, re-derives every stored document
 *   when the declared fields or text fields changed (refusing with
 *   ValidationError('documentstore.definition_incompatible') before anything is
 *   rewritten if a stored document does not fit), records the definition and
 *   creates the declared indexes (on `fields.<name>`, or `folded.<name>` for
 *   strings), dropping the ones it made for an earlier definition.
 * - write(): on a replica set or sharded cluster (the server's `hello` reports
 *   `setName`, or `msg: 'isdbgrid'` for mongos) all operations run in one
 *   transaction (`session.withTransaction`; the driver retries transient
 *   errors, which is safe: every operation is an idempotent replace or delete).
 *   A standalone server has no transactions: there the operations run as
 *   ordered bulk writes, one per run of consecutive operations on the same
 *   collection, in order and stopping at the first failure, but what ran
 *   before a failure stays written. `writeMode` tells which one a store uses.
 *   Every batch is validated completely before anything is written, and
 *   writes wait for a majority of the replica set in transaction mode, so the
 *   snapshot reads below see them.
 * - find(): the page (find, sort, skip, limit) and the total (countDocuments
 *   with the same filter) are read one after the other in one snapshot
 *   session on replica sets and clusters, so they agree like PostgreSQL's
 *   single statement; a standalone server has no snapshot reads, and there a
 *   write landing between the two reads can make them disagree by that write.
 *
 * Differences from PostgreSQL that stay (none visible in the contract):
 * - Definitions are cached per process. A collection dropped by another
 *   process reads as empty here (PostgreSQL: NotFound) until this process
 *   restarts or ensures it; writes check the catalog first (inside the
 *   transaction where there is one), so they refuse with NotFound instead of
 *   silently re-creating a dropped collection.
 * - ensureCollection and dropCollection take no lock: two processes ensuring
 *   different definitions of one collection at the same moment leave the
 *   last one recorded. Re-deriving is not atomic either: readers may see
 *   documents under the old and new definition while it runs.
 * - `contains` and `text` are unanchored regular expressions over the folded
 *   copies: no index serves them (nor PostgreSQL's LIKE '%…%'). Sorts put the
 *   null flag first, so a sort is not served by an index either; MongoDB
 *   sorts the matches keeping only offset + limit of them in memory.
 */
import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Collection,
  type Db,
  type Filter,
  type MongoClientOptions,
  WriteConcern,
} from 'mongodb';
import { ConcurrencyConflict, IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import {
  MAX_OPERATIONS,
  addProblem,
  assertId,
  assertIds,
  compileCollection,
  deriveValues,
  hasProblems,
  normaliseQuery,
  validateCollectionName,
  validateId,
  validateStamp,
  type CompiledCollection,
  type Problems,
} from '../input';
import type {
  CollectionDefinition,
  Document,
  DocumentStore,
  Lease,
  Page,
  Query,
  Stamped,
  StoredDocument,
  WriteOperation,
  WriteOptions,
} from '../port';
import { INDEX_PREFIX, indexSpec, mongoFilter, mongoSort, storedValues, type StoredValues } from './mapping';

export type MongoWriteMode = 'transaction' | 'ordered';

export interface MongoDocumentStoreOptions {
  /** Database name; default: the one in the URL's path, else `buyloop`. */
  readonly database?: string;
  /** Prepended to every MongoDB collection name (`rm_` → `rm_orders`); default none. */
  readonly collectionPrefix?: string;
  /**
   * How write() applies a batch: 'auto' (default) uses a transaction when the
   * server supports them and ordered bulk writes otherwise; 'transaction'
   * refuses to start on a server without transactions; 'ordered' never uses one.
   */
  readonly writes?: 'auto' | MongoWriteMode;
  /** Passed to the MongoClient (timeouts, TLS, pool size). */
  readonly clientOptions?: MongoClientOptions;
}

/** One read-model document in MongoDB. */
type Stored = { _id: string; document: Document; stamp?: string } & StoredValues;

interface CatalogEntry {
  _id: string;
  definition: CollectionDefinition;
  updatedAt: Date;
}

interface Prepared {
  readonly collection: string;
  readonly op: AnyBulkWriteOperation<Stored>;
}

const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;
const SNAPSHOT_UNAVAILABLE = 246;
const DATABASE_NAME = /^[A-Za-z0-9_-]{1,63}$/;
const PREFIX = /^[A-Za-z0-9_]{0,64}$/;
const BATCH = 500;
const MAJORITY = new WriteConcern('majority');

const isServerError = (error: unknown, code: number): boolean => error instanceof MongoServerError && error.code === code;

const unknownCollection = (name: string): NotFound =>
  new NotFound('documentstore.collection_unknown', `Unknown collection ${name}: it was never ensured, or it was dropped`, {
    collection: name,
  });

/** The database named in a connection string's path (`mongodb://host/db?…`), if any. */
export function databaseFromUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url);
  const name = match?.[1] ? decodeURIComponent(match[1]) : '';
  return name === '' ? undefined : name;
}

export class MongoDocumentStore implements DocumentStore {
  readonly engine = 'mongodb';
  private readonly collections = new Map<string, CompiledCollection>();
  private closed = false;

  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly prefix: string,
    /** How write() applies a batch on this server (see the file comment); snapshot reads go with 'transaction'. */
    readonly writeMode: MongoWriteMode,
    private readonly snapshotReads: boolean,
  ) {}

  /** Connects, asks the server what it is, and returns a ready store. */
  static async create(url: string, options: MongoDocumentStoreOptions = {}): Promise<MongoDocumentStore> {
    const problems: Problems = {};
    if (typeof url !== 'string' || !/^mongodb(\+srv)?:\/\//.test(url))
      addProblem(problems, 'url', 'documentstore.mongodb_url_invalid');
    const database = options.database ?? (typeof url === 'string' ? databaseFromUrl(url) : undefined) ?? 'buyloop';
    if (typeof database !== 'string' || !DATABASE_NAME.test(database))
      addProblem(problems, 'database', 'documentstore.database_invalid');
    const prefix = options.collectionPrefix ?? '';
    if (typeof prefix !== 'string' || !PREFIX.test(prefix))
      addProblem(problems, 'collectionPrefix', 'documentstore.collection_prefix_invalid');
    const writes = options.writes ?? 'auto';
    if (writes !== 'auto' && writes !== 'transaction' && writes !== 'ordered')
      addProblem(problems, 'writes', 'documentstore.write_mode_invalid');
    if (hasProblems(problems)) {
      throw new ValidationError(
        'documentstore.invalid_input',
        problems,
        `Invalid MongoDB document store options: ${JSON.stringify(problems)}`,
      );
    }

    const client = new MongoClient(url, options.clientOptions);
    try {
      await client.connect();
      const hello = await client.db('admin').command({ hello: 1 });
      const replicated =
        (typeof hello.setName === 'string' || hello.msg === 'isdbgrid') && hello.logicalSessionTimeoutMinutes != null;
      if (writes === 'transaction' && !replicated) {
        throw new IllegalState(
          'documentstore.transactions_unavailable',
          'This MongoDB server is standalone and has no transactions: run a replica set (one node is enough) or use writes: "ordered"',
        );
      }
      const mode: MongoWriteMode = writes === 'ordered' || !replicated ? 'ordered' : 'transaction';
      return new MongoDocumentStore(client, client.db(database), prefix, mode, replicated);
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    this.assertOpen();
    const compiled = compileCollection(definition);
    const collection = this.collection(compiled.name);
    try {
      await this.db.createCollection(collection.collectionName);
    } catch (error) {
      if (!isServerError(error, NAMESPACE_EXISTS)) throw error;
    }
    const stored = await this.catalog().findOne({ _id: compiled.name });
    if (stored && compileCollection(stored.definition).derivationSignature !== compiled.derivationSignature) {
      await this.rederive(collection, compiled);
    }
    await this.catalog().replaceOne(
      { _id: compiled.name },
      // As JSON, like PostgreSQL's catalog: BSON would keep an `indexes: undefined` as null, which compileCollection refuses.
      { definition: JSON.parse(JSON.stringify(compiled.definition)) as CollectionDefinition, updatedAt: new Date() },
      { upsert: true },
    );
    await this.syncIndexes(collection, compiled);
    this.collections.set(compiled.name, compiled);
  }

  async dropCollection(name: string): Promise<void> {
    this.assertOpen();
    validateCollectionName(name);
    this.collections.delete(name);
    // Catalog first: from then on writes elsewhere refuse instead of re-creating the collection.
    await this.catalog().deleteOne({ _id: name });
    try {
      await this.collection(name).drop();
    } catch (error) {
      // Servers before 7.0 answer a drop of a missing collection with NamespaceNotFound.
      if (!isServerError(error, NAMESPACE_NOT_FOUND)) throw error;
    }
  }

  async get<D extends Document = Document>(collection: string, id: string): Promise<D | null> {
    this.assertOpen();
    const c = await this.compiled(collection);
    assertId(id);
    const found = await this.collection(c.name).findOne({ _id: id }, { projection: { document: 1 } });
    return found ? (found.document as D) : null;
  }

  async getMany<D extends Document = Document>(collection: string, ids: readonly string[]): Promise<Map<string, D>> {
    this.assertOpen();
    const c = await this.compiled(collection);
    assertIds(ids);
    const found = new Map<string, D>();
    if (ids.length === 0) return found;
    const cursor = this.collection(c.name).find({ _id: { $in: [...new Set(ids)] } }, { projection: { document: 1 } });
    for await (const row of cursor) found.set(row._id, row.document as D);
    return found;
  }

  async getStamped<D extends Document = Document>(collection: string, ids: readonly string[]): Promise<Map<string, Stamped<D>>> {
    this.assertOpen();
    const c = await this.compiled(collection);
    assertIds(ids);
    const found = new Map<string, Stamped<D>>();
    if (ids.length === 0) return found;
    const cursor = this.collection(c.name).find({ _id: { $in: [...new Set(ids)] } }, { projection: { document: 1, stamp: 1 } });
    for await (const row of cursor) found.set(row._id, { document: row.document as D, stamp: row.stamp ?? null });
    return found;
  }

  async upsert(collection: string, id: string, document: Document): Promise<void> {
    this.assertOpen();
    // Named like the call's own arguments (`id`, `document.total.amount`), not as a batch's operations[0].
    const prepared = await this.prepare([{ type: 'upsert', collection, id, document }], () => '');
    await this.assertCatalogued([prepared[0]!.collection]);
    await this.collection(prepared[0]!.collection).bulkWrite([prepared[0]!.op], { ordered: true, ...this.writeOptions() });
  }

  async delete(collection: string, id: string): Promise<boolean> {
    this.assertOpen();
    const c = await this.compiled(collection);
    assertId(id);
    const result = await this.collection(c.name).deleteOne({ _id: id }, this.writeOptions());
    return result.deletedCount === 1;
  }

  async write(operations: readonly WriteOperation[], options: WriteOptions = {}): Promise<void> {
    this.assertOpen();
    const prepared = await this.prepare(operations);
    if (prepared.length === 0) return;
    const expected = options.expectStamp;
    const checkStamp = async (session?: ClientSession) => {
      if (!expected) return;
      const found = await this.collection((await this.compiled(expected.collection)).name).findOne(
        { _id: expected.id },
        { projection: { stamp: 1 }, ...(session ? { session } : {}) },
      );
      const actual = found?.stamp ?? null;
      if (actual !== expected.stamp)
        throw new ConcurrencyConflict(`${expected.collection}/${expected.id}`, String(expected.stamp), String(actual));
    };
    const names = [...new Set(prepared.map((p) => p.collection))];
    // Runs of consecutive operations on one collection, each one ordered bulkWrite.
    const runs: { collection: string; ops: AnyBulkWriteOperation<Stored>[] }[] = [];
    for (const { collection, op } of prepared) {
      const last = runs.at(-1);
      if (last?.collection === collection) last.ops.push(op);
      else runs.push({ collection, ops: [op] });
    }
    if (this.writeMode === 'ordered' || (prepared.length === 1 && !expected)) {
      await this.assertCatalogued(names);
      // Without transactions the fence is checked first: a narrow window remains (documented on WriteOptions).
      await checkStamp();
      for (const run of runs) await this.collection(run.collection).bulkWrite(run.ops, { ordered: true, ...this.writeOptions() });
      return;
    }
    const session = this.client.startSession();
    try {
      await session.withTransaction(
        async () => {
          // Sequential on purpose: operations in a transaction must not run in parallel.
          await this.assertCatalogued(names, session);
          await checkStamp(session);
          for (const run of runs) await this.collection(run.collection).bulkWrite(run.ops, { ordered: true, session });
        },
        { writeConcern: MAJORITY },
      );
    } finally {
      await session.endSession();
    }
  }

  async find<D extends Document = Document>(collection: string, query?: Query): Promise<Page<D>> {
    this.assertOpen();
    const c = await this.compiled(collection);
    const q = normaliseQuery(c, query);
    const target = this.collection(c.name);
    const filter = mongoFilter(q.filters) as Filter<Stored>;
    const sort = mongoSort(q.sort);
    const read = async (session?: ClientSession): Promise<Page<D>> => {
      // Page first: a snapshot session takes its read time from the first answer, so the count must come after it.
      const rows = await target
        .find(filter, {
          projection: { document: 1 },
          sort,
          skip: q.offset,
          limit: q.limit,
          allowDiskUse: true,
          ...(session ? { session } : {}),
        })
        .toArray();
      const total = await target.countDocuments(filter, session ? { session } : {});
      const items: StoredDocument<D>[] = rows.map((row) => ({ id: row._id, document: row.document as D }));
      return { items, total };
    };
    if (!this.snapshotReads) return read();
    for (let attempt = 1; ; attempt++) {
      const session = this.client.startSession({ snapshot: true });
      try {
        return await read(session);
      } catch (error) {
        // A snapshot can predate a collection or index just created; the server asks to retry.
        if (!isServerError(error, SNAPSHOT_UNAVAILABLE) || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      } finally {
        await session.endSession();
      }
    }
  }

  /**
   * A lease document with an expiry, renewed while held: MongoDB has no
   * session locks, and an expiry is what frees the lease of a crashed process.
   */
  async tryLease(name: string, ttlMs = 30_000): Promise<Lease | null> {
    this.assertOpen();
    const leases = this.db.collection<{ _id: string; owner: string; expiresAt: Date }>(`${this.prefix}_buyloop_leases`);
    const owner = randomUUID();
    const now = new Date();
    try {
      const taken = await leases.findOneAndUpdate(
        { _id: name, $or: [{ expiresAt: { $lt: now } }, { owner }] },
        { $set: { owner, expiresAt: new Date(now.getTime() + ttlMs) } },
        { upsert: true, returnDocument: 'after' },
      );
      if (taken?.owner !== owner) return null;
    } catch (error) {
      // Someone else holds it: the upsert collided with their document.
      if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000) return null;
      throw error;
    }
    let signalLost: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (signalLost = resolve));
    const renew = setInterval(() => {
      leases
        .updateOne({ _id: name, owner }, { $set: { expiresAt: new Date(Date.now() + ttlMs) } })
        .then((result) => {
          if (result.matchedCount === 0) signalLost();
        })
        .catch(() => signalLost());
    }, ttlMs / 3);
    renew.unref();
    return {
      name,
      lost,
      async release() {
        clearInterval(renew);
        await leases.deleteOne({ _id: name, owner }).catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.close();
  }

  // -------------------------------------------------------------------------

  private assertOpen(): void {
    if (this.closed) throw new IllegalState('documentstore.closed', 'The document store is closed');
  }

  private writeOptions(): { writeConcern?: WriteConcern } {
    return this.snapshotReads ? { writeConcern: MAJORITY } : {};
  }

  private collection(name: string): Collection<Stored> {
    return this.db.collection<Stored>(`${this.prefix}${name}`);
  }

  private catalog(): Collection<CatalogEntry> {
    return this.db.collection<CatalogEntry>(`${this.prefix}_buyloop_collections`);
  }

  /** The collection's compiled definition, from memory or the catalog; NotFound when it was never ensured. */
  private async compiled(name: string): Promise<CompiledCollection> {
    validateCollectionName(name);
    const cached = this.collections.get(name);
    if (cached) return cached;
    const stored = await this.catalog().findOne({ _id: name });
    if (!stored) throw unknownCollection(name);
    const compiled = compileCollection(stored.definition);
    this.collections.set(name, compiled);
    return compiled;
  }

  /** Refuses a write to a collection another process dropped, which MongoDB would otherwise silently re-create. */
  private async assertCatalogued(names: readonly string[], session?: ClientSession): Promise<void> {
    const found = await this.catalog()
      .find({ _id: { $in: [...names] } }, { projection: { _id: 1 }, ...(session ? { session } : {}) })
      .toArray();
    const present = new Set(found.map((entry) => entry._id));
    const missing = names.filter((name) => !present.has(name));
    if (missing.length > 0) {
      for (const name of missing) this.collections.delete(name);
      throw unknownCollection(missing.join(', '));
    }
  }

  /**
   * Validates the whole batch (collections, ids, documents, declared field
   * types) before anything is written. Problems are keyed `operations[i].…`,
   * or by `at(i)` when given.
   */
  private async prepare(operations: readonly WriteOperation[], at = (i: number) => `operations[${i}].`): Promise<Prepared[]> {
    const problems: Problems = {};
    if (!Array.isArray(operations) || operations.length > MAX_OPERATIONS) {
      addProblem(problems, 'operations', 'documentstore.operations_invalid');
      throw new ValidationError('documentstore.invalid_input', problems);
    }
    const collections = new Map<string, CompiledCollection>();
    for (const [i, op] of operations.entries()) {
      const name = validateCollectionName((op as Partial<WriteOperation> | null)?.collection, `${at(i)}collection`);
      if (!collections.has(name)) collections.set(name, await this.compiled(name));
    }
    const prepared: Prepared[] = [];
    operations.forEach((op, i) => {
      validateId(op.id, `${at(i)}id`, problems);
      const collection = collections.get(op.collection)!;
      if (op.type === 'upsert') {
        const derived = deriveValues(collection, op.document, `${at(i)}document`, problems);
        validateStamp(op.stamp, `${at(i)}stamp`, problems);
        if (derived) {
          const replacement: Omit<Stored, '_id'> = {
            document: op.document,
            ...storedValues(collection.fields.values(), derived),
            ...(op.stamp === undefined ? {} : { stamp: op.stamp }),
          };
          prepared.push({
            collection: collection.name,
            op: { replaceOne: { filter: { _id: op.id }, replacement, upsert: true } },
          });
        }
      } else if (op.type === 'delete') {
        prepared.push({ collection: collection.name, op: { deleteOne: { filter: { _id: op.id } } } });
      } else addProblem(problems, `${at(i)}type`, 'documentstore.operation_type_invalid');
    });
    if (hasProblems(problems))
      throw new ValidationError('documentstore.invalid_document', problems, `Invalid write: ${JSON.stringify(problems)}`);
    return prepared;
  }

  /**
   * Derives the stored typed values again after the declared fields changed.
   * Every document is checked against the new definition before any is rewritten.
   */
  private async rederive(collection: Collection<Stored>, compiled: CompiledCollection): Promise<void> {
    const rows = () => collection.find({}, { projection: { document: 1 }, sort: { _id: 1 }, batchSize: BATCH });
    const problems: Problems = {};
    const unfit: string[] = [];
    for await (const row of rows()) {
      const before = Object.keys(problems).length;
      if (!deriveValues(compiled, row.document, 'document', problems) || Object.keys(problems).length > before)
        unfit.push(row._id);
      if (unfit.length >= 10) break;
    }
    if (hasProblems(problems)) {
      throw new ValidationError(
        'documentstore.definition_incompatible',
        problems,
        `Stored documents of ${compiled.name} do not fit the new definition (${unfit.map((id) => JSON.stringify(id)).join(', ')}): ${JSON.stringify(problems)}`,
      );
    }
    let batch: AnyBulkWriteOperation<Stored>[] = [];
    for await (const row of rows()) {
      const derived = deriveValues(compiled, row.document, 'document', {});
      if (!derived) continue; // written meanwhile; its writer derived it under the definition it knew
      const values = storedValues(compiled.fields.values(), derived);
      batch.push({ updateOne: { filter: { _id: row._id }, update: { $set: { ...values } } } });
      if (batch.length >= BATCH) {
        await collection.bulkWrite(batch, { ordered: false, ...this.writeOptions() });
        batch = [];
      }
    }
    if (batch.length > 0) await collection.bulkWrite(batch, { ordered: false, ...this.writeOptions() });
  }

  /** Creates the declared indexes and drops the ones this adapter made for an earlier definition. */
  private async syncIndexes(collection: Collection<Stored>, compiled: CompiledCollection): Promise<void> {
    const wanted = new Map(compiled.indexes.map((fields) => indexSpec(fields)).map((spec) => [spec.name, spec.keys]));
    const existing = (await collection.listIndexes().toArray()).map((index) => String(index.name));
    for (const [name, keys] of wanted) if (!existing.includes(name)) await collection.createIndex(keys, { name });
    for (const name of existing) if (name.startsWith(INDEX_PREFIX) && !wanted.has(name)) await collection.dropIndex(name);
  }
}
