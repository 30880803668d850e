import { EventEmitter } from 'node:events';
import { ConcurrencyConflict, IllegalState, ValidationError } from '@buyloop/kit';
import { validateAppend, validateLimit, validatePosition, validateStreamName, type ValidatedAppend } from '../input';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  EventMetadata,
  EventStore,
  EventSubscription,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../port';
import { migrationSql, SCHEMA_NAME } from './schema';
import type { QueryFn, SqlClient } from './sql-client';

export interface PostgresEventStoreOptions {
  /** Database schema holding the store's tables; lets tests and tenants share one server. */
  readonly schema?: string;
  /** How often an idle subscription looks for events written by other processes. */
  readonly pollIntervalMs?: number;
  /** Close the SQL client when the store is closed. */
  readonly ownsClient?: boolean;
}

interface EventRow {
  global_position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  /** Milliseconds since the epoch, as text (bigint). */
  recorded_ms: string;
}

interface AppendRow {
  o_stream_version: string;
  o_global_position: string;
  o_transaction_id: string;
  o_duplicate: boolean;
}

const START: Checkpoint = '0/0';
/** Full pages a catching-up subscription reads ahead of its consumer. */
const READ_AHEAD_PAGES = 3;

/** Checkpoints are `transactionId/globalPosition`: the pair the delivery order sorts by. */
export const encodeCheckpoint = (transactionId: string, globalPosition: bigint | string): Checkpoint =>
  `${transactionId}/${globalPosition}`;

export function decodeCheckpoint(checkpoint: string): { transactionId: string; globalPosition: string } {
  const match = /^(\d{1,20})\/(\d{1,19})$/.exec(checkpoint);
  if (!match) throw new ValidationError('eventstore.invalid_input', { from: ['eventstore.checkpoint_invalid'] });
  return { transactionId: match[1]!, globalPosition: match[2]! };
}

// Numbers leave as text (exact for bigint and xid8 on both drivers). ORDER BY
// clauses must name the table alias `e.`: a bare name would sort the text alias.
// The recording time leaves as epoch milliseconds (a Date holds no more): the
// same on every server whatever its DateStyle and TimeZone, and far cheaper to
// read than the timestamp's text on a catch-up of millions of rows.
const COLUMNS = `e.global_position::text as global_position, e.transaction_id::text as transaction_id,
  e.event_id::text as event_id, e.stream_id, e.stream_version::text as stream_version, e.event_type,
  e.schema_version, e.data, e.metadata, floor(extract(epoch from e.recorded_at) * 1000)::int8::text as recorded_ms`;

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.event_type,
  data: row.data,
  schemaVersion: row.schema_version,
  stream: row.stream_id,
  streamVersion: BigInt(row.stream_version),
  globalPosition: BigInt(row.global_position),
  recordedAt: new Date(Number(row.recorded_ms)),
  metadata: row.metadata,
  checkpoint: encodeCheckpoint(row.transaction_id, row.global_position),
});

const sqlErrorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;

const sqlErrorDetail = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'detail' in error ? String((error as { detail: unknown }).detail) : '';

const describeExpected = (expected: AppendOptions['expectedVersion']): string =>
  expected === undefined ? 'any' : String(expected);

/**
 * The event store on PostgreSQL, over the `pg` server driver or PGlite (same SQL).
 * An append is one statement (one round trip, one transaction) calling the
 * `append_events` function, which checks idempotency and the expected version
 * under a per-stream advisory lock.
 */
export class PostgresEventStore implements EventStore {
  readonly engine: string;
  private readonly table: string;
  private readonly appended = new EventEmitter();
  private readonly subscriptions = new Set<EventSubscription>();
  /**
   * Appends announced in this process so far. Every live subscription wakes on
   * each one and reads from where it stands, which is mostly the same place:
   * reads of the same page issued since the last announcement are one query
   * (with thirty projections a single append was thirty identical reads).
   */
  private announced = 0;
  private readonly sharedReads = new Map<string, { readonly announced: number; readonly read: Promise<RecordedEvent[]> }>();
  private closed = false;

  private constructor(
    private readonly sql: SqlClient,
    private readonly schema: string,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.engine = sql.engine;
    this.table = `"${schema}".events`;
    this.appended.setMaxListeners(0);
  }

  /** Creates the schema (idempotent, safe to race) and returns a ready store. */
  static async create(sql: SqlClient, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const schema = options.schema ?? 'event_store';
    if (!SCHEMA_NAME.test(schema))
      throw new ValidationError('eventstore.invalid_input', { schema: ['eventstore.schema_invalid'] });
    await sql.exec(migrationSql(schema));
    return new PostgresEventStore(sql, schema, options);
  }

