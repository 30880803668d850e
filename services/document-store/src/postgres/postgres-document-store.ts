import { createHash } from 'node:crypto';
import { ConcurrencyConflict, IllegalState, NotFound, ValidationError } from '@buyloop/kit';
import type { ReservedConnection, SqlClient } from '@buyloop/event-store';
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
  type CompiledField,
  type DerivedValues,
  type NormalisedFilter,
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
  WriteOperation,
  WriteOptions,
} from '../port';

/**
 * The document store on PostgreSQL JSONB, over the `pg` server driver or
 * PGlite (same SQL). One table per collection:
 *
 *   id text primary key, document jsonb (exactly what was written),
 *   keys jsonb   (declared fields' typed values; dates as epoch ms),
 *   folded jsonb (declared string fields, accent- and case-folded),
 *   search text  (folded text fields joined by newlines)
 *   stamp text   (the writer's marker beside the document; null without one)
 *
 * The derived columns are computed in TypeScript (input.ts) at write time:
 * a `::timestamptz` cast is not immutable (it reads the session time zone),
 * so it can neither back an index nor give the same answer on every server,
 * and folding in SQL would need the unaccent extension PGlite lacks.
 *
 * Definitions live in a catalog table, so a process that did not create a
 * collection (the API beside a projector, the ops CLI) can query it.
 */

/** The query function of a transaction the caller holds (SqlClient.transaction hands one out). */
export type QueryFn = Parameters<Parameters<SqlClient['transaction']>[0]>[0];

