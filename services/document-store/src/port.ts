/**
 * The document store port: where read models live. Projections write
 * documents; storefront pages, back-office grids (AG Grid's infinite row
 * model) and status pages query them. Every engine is an adapter that passes
 * the same contract suite. User values always travel as bound parameters.
 */

/** A read-model document: plain JSON, like event data. */
export type Document = Readonly<Record<string, unknown>>;

/**
 * Types of the fields a collection declares for filtering, sorting and indexing.
 * A `date` is an ISO 8601 string in the document: a date (`2024-03-01`, UTC
 * midnight) or a date-time with its offset (`2024-03-01T10:00:00+01:00`);
 * dates compare as instants, to the millisecond. A write whose declared field
 * holds another type (or a time without an offset) is refused.
 */
export type FieldType = 'string' | 'number' | 'boolean' | 'date';

export interface FieldDefinition {
  /** Dotted path through objects into the document (`customer.lastName`); arrays are not entered. */
  readonly path: string;
  readonly type: FieldType;
}

export interface CollectionDefinition {
  /** `^[a-z][a-z0-9_]{0,50}$` */
  readonly name: string;
  /**
   * Fields queries may filter and sort on, by name (`^[A-Za-z][A-Za-z0-9_]{0,62}$`). Anything else is refused
   * with a ValidationError: a grid cannot sort on what was never declared.
   */
  readonly fields: Readonly<Record<string, FieldDefinition>>;
  /** Fields (by declared name) to index, one index per entry; an array is a compound index. */
  readonly indexes?: ReadonlyArray<string | readonly string[]>;
  /** Declared string fields that `text` filters search (accent- and case-insensitive). */
  readonly textFields?: readonly string[];
}

export type Filter =
  | { readonly field: string; readonly op: 'equals'; readonly value: string | number | boolean | null }
  | { readonly field: string; readonly op: 'in'; readonly values: ReadonlyArray<string | number | boolean> }
  /** Numbers, or ISO date strings for date fields; each bound optional, inclusive unless stated. */
  | {
      readonly field: string;
      readonly op: 'range';
      readonly gte?: number | string;
      readonly gt?: number | string;
      readonly lte?: number | string;
      readonly lt?: number | string;
    }
  /** Case- and accent-insensitive substring: `krizek` finds `Křížek`, `stefanescu` finds `Ștefănescu`. */
  | { readonly field: string; readonly op: 'contains'; readonly value: string }
  /** Every word must occur (contains) in at least one of the collection's text fields. */
  | { readonly op: 'text'; readonly value: string };

/**
 * Nulls and missing values sort last in both directions. Strings sort by
 * their accent- and case-folded form, then as written, by code point
 * (`adam`, `Čech`, `Cibulka`, `Novak`, `novák`): the same on every engine.
 */
export interface SortKey {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface Query {
  readonly filters?: readonly Filter[];
  /** Ties are broken by document id, so paging is stable. */
  readonly sort?: readonly SortKey[];
  readonly offset?: number;
  /** Defaults to 100; at most 1000. */
  readonly limit?: number;
}

export interface StoredDocument<D extends Document = Document> {
  readonly id: string;
  readonly document: D;
}

export interface Page<D extends Document = Document> {
  readonly items: ReadonlyArray<StoredDocument<D>>;
  /** All documents matching the filters, regardless of offset and limit. */
  readonly total: number;
}

export type WriteOperation =
  | {
      readonly type: 'upsert';
      readonly collection: string;
      readonly id: string;
      readonly document: Document;
      /**
       * Stored beside the document, never inside it (getStamped reads it back).
       * The projector stamps each document with the checkpoint it has folded
       * through, so replaying events a document already holds changes nothing
       * where documents and checkpoint cannot commit together (standalone MongoDB).
       */
      readonly stamp?: string;
    }
  | { readonly type: 'delete'; readonly collection: string; readonly id: string };

/**
 * Invalid input is a ValidationError whose field errors name it
 * (`filters[0].field`, `operations[2].document.total.amount`, `limit`); a
 * collection that was never ensured (or was dropped) is NotFound.
 */
/**
 * The right to be the only one doing something (running a projection)
 * across processes. Held until released or until the holder's connection
 * dies, so a crashed process never keeps it.
 */
export interface Lease {
  readonly name: string;
  /** Resolves if the lease was lost (connection gone, lease expired): stop working for it. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

export interface Stamped<D extends Document = Document> {
  readonly document: D;
  readonly stamp: string | null;
}

export interface WriteOptions {
  /**
   * 'relaxed': the commit may return before it is flushed to disk (a PostgreSQL server's
   * `synchronous_commit = off`). Only for writes that can be replayed: a crash
   * loses the last batches whole, documents and checkpoint together, and the
   * projector writes them again. Others still see the commit at once. PGlite,
   * which dies with the process, always flushes.
   */
  readonly durability?: 'flushed' | 'relaxed';
  /**
   * Fencing: write only if this document's stamp is `stamp` (null: no document
   * or no stamp), checked under a row lock in the write's own transaction;
   * otherwise nothing is written and the write fails with ConcurrencyConflict.
   * The projector stamps its state document with a token per runner, so a
   * runner that lost its lease can no longer commit a batch. On a standalone
   * MongoDB (no transactions) the check comes first and is not atomic.
   */
  readonly expectStamp?: { readonly collection: string; readonly id: string; readonly stamp: string | null };
}

export interface DocumentStore {
  readonly engine: string;
  /** Takes the named lease if nobody holds it; null when another process (or this one) does. */
  tryLease(name: string): Promise<Lease | null>;
  /** Creates the collection and its indexes if missing (idempotent). */
  ensureCollection(definition: CollectionDefinition): Promise<void>;
  dropCollection(name: string): Promise<void>;
  get<D extends Document = Document>(collection: string, id: string): Promise<D | null>;
  getMany<D extends Document = Document>(collection: string, ids: readonly string[]): Promise<Map<string, D>>;
  /** getMany with each document's stamp (null when it was written without one). */
  getStamped<D extends Document = Document>(collection: string, ids: readonly string[]): Promise<Map<string, Stamped<D>>>;
  upsert(collection: string, id: string, document: Document): Promise<void>;
  /** True when a document was deleted. */
  delete(collection: string, id: string): Promise<boolean>;
  /** All operations in one transaction where the engine allows (PostgreSQL); in order otherwise. */
  write(operations: readonly WriteOperation[], options?: WriteOptions): Promise<void>;
  find<D extends Document = Document>(collection: string, query?: Query): Promise<Page<D>>;
  close(): Promise<void>;
}