  async append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    this.assertOpen();
    const input = validateAppend(stream, events, options);
    const result = await this.runAppend(
      (text, params) => this.sql.query<AppendRow>(text, params, `buyloop_append_${this.schema}`),
      input,
    );
    if (!result.duplicate) this.announce();
    return result;
  }

  /**
   * Appends inside a transaction the caller holds, so events can commit
   * atomically with other writes. Call it before the transaction writes
   * anything else: the per-stream ordering argument needs the stream lock
   * to be taken before the transaction is given its id.
   */
  async appendWithin(query: QueryFn, stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    this.assertOpen();
    const result = await this.runAppend(query, validateAppend(stream, events, options));
    return result;
  }

  /** Wakes this process's live subscriptions after a transaction from appendWithin committed. */
  notifyAppended(): void {
    this.announce();
  }

  private announce(): void {
    this.announced++;
    this.appended.emit('appended');
  }

  /**
   * A subscription's page: joins a read of the same page already in flight
   * when no append was announced since it was issued (so it sees everything a
   * read issued now would see), otherwise issues one. Each caller gets its own
   * array.
   */
  private readShared(after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
    const key = `${after}|${limit}`;
    const shared = this.sharedReads.get(key);
    if (shared && shared.announced === this.announced) return shared.read.then((page) => page.slice());
    const read = this.readDeliverable(after, limit);
    const entry = { announced: this.announced, read };
    this.sharedReads.set(key, entry);
    const forget = (): void => {
      if (this.sharedReads.get(key) === entry) this.sharedReads.delete(key);
    };
    read.then(forget, forget);
    return read.then((page) => page.slice());
  }

  /** Runs `work` in one transaction of this store's database (see appendWithin). */
  transaction<T>(work: (query: QueryFn) => Promise<T>): Promise<T> {
    this.assertOpen();
    return this.sql.transaction(work);
  }

  private async runAppend(
    query: (text: string, params: readonly unknown[]) => Promise<AppendRow[]>,
    input: ValidatedAppend,
  ): Promise<AppendResult> {
    let rows: AppendRow[];
    try {
      rows = await query(`select * from "${this.schema}".append_events($1, $2, $3::jsonb, $4::jsonb)`, [
        input.stream,
        String(input.expectedVersion),
        JSON.stringify(input.events),
        JSON.stringify(input.metadata),
      ]);
    } catch (error) {
      const code = sqlErrorCode(error);
      if (code === 'BL001') {
        const actual = sqlErrorDetail(error);
        throw new ConcurrencyConflict(
          input.stream,
          describeExpected(input.expectedVersion),
          actual === '0' ? 'no_stream' : actual,
        );
      }
      if (code === 'BL002') {
        throw new IllegalState('eventstore.event_id_reused', `Event ids already used: ${sqlErrorDetail(error)}`, {
          stream: input.stream,
        });
      }
      throw error;
    }
    const row = rows[0]!;
    return {
      streamVersion: BigInt(row.o_stream_version),
      globalPosition: BigInt(row.o_global_position),
      checkpoint: encodeCheckpoint(row.o_transaction_id, row.o_global_position),
      duplicate: row.o_duplicate,
    };
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    validateStreamName(stream);
    const limit = validateLimit(options.limit) ?? null;
    const from = validatePosition(options.from, 'from');
    const backwards = options.direction === 'backwards';
    if (options.direction !== undefined && options.direction !== 'forwards' && !backwards)
      throw new ValidationError('eventstore.invalid_input', { direction: ['eventstore.direction_invalid'] });
    const rows = await this.sql.query<EventRow>(
      backwards
        ? `select ${COLUMNS} from ${this.table} e where e.stream_id = $1 and e.stream_version <= coalesce($2::bigint, 9223372036854775807)
           order by e.stream_version desc limit $3`
        : `select ${COLUMNS} from ${this.table} e where e.stream_id = $1 and e.stream_version >= coalesce($2::bigint, 0)
           order by e.stream_version asc limit $3`,
      [stream, from === undefined ? null : from.toString(), limit],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const after = validatePosition(options.after, 'after') ?? 0n;
    const limit = validateLimit(options.limit) ?? 1000;
    const rows = await this.sql.query<EventRow>(
      `select ${COLUMNS} from ${this.table} e where e.global_position > $1 order by e.global_position limit $2`,
      [after.toString(), limit],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<bigint> {
    this.assertOpen();
    const rows = await this.sql.query<{ head: string | null }>(`select max(global_position)::text as head from ${this.table}`);
    return BigInt(rows[0]?.head ?? 0);
  }

  /**
   * Next batch in delivery order after `after`, limited to transactions that
   * have all finished: nothing can later appear below what this returns.
   */
  async readDeliverable(after: Checkpoint, limit: number): Promise<RecordedEvent[]> {
    const { transactionId, globalPosition } = decodeCheckpoint(after);
    const rows = await this.sql.query<EventRow>(
      `select ${COLUMNS} from ${this.table} e
        where (e.transaction_id, e.global_position) > ($1::text::xid8, $2::bigint)
          and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by e.transaction_id, e.global_position
        limit $3`,
      [transactionId, globalPosition, limit],
      `buyloop_deliverable_${this.schema}`,
    );
    return rows.map(toRecorded);
  }

  /** The checkpoint after every event that is deliverable now ('end'). */
  async currentCheckpoint(): Promise<Checkpoint> {
    const rows = await this.sql.query<{ transaction_id: string; global_position: string }>(
      `select e.transaction_id::text as transaction_id, e.global_position::text as global_position from ${this.table} e
        where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by e.transaction_id desc, e.global_position desc limit 1`,
    );
    const row = rows[0];
    return row ? encodeCheckpoint(row.transaction_id, row.global_position) : START;
  }

  subscribe(options: SubscribeOptions = {}): EventSubscription {
    this.assertOpen();
    const batchSize = validateLimit(options.batchSize, 'batchSize') ?? 1000;
    const from = options.from ?? 'start';
    if (from !== 'start' && from !== 'end') decodeCheckpoint(from);
    const pollIntervalMs = this.options.pollIntervalMs ?? 100;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the generator below needs the store
    const store = this;
    let stopped = false;
    let wake: (() => void) | undefined;
    // An append announced while this subscription was reading or its consumer busy: read again at once, rather
    // than sleep through it until the next poll (the append's own wake found nobody waiting).
    let missed = false;
    const onAppended = (): void => {
      missed = true;
      wake?.();
    };
    this.appended.on('appended', onAppended);

    const sleep = (): Promise<void> =>
      missed
        ? Promise.resolve()
        : new Promise((resolve) => {
            const timer = setTimeout(done, pollIntervalMs);
            function done(): void {
              clearTimeout(timer);
              wake = undefined;
              resolve();
            }
            wake = done;
          });

    let iterated = false;
    async function* pages(): AsyncGenerator<readonly RecordedEvent[]> {
      if (iterated) throw new IllegalState('eventstore.subscription_iterated', 'A subscription is iterated once');
      iterated = true;
      let checkpoint: Checkpoint = from === 'start' ? START : from === 'end' ? await store.currentCheckpoint() : from;
      let live = false;
      // Pages read ahead while the consumer works on earlier ones (catching up is read-bound): each read starts as
      // soon as the one before came back full, up to READ_AHEAD_PAGES waiting.
      const ahead: Promise<RecordedEvent[]>[] = [];
      let follow: Checkpoint | undefined;
      const request = (after: Checkpoint): void => {
        // Whatever was announced so far, this read sees.
        missed = false;
        const read = store.readShared(after, batchSize);
        ahead.push(read);
        read.then(
          (page) => {
            if (stopped || page.length < batchSize || ahead.at(-1) !== read) return;
            if (ahead.length < READ_AHEAD_PAGES) request(page[page.length - 1]!.checkpoint);
            else follow = page[page.length - 1]!.checkpoint;
          },
          () => undefined,
        );
      };
      try {
        while (!stopped) {
          if (ahead.length === 0) request(checkpoint);
          let page: RecordedEvent[];
          try {
            page = await ahead[0]!;
          } catch (error) {
            // Closing the store while a read is in flight ends the subscription quietly.
            if (stopped) return;
            throw error;
          }
          ahead.shift();
          if (follow !== undefined) {
            request(follow);
            follow = undefined;
          }
          if (stopped) return;
          const full = page.length >= batchSize;
          if (page.length > 0) checkpoint = page[page.length - 1]!.checkpoint;
          if (page.length > 0) yield page;
          if (!full) {
            if (!live) {
              live = true;
              options.onLive?.();
            }
            if (!stopped) await sleep();
          }
        }
      } finally {
        await subscription.close();
      }
    }

    const subscription: EventSubscription = {
      async close() {
        stopped = true;
        wake?.();
        store.appended.off('appended', onAppended);
        store.subscriptions.delete(subscription);
      },
      pages,
      async *[Symbol.asyncIterator]() {
        for await (const page of pages())
          for (const event of page) {
            if (stopped) return;
            yield event;
          }
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.options.ownsClient !== false) await this.sql.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new IllegalState('eventstore.closed', 'The event store is closed');
  }
}