export interface PostgresDocumentStoreOptions {
  /** Database schema holding the collections; lets tests and tenants share one server. */
  readonly schema?: string;
  /** Close the SQL client when the store is closed. */
  readonly ownsClient?: boolean;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Advisory-lock class ids; the event store uses 7400 and 7401. */
const LOCK_CLASS_SCHEMA = 7410;
const LOCK_CLASS_COLLECTION = 7411;
const LOCK_CLASS_LEASE = 7412;
const LOCK_CLASS_FENCE = 7413;

/**
 * PGlite runs inside one process on one connection, where an advisory lock
 * would be granted to everyone; leases there are kept per database in memory.
 */
const embeddedLeases = new WeakMap<SqlClient, Set<string>>();

/**
 * On the server every lease of one client is an advisory lock on ONE
 * connection of its own (locks are per session, many fit on one): a process
 * runs a lease per projection and per process manager, and a connection each
 * would exhaust the pool. The session is reserved with the first lease and
 * given back with the last; if it breaks, every lease on it is lost at once,
 * as each would have been with a connection of its own. Session locks are
 * re-entrant, so `held` keeps two holders in one process apart.
 */
interface LeaseSession {
  readonly connection: Promise<ReservedConnection>;
  readonly held: Set<string>;
  /** Leases held plus lease attempts in flight: the connection goes back when it drops to 0. */
  users: number;
  /** The session's statements, one at a time (a connection runs one query at once). */
  queue: Promise<unknown>;
}

/** Runs a statement on the lease session after the ones before it. */
function onSession<Row>(session: LeaseSession, text: string, params: readonly unknown[]): Promise<Row[]> {
  const run = session.queue.then(async () => (await session.connection).query<Row>(text, params));
  session.queue = run.catch(() => undefined);
  return run;
}
const serverLeaseSessions = new WeakMap<SqlClient, LeaseSession>();
const REDERIVE_BATCH = 500;
/**
 * A batch's values travel as one text per column, joined by this record
 * separator: JSON.stringify never leaves a control character raw in its output,
 * and ids and stamps may hold none, so it cannot occur inside one. The server
 * splits each text and parses every value once, straight into its column; one
 * JSON array of the whole batch would cost it the array's parse and then a
 * copy out of it per row. Search texts may hold any character: they travel as
 * an array.
 */
const RECORD_SEPARATOR = '\x1e';

/** hasProblems without building the list of keys, for a check made once per operation. */
const anyProblem = (problems: Problems): boolean => {
  for (const _ in problems) return true;
  return false;
};

const sqlErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;

// Field names are checked against FIELD_NAME (letters, digits, underscore), so they are safe as literals.
const keyText = (f: CompiledField, alias = 't.') => `(${alias}keys->>'${f.name}')`;
const foldedText = (f: CompiledField, alias = 't.') => `(${alias}folded->>'${f.name}')`;

/**
 * The expression a declared field compares and sorts by. Indexes are built on
 * exactly these expressions so the planner can use them. Strings compare by
 * their folded form under the "C" collation: byte order is the same on every
 * server and on PGlite, whatever locale the cluster was initialised with.
 */
function fieldExpression(f: CompiledField, alias = 't.'): string {
  switch (f.type) {
    case 'string':
      return `${foldedText(f, alias)} collate "C"`;
    case 'number':
    case 'date':
      return `(${alias}keys->'${f.name}')::numeric`;
    case 'boolean':
      return `(${alias}keys->'${f.name}')::boolean`;
  }
}

const arrayType = (f: CompiledField): string =>
  f.type === 'boolean' ? 'boolean[]' : f.type === 'string' ? 'text[]' : 'numeric[]';
const scalarType = (f: CompiledField): string => (f.type === 'boolean' ? 'boolean' : f.type === 'string' ? 'text' : 'numeric');

/** LIKE pattern for a plain substring: the user's %, _ and \ match themselves. */
const containsPattern = (needle: string): string => `%${needle.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function condition(filter: NormalisedFilter, params: Params): string {
  switch (filter.kind) {
    case 'null':
      return `${fieldExpression(filter.field)} is null`;
    case 'equals':
      if (filter.folded !== undefined)
        // The folded comparison is implied by the exact one; it is there so an index on the field serves equality too.
        return `(${fieldExpression(filter.field)} = ${params.add(filter.folded)} and ${keyText(filter.field)} = ${params.add(filter.value)})`;
      return `${fieldExpression(filter.field)} = ${params.add(filter.value)}::${scalarType(filter.field)}`;
    case 'in':
      if (filter.values.length === 0) return 'false';
      if (filter.folded !== undefined)
        return `(${fieldExpression(filter.field)} = any(${params.add(filter.folded)}::text[]) and ${keyText(filter.field)} = any(${params.add(filter.values)}::text[]))`;
      return `${fieldExpression(filter.field)} = any(${params.add(filter.values)}::${arrayType(filter.field)})`;
    case 'range': {
      const e = fieldExpression(filter.field);
      const parts: string[] = [];
      if (filter.gte !== undefined) parts.push(`${e} >= ${params.add(filter.gte)}::numeric`);
      if (filter.gt !== undefined) parts.push(`${e} > ${params.add(filter.gt)}::numeric`);
      if (filter.lte !== undefined) parts.push(`${e} <= ${params.add(filter.lte)}::numeric`);
      if (filter.lt !== undefined) parts.push(`${e} < ${params.add(filter.lt)}::numeric`);
      return `(${parts.join(' and ')})`;
    }
    case 'contains':
      return `${foldedText(filter.field)} like ${params.add(containsPattern(filter.folded))} escape '\\'`;
    case 'text':
      if (filter.words.length === 0) return 'true';
      return `(${filter.words.map((w) => `t.search like ${params.add(containsPattern(w))} escape '\\'`).join(' and ')})`;
  }
}

interface Statement {
  readonly text: string;
  readonly params: unknown[];
  /** Set for statements worth keeping prepared on the connection. */
  readonly name?: string;
}

interface PlannedWrite {
  readonly collection: CompiledCollection;
  readonly upserts: Array<{ id: string; document: Document; stamp: string | null } & DerivedValues>;
  readonly deletes: string[];
}

/**
 * The document store on PostgreSQL (server or PGlite). Create it with
 * `PostgresDocumentStore.create(sqlClient, { schema })`.
 */
export class PostgresDocumentStore implements DocumentStore {
  readonly engine: string;
  private readonly collections = new Map<string, CompiledCollection>();
  /** Upsert statements by table, with their prepared names. */
  private readonly upsertStatements = new Map<string, { readonly text: string; readonly name: string }>();
  private closed = false;

  private constructor(
    private readonly sql: SqlClient,
    private readonly schema: string,
    private readonly options: PostgresDocumentStoreOptions,
  ) {
    this.engine = sql.engine;
  }

  /** Creates the schema and the catalog (idempotent, safe to race) and returns a ready store. */
  static async create(sql: SqlClient, options: PostgresDocumentStoreOptions = {}): Promise<PostgresDocumentStore> {
    const schema = options.schema ?? 'read_models';
    if (!SCHEMA_NAME.test(schema))
      throw new ValidationError('documentstore.invalid_input', { schema: ['documentstore.schema_invalid'] });
    await sql.transaction(async (query) => {
      // `create … if not exists` is not safe against a concurrent create; the lock makes it so.
      await query(`select pg_advisory_xact_lock(${LOCK_CLASS_SCHEMA}, hashtext($1))`, [schema]);
      await query(`create schema if not exists "${schema}"`);
      // The leading underscore keeps the catalog out of the collection namespace (names start with a letter).
      await query(`create table if not exists "${schema}"._collections (
        name text primary key,
        definition jsonb not null,
        updated_at timestamptz not null default now())`);
    });
    return new PostgresDocumentStore(sql, schema, options);
  }

  private table(name: string): string {
    return `"${this.schema}"."${name}"`;
  }

  async ensureCollection(definition: CollectionDefinition): Promise<void> {
    this.assertOpen();
    const compiled = compileCollection(definition);
    const table = this.table(compiled.name);
    await this.sql.transaction(async (query) => {
      await query(`select pg_advisory_xact_lock(${LOCK_CLASS_COLLECTION}, hashtext($1))`, [`${this.schema}.${compiled.name}`]);
      await query(`create table if not exists ${table} (
        id text primary key,
        document jsonb not null,
        keys jsonb not null,
        folded jsonb not null,
        search text not null,
        stamp text)`);
      // Collections created before stamps existed get the column (a catalog-only change: no rewrite).
      await query(`alter table ${table} add column if not exists stamp text`);
      const [stored] = await query<{ definition: CollectionDefinition }>(
        `select definition from "${this.schema}"._collections where name = $1`,
        [compiled.name],
      );
      if (stored && compileCollection(stored.definition).derivationSignature !== compiled.derivationSignature)
        await this.rederive(query, compiled);
      await query(
        `insert into "${this.schema}"._collections (name, definition) values ($1, $2::jsonb)
         on conflict (name) do update set definition = excluded.definition, updated_at = now()`,
        [compiled.name, JSON.stringify(definition)],
      );
      await this.syncIndexes(query, compiled);
    });
    this.collections.set(compiled.name, compiled);
  }

  /**
   * Derives the stored typed values again after the declared fields changed,
   * under the collection's lock, in the transaction that records the new
   * definition: readers never see values derived under another definition.
   */
  private async rederive(query: QueryFn, collection: CompiledCollection): Promise<void> {
    const table = this.table(collection.name);
    let after: string | null = null;
    for (;;) {
      const rows: Array<{ id: string; document: unknown }> = await query(
        `select id, document from ${table} where $1::text is null or id > $1 order by id limit ${REDERIVE_BATCH}`,
        [after],
      );
      if (rows.length === 0) return;
      const problems: Problems = {};
      const derived = rows.map((row) => ({ id: row.id, ...deriveValues(collection, row.document, 'document', problems) }));
      if (hasProblems(problems))
        throw new ValidationError(
          'documentstore.definition_incompatible',
          problems,
          `Stored documents of ${collection.name} do not fit the new definition (first batch after ${after ?? 'the start'}): ${JSON.stringify(problems)}`,
        );
      await query(
        `update ${table} t set keys = x.keys, folded = x.folded, search = x.search
           from jsonb_to_recordset($1::jsonb) as x(id text, keys jsonb, folded jsonb, search text)
          where t.id = x.id`,
        [JSON.stringify(derived)],
      );
      after = rows[rows.length - 1]!.id;
    }
  }

  private async syncIndexes(query: QueryFn, collection: CompiledCollection): Promise<void> {
    const table = this.table(collection.name);
    const wanted = new Map<string, string>();
    for (const fields of collection.indexes) {
      const columns = fields.map((f) => `(${fieldExpression(f, '')})`).join(', ');
      // Named by content: a changed declaration is a new index, and the old one is recognisably stale.
      const name = `${collection.name}__${createHash('sha1').update(columns).digest('hex').slice(0, 10)}`;
      wanted.set(name, columns);
    }
    for (const [name, columns] of wanted) await query(`create index if not exists "${name}" on ${table} (${columns})`);
    const existing = await query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = $1 and tablename = $2`,
      [this.schema, collection.name],
    );
    for (const { indexname } of existing)
      if (indexname.startsWith(`${collection.name}__`) && !wanted.has(indexname))
        await query(`drop index if exists "${this.schema}"."${indexname}"`);
  }

  async dropCollection(name: string): Promise<void> {
    this.assertOpen();
    validateCollectionName(name);
    await this.sql.transaction(async (query) => {
      await query(`select pg_advisory_xact_lock(${LOCK_CLASS_COLLECTION}, hashtext($1))`, [`${this.schema}.${name}`]);
      await query(`drop table if exists ${this.table(name)}`);
      await query(`delete from "${this.schema}"._collections where name = $1`, [name]);
    });
    this.collections.delete(name);
  }

  /** The collection's compiled definition, from memory or the catalog; NotFound when it was never ensured. */
  private async collection(name: string): Promise<CompiledCollection> {
    validateCollectionName(name);
    const cached = this.collections.get(name);
    if (cached) return cached;
    const [stored] = await this.sql.query<{ definition: CollectionDefinition }>(
      `select definition from "${this.schema}"._collections where name = $1`,
      [name],
    );
    if (!stored) throw unknownCollection(name);
    const compiled = compileCollection(stored.definition);
    this.collections.set(name, compiled);
    return compiled;
  }

  /** Runs `work`; a table dropped meanwhile by another process (a finished rebuild) is NotFound, not a crash. */
  private async guard<T>(names: Iterable<string>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (sqlErrorCode(error) === '42P01') {
        for (const name of names) this.collections.delete(name);
        throw unknownCollection([...names].join(', '));
      }
      throw error;
    }
  }

  async get<D extends Document = Document>(collection: string, id: string): Promise<D | null> {
    this.assertOpen();
    const c = await this.collection(collection);
    assertId(id);
    const rows = await this.guard([c.name], () =>
      this.sql.query<{ document: D }>(`select document from ${this.table(c.name)} where id = $1`, [id]),
    );
    return rows[0]?.document ?? null;
  }

  async getMany<D extends Document = Document>(collection: string, ids: readonly string[]): Promise<Map<string, D>> {
    this.assertOpen();
    const c = await this.collection(collection);
    assertIds(ids);
    const found = new Map<string, D>();
    if (ids.length === 0) return found;
    const rows = await this.guard([c.name], () =>
      this.sql.query<{ id: string; document: D }>(`select id, document from ${this.table(c.name)} where id = any($1::text[])`, [
        [...new Set(ids)],
      ]),
    );
    for (const row of rows) found.set(row.id, row.document);
    return found;
  }

  async getStamped<D extends Document = Document>(collection: string, ids: readonly string[]): Promise<Map<string, Stamped<D>>> {
    this.assertOpen();
    const c = await this.collection(collection);
    assertIds(ids);
    const found = new Map<string, Stamped<D>>();
    if (ids.length === 0) return found;
    const rows = await this.guard([c.name], () =>
      this.sql.query<{ id: string; document: D; stamp: string | null }>(
        `select id, document, stamp from ${this.table(c.name)} where id = any($1::text[])`,
        [[...new Set(ids)]],
      ),
    );
    for (const row of rows) found.set(row.id, { document: row.document, stamp: row.stamp });
    return found;
  }

  async upsert(collection: string, id: string, document: Document): Promise<void> {
    this.assertOpen();
    // A single upsert names its problems `document.…` and `id`, like its parameters.
    const plan = await this.plan([{ type: 'upsert', collection, id, document }], () => '');
    await this.run(plan);
  }

  async delete(collection: string, id: string): Promise<boolean> {
    this.assertOpen();
    const c = await this.collection(collection);
    assertId(id);
    const rows = await this.guard([c.name], () =>
      this.sql.query(`delete from ${this.table(c.name)} where id = $1 returning 1`, [id]),
    );
    return rows.length > 0;
  }

  async write(operations: readonly WriteOperation[], options: WriteOptions = {}): Promise<void> {
    this.assertOpen();
    // PGlite lives inside this process: an unflushed commit dies with it, so relaxing would lose whole runs of batches.
    const expected = options.expectStamp;
    if (expected) {
      assertId(expected.id, 'expectStamp.id');
      await this.collection(expected.collection);
    }
    await this.run(await this.plan(operations), options.durability === 'relaxed' && this.sql.engine !== 'pglite', expected);
  }

  private async run(plan: readonly PlannedWrite[], relaxed = false, expected?: WriteOptions['expectStamp']): Promise<void> {
    const statements = plan.flatMap((p) => this.statements(p));
    if (statements.length === 0) return;
    const names = plan.map((p) => p.collection.name);
    if (relaxed) statements.unshift({ text: 'set local synchronous_commit = off', params: [], name: 'buyloop_relaxed_commit' });
    if (expected) {
      await this.guard([...names, expected.collection], () =>
        this.sql.transaction(async (query) => {
          // Row locks cannot hold a row that does not exist yet: two writers expecting "no document" are serialised here.
          await query(`select pg_advisory_xact_lock(${LOCK_CLASS_FENCE}, hashtext($1))`, [
            `${this.schema}.${expected.collection}/${expected.id}`,
          ]);
          const [row] = await query<{ stamp: string | null }>(
            `select stamp from ${this.table(expected.collection)} where id = $1 for update`,
            [expected.id],
          );
          const actual = row?.stamp ?? null;
          if (actual !== expected.stamp)
            throw new ConcurrencyConflict(`${expected.collection}/${expected.id}`, String(expected.stamp), String(actual));
          for (const s of statements) await query(s.text, s.params, s.name);
        }),
      );
      return;
    }
    if (statements.length === 1) {
      const [only] = statements;
      await this.guard(names, () => this.sql.query(only!.text, only!.params, only!.name));
      return;
    }
    await this.guard(names, () =>
      this.sql.transaction(async (query) => {
        for (const s of statements) await query(s.text, s.params, s.name);
      }),
    );
  }

  /**
   * Applies `operations` inside a transaction the caller holds, so a
   * projector can commit documents and its checkpoint together.
   */
  async writeWithin(query: QueryFn, operations: readonly WriteOperation[]): Promise<void> {
    this.assertOpen();
    const plan = await this.plan(operations);
    await this.guard(
      plan.map((p) => p.collection.name),
      async () => {
        for (const p of plan) for (const s of this.statements(p)) await query(s.text, s.params, s.name);
      },
    );
  }

  /**
   * Validates the whole batch before anything is written, then reduces it to
   * the last operation per document (an upsert replaces the whole document
   * and a delete removes it, so only the last one decides the outcome). That
   * makes each collection one bulk delete plus one bulk upsert, and lets rows
   * be locked in id order, so two batches over the same documents cannot
   * deadlock.
   */
  private async plan(
    operations: readonly WriteOperation[],
    at: (index: number) => string = (i) => `operations[${i}].`,
  ): Promise<PlannedWrite[]> {
    const problems: Problems = {};
    if (!Array.isArray(operations) || operations.length > MAX_OPERATIONS) {
      addProblem(problems, 'operations', 'documentstore.operations_invalid');
      throw new ValidationError('documentstore.invalid_input', problems);
    }
    const collections = new Map<string, CompiledCollection>();
    for (let i = 0; i < operations.length; i++) {
      const named = (operations[i] as Partial<WriteOperation> | null)?.collection;
      if (typeof named === 'string' && collections.has(named)) continue;
      const name = validateCollectionName(named, `${at(i)}collection`);
      collections.set(name, await this.collection(name));
    }
    const last = new Map<string, Map<string, { op: WriteOperation; derived: DerivedValues | undefined }>>();
    // Each operation is checked under short names, which get its path only when something is wrong: building
    // every operation's paths would cost a batch of thousands of documents more than the checks themselves.
    let found: Problems = {};
    operations.forEach((op, i) => {
      validateId(op.id, 'id', found);
      const collection = collections.get(op.collection)!;
      let derived: DerivedValues | undefined;
      if (op.type === 'upsert') {
        derived = deriveValues(collection, op.document, 'document', found);
        validateStamp(op.stamp, 'stamp', found);
      } else if (op.type !== 'delete') addProblem(found, 'type', 'documentstore.operation_type_invalid');
      if (anyProblem(found)) {
        for (const [field, codes] of Object.entries(found))
          for (const code of codes) addProblem(problems, `${at(i)}${field}`, code);
        found = {};
      }
      let perCollection = last.get(op.collection);
      if (!perCollection) {
        perCollection = new Map();
        last.set(op.collection, perCollection);
      }
      perCollection.delete(op.id);
      perCollection.set(op.id, { op, derived });
    });
    if (hasProblems(problems))
      throw new ValidationError('documentstore.invalid_document', problems, `Invalid write: ${JSON.stringify(problems)}`);
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...last.entries()]
      .sort(([a], [b]) => byId(a, b))
      .map(([name, ops]) => {
        const ids = [...ops.keys()].sort(byId);
        const upserts: PlannedWrite['upserts'] = [];
        const deletes: string[] = [];
        for (const id of ids) {
          const { op, derived } = ops.get(id)!;
          if (op.type === 'upsert')
            upserts.push({
              id,
              document: op.document,
              stamp: op.stamp ?? null,
              keys: derived!.keys,
              folded: derived!.folded,
              search: derived!.search,
            });
          else deletes.push(id);
        }
        return { collection: collections.get(name)!, upserts, deletes };
      });
  }

  private statements(plan: PlannedWrite): Statement[] {
    const table = this.table(plan.collection.name);
    const out: Statement[] = [];
    if (plan.deletes.length > 0) out.push({ text: `delete from ${table} where id = any($1::text[])`, params: [plan.deletes] });
    if (plan.upserts.length > 0) {
      const n = plan.upserts.length;
      const ids = new Array<string>(n);
      const documents = new Array<string>(n);
      const keys = new Array<string>(n);
      const folded = new Array<string>(n);
      const search = new Array<string>(n);
      const stamps = new Array<string>(n);
      plan.upserts.forEach((row, i) => {
        ids[i] = row.id;
        documents[i] = JSON.stringify(row.document);
        keys[i] = JSON.stringify(row.keys);
        folded[i] = JSON.stringify(row.folded);
        search[i] = row.search;
        // A stamp is never empty: empty stands for none.
        stamps[i] = row.stamp ?? '';
      });
      out.push({
        ...this.upsertStatement(table),
        params: [
          ids.join(RECORD_SEPARATOR),
          documents.join(RECORD_SEPARATOR),
          keys.join(RECORD_SEPARATOR),
          folded.join(RECORD_SEPARATOR),
          search,
          stamps.join(RECORD_SEPARATOR),
        ],
      });
    }
    return out;
  }

  private upsertStatement(table: string): { readonly text: string; readonly name: string } {
    const known = this.upsertStatements.get(table);
    if (known) return known;
    const split = (param: string) => `string_to_array(${param}, E'\\x1e')`;
    // `order by` keeps the id order the plan sorted into, so row locks are taken in that order.
    const text = `insert into ${table} (id, document, keys, folded, search, stamp)
      select x.id, x.document, x.keys, x.folded, x.search, nullif(x.stamp, '')
        from unnest(${split('$1')}, ${split('$2')}::jsonb[], ${split('$3')}::jsonb[], ${split('$4')}::jsonb[],
                    $5::text[], ${split('$6')})
             with ordinality as x(id, document, keys, folded, search, stamp, n)
       order by x.n
      on conflict (id) do update
        set document = excluded.document, keys = excluded.keys, folded = excluded.folded,
            search = excluded.search, stamp = excluded.stamp`;
    // Prepared once per connection. Named by content: a table dropped and created again under its name
    // keeps the statement, which the server plans again.
    const statement = { text, name: `buyloop_upsert_${createHash('sha1').update(text).digest('hex').slice(0, 24)}` };
    this.upsertStatements.set(table, statement);
    return statement;
  }

  async find<D extends Document = Document>(collection: string, query?: Query): Promise<Page<D>> {
    this.assertOpen();
    const c = await this.collection(collection);
    const q = normaliseQuery(c, query);
    const params = new Params();
    const where = q.filters.map((f) => condition(f, params)).join(' and ') || 'true';
    // Each sort key is an expression in the page query and a column the outer query re-sorts by.
    const keys = q.sort.flatMap(({ field, direction }) => {
      const keys = [{ expr: fieldExpression(field), direction, text: field.type === 'string' }];
      // Strings equal when folded (Novak, Novák) are ordered by how they are written, before the id decides.
      if (field.type === 'string') keys.push({ expr: `${keyText(field)} collate "C"`, direction, text: true });
      return keys;
    });
    const inner = keys.map((k, i) => `${k.expr} as s${i}`);
    const innerOrder = [...keys.map((k) => `${k.expr} ${k.direction} nulls last`), `t.id collate "C"`].join(', ');
    const outerOrder = [
      ...keys.map((k, i) => `p.s${i}${k.text ? ' collate "C"' : ''} ${k.direction} nulls last`),
      `p.id collate "C"`,
    ].join(', ');
    const table = this.table(c.name);
    // One statement, so the total and the page come from one snapshot: the
    // count aggregates (index-only where it can), the page stops at its limit.
    const text = `select c.total::text as total, p.id, p.document
      from (select count(*) as total from ${table} t where ${where}) c
      left join lateral (
        select t.id, t.document${inner.map((s) => `, ${s}`).join('')}
          from ${table} t where ${where}
         order by ${innerOrder}
         limit ${params.add(q.limit)} offset ${params.add(q.offset)}
      ) p on true
      order by ${outerOrder}`;
    const rows = await this.guard([c.name], () =>
      this.sql.query<{ total: string; id: string | null; document: D | null }>(text, params.values),
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      items: rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, document: r.document! })),
    };
  }

  async tryLease(name: string): Promise<Lease | null> {
    this.assertOpen();
    const key = `${this.schema}:${name}`;
    if (this.sql.engine === 'pglite') {
      const held = embeddedLeases.get(this.sql) ?? new Set<string>();
      embeddedLeases.set(this.sql, held);
      if (held.has(key)) return null;
      held.add(key);
      return { name, lost: new Promise<void>(() => undefined), release: async () => void held.delete(key) };
    }
    const session = this.leaseSession();
    if (session.held.has(key)) return null;
    // Taken before the first await: a second attempt in this process meanwhile sees it held.
    session.held.add(key);
    session.users++;
    const giveUp = () => {
      session.held.delete(key);
      this.leaveLeaseSession(session);
    };
    let connection: ReservedConnection;
    try {
      connection = await session.connection;
      const [row] = await onSession<{ locked: boolean }>(session, 'select pg_try_advisory_lock($1, hashtext($2)) as locked', [
        LOCK_CLASS_LEASE,
        key,
      ]);
      if (!row?.locked) {
        giveUp();
        return null;
      }
    } catch (error) {
      giveUp();
      throw error;
    }
    let released = false;
    const leaveSession = () => this.leaveLeaseSession(session);
    return {
      name,
      lost: connection.broken,
      async release() {
        if (released) return;
        released = true;
        await onSession(session, 'select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS_LEASE, key]).catch(() => undefined);
        session.held.delete(key);
        leaveSession();
      },
    };
  }

  /** The client's lease session, reserved now if there is none (or the last one broke). */
  private leaseSession(): LeaseSession {
    const current = serverLeaseSessions.get(this.sql);
    if (current) return current;
    const session: LeaseSession = { connection: this.sql.reserve(), held: new Set(), users: 0, queue: Promise.resolve() };
    serverLeaseSessions.set(this.sql, session);
    const forget = () => {
      if (serverLeaseSessions.get(this.sql) === session) serverLeaseSessions.delete(this.sql);
    };
    // A broken session holds nothing any more: the next lease reserves a new one.
    session.connection.then((connection) => connection.broken.then(forget), forget);
    return session;
  }

  private leaveLeaseSession(session: LeaseSession): void {
    session.users--;
    if (session.users > 0) return;
    if (serverLeaseSessions.get(this.sql) === session) serverLeaseSessions.delete(this.sql);
    void session.connection.then(
      (connection) => connection.release(),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.options.ownsClient) await this.sql.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new IllegalState('documentstore.closed', 'The document store is closed');
  }
}

const unknownCollection = (name: string): NotFound =>
  new NotFound('documentstore.collection_unknown', `Unknown collection ${name}: it was never ensured, or it was dropped`, {
    collection: name,
  });
