/**
 * The event store on EventStoreDB / KurrentDB, over `@eventstore/db-client` (v6, gRPC).
 *
 * Client and server compatibility (checked when this adapter was written, against the client's changelog,
 * README and the public issue trackers of kurrent-io/KurrentDB and
 * kurrent-io/KurrentDB-Client-NodeJS): `@eventstore/db-client` 6.2.1 (May 2024) is
 * the last release of the old package; the rebranded `@kurrent/kurrentdb-client`
 * 1.x supersedes it but speaks the same gRPC protocol (`event_store.client.*`
 * services, "for KurrentDB 20+"). KurrentDB 25.x/26.x renamed the product,
 * packages, config prefixes (EVENTSTORE_ → KURRENTDB_) and metrics, not the
 * client protocol; the one protocol change found, checkpoints added to the
 * caught-up/fell-behind subscription messages (KurrentDB PR #5013/#5033), is
 * documented as backwards compatible, and no issue reports the old client failing
 * against a KurrentDB server. So the old client still talks to current servers and,
 * as the product owner asked, we stay on it. What we give up by staying: no
 * server-side filter on `readAll` (filtered here instead), no multi-stream appends
 * (KurrentDB 25.1), no new fixes. Servers must be 22.10 or newer (stream reads carry
 * log positions from 22.6 on; caught-up messages from 23.10 on, with a fallback below).
 *
 * Mapping onto the port:
 * - stream version = ESDB revision + 1; expected version v (exact) = revision v - 1,
 *   0 or 'no_stream' = NO_STREAM.
 * - globalPosition = the event's commit position; checkpoint = `commit/prepare`.
 *   Events appended over gRPC are each their own committed record, so commit ==
 *   prepare == the record's log position and positions are unique. (Events from
 *   legacy TCP explicit transactions share a commit position; checkpoints stay exact.)
 * - Stream names and event types starting with `$` or `~` are stored with a `~`
 *   in front (codec.ts), so no user name lands in ESDB's system namespace.
 * - Metadata JSON: schemaVersion, correlationId, causationId, actor, market, plus
 *   `$correlationId`/`$causationId` (ESDB's conventions) and the append's id.
 *
 * Idempotency and event-id uniqueness. ESDB alone does not give the port's
 * guarantees: it deduplicates a retried batch only when it carries the same exact
 * expected revision (with `any` only while the ids sit in a server cache), answers
 * such a retry as an ordinary success, and happily stores the same id in two
 * streams. So this adapter makes it explicit:
 * 1. Claims. Before writing, every event id is claimed by appending one `$`-typed
 *    event (data: the Buyloop stream) to its own stream `~#event-id-<id>` with
 *    NO_STREAM. An existing claim for another stream refuses the append with
 *    IllegalState('eventstore.event_id_reused'); claims never move.
 * 2. Look before writing. If any id was claimed before (a retry, a concurrent twin,
 *    or an earlier refused attempt) or the expected version is 'any'/'stream_exists',
 *    the stream is read backwards from its end down to the oldest claim's position
 *    (nothing older can hold these ids): all ids there → the original result with
 *    duplicate: true and nothing written; some → IllegalState('eventstore.event_id_reused');
 *    none → the version seen there is checked against the expected one.
 * 3. Write with an exact revision. The append always carries an exact revision
 *    (never ANY), so ESDB serialises racing writers; an 'any' append that loses
 *    the race looks again and retries.
 * 4. Read back the last event written: its `appendId` tells whether this call wrote
 *    it or ESDB answered an earlier attempt's identical write (→ duplicate: true).
 * Remaining limitations: an id offered to a stream stays bound to that stream even
 * if that append was refused (a later append of the same id to another stream is
 * refused as reused); events written without claims (another tool, a data import)
 * are invisible to steps 1–2; claims cost one extra small write per event, and an
 * append costs 3–4 round trips (claims in parallel, look, write, read back).
 *
 * readAll({ after }) starts reading at `after` when it is a position this store handed
 * out (an event's globalPosition, headPosition()); ESDB positions are byte offsets, so
 * any other number is not a place ESDB can start a read at, and then the start is
 * found by walking the log back from its end (slower the further back `after` lies).
 *
 * readAll/headPosition/subscribe skip what is not a Buyloop event: ESDB system
 * records, links, claims, and events without Buyloop's metadata. They need read
 * access to `$all` (an admin user on a secured server).
 */
import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  excludeSystemEvents,
  isCommandError,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadRevision,
  type RecordedEvent as EsdbRecordedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import { ConcurrencyConflict, IllegalState, ValidationError } from '@buyloop/kit';
import { validateAppend, validateLimit, validatePosition, validateStreamName, type ValidatedAppend } from '../input';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  EventSubscription,
  ExpectedVersion,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
} from '../port';
import {
  CLAIM_EVENT_TYPE,
  claimStreamName,
  comparePositions,
  decodeCheckpoint,
  decodeEvent,
  encodeName,
  isRecord,
  storedMetadata,
  type ClaimData,
  type DecodedEvent,
} from './codec';

/** How many claim appends one append keeps in flight. */
const CLAIM_CONCURRENCY = 32;
/** Events per read while scanning a stream's tail or the global log. */
const SCAN_PAGE = 100;
/** The first read of a stream's tail: usually its newest event already predates the claims. */
const FIRST_SCAN_PAGE = 10;
/** Attempts of one append before giving up (only 'any' appends losing races to other writers retry more than once). */
const MAX_ATTEMPTS = 64;

interface Claim {
  /** The Buyloop stream the id is bound to. */
  readonly stream: string;
  /** Whether this call created the claim. */
  readonly fresh: boolean;
  /** A commit position at or before the claim; undefined when the server did not say. */
  readonly position: bigint | undefined;
}

interface Tail {
  /** The stream's current version (0 = no stream). */
  readonly version: bigint;
  /** The appended ids found in the stream, by id. */
  readonly found: ReadonlyMap<string, RecordedEvent>;
}

const isErrorType = (error: unknown, type: ErrorType): boolean =>
  error instanceof Error && isCommandError(error) && error.type === type;

const describeExpected = (expected: ExpectedVersion): string => String(expected);

const describeActual = (version: bigint): string => (version === 0n ? 'no_stream' : String(version));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function collect<T>(read: StreamingRead<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Throws ConcurrencyConflict when a stream at `version` does not satisfy `expected`. */
function checkExpected(stream: string, expected: ExpectedVersion, version: bigint): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && version === 0n) ||
    (expected === 'stream_exists' && version > 0n) ||
    (typeof expected === 'bigint' && version === expected);
  if (!ok) throw new ConcurrencyConflict(stream, describeExpected(expected), describeActual(version));
}

/** The ESDB revision a stream at `version` events has (NO_STREAM for 0). */
const revisionOf = (version: bigint): AppendExpectedRevision => (version === 0n ? NO_STREAM : version - 1n);

export class EventStoreDbEventStore implements EventStore {
  readonly engine = 'eventstoredb';
  private readonly subscriptions = new Set<EventSubscription>();
  private closed = false;

  constructor(private readonly client: EventStoreDBClient) {}

  /** Connects and checks the server answers (and that `$all` is readable) before handing the store out. */
  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    try {
      await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    } catch (error) {
      await client.dispose().catch(() => undefined);
      throw error;
    }
    return new EventStoreDbEventStore(client);
  }

  async append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    this.assertOpen();
    const input = validateAppend(stream, events, options);
    const stored = encodeName(input.stream);
    const ids = input.events.map((e) => e.id);

    const claims = await mapLimit(ids, CLAIM_CONCURRENCY, (id) => this.claim(id, input.stream));
    const elsewhere = claims.flatMap((claim, i) => (claim.stream === input.stream ? [] : [`${ids[i]} in ${claim.stream}`]));
    if (elsewhere.length > 0) {
      throw new IllegalState('eventstore.event_id_reused', `Event ids already used: ${elsewhere.join(', ')}`, {
        stream: input.stream,
      });
    }
    // Every write of these ids happened after their claims: the oldest claim bounds how far back to look.
    const lowerBound = claims.some((claim) => claim.position === undefined)
      ? undefined
      : claims.reduce((min, claim) => (claim.position! < min ? claim.position! : min), claims[0]!.position!);

    const appendId = randomUUID();
    const data = input.events.map((event) =>
      jsonEvent({
        id: event.id,
        type: encodeName(event.type),
        data: event.data as JSONType,
        metadata: storedMetadata(input.metadata, event.schemaVersion, appendId),
      }),
    );
    const lastId = ids[ids.length - 1]!;
    const exact = input.expectedVersion === 'no_stream' || typeof input.expectedVersion === 'bigint';
    // Only an exact expected version with ids nobody offered before can skip the look.
    let look = !(exact && claims.every((claim) => claim.fresh));

    for (let attempt = 1; ; attempt++) {
      let revision: AppendExpectedRevision;
      if (look) {
        const tail = await this.scanTail(stored, ids, lowerBound);
        if (tail.found.size === ids.length) return duplicateResult(tail.found);
        if (tail.found.size > 0) {
          const mixed = [...tail.found.keys()].join(', ');
          throw new IllegalState('eventstore.event_id_reused', `Event ids already appended: ${mixed}`, { stream: input.stream });
        }
        checkExpected(input.stream, input.expectedVersion, tail.version);
        revision = revisionOf(tail.version);
      } else {
        revision = revisionOf(input.expectedVersion === 'no_stream' ? 0n : (input.expectedVersion as bigint));
      }

      let nextRevision: bigint;
      try {
        nextRevision = (await this.client.appendToStream(stored, data, { expectedRevision: revision })).nextExpectedRevision;
      } catch (error) {
        if (isErrorType(error, ErrorType.WRONG_EXPECTED_VERSION)) {
          if (attempt >= MAX_ATTEMPTS) throw this.conflictFrom(input, error);
          look = true;
          // Another writer got in first: an exact expectation now fails in checkExpected, 'any' retries.
          if (!exact) await sleep(Math.random() * Math.min(50, 2 ** attempt));
          continue;
        }
        if (isErrorType(error, ErrorType.MAXIMUM_APPEND_SIZE_EXCEEDED)) {
          throw new ValidationError(
            'eventstore.invalid_input',
            { events: ['eventstore.append_too_large'] },
            `The append to ${JSON.stringify(input.stream)} is larger than the EventStoreDB server accepts in one write: ${(error as Error).message}`,
          );
        }
        throw error;
      }

      const last = await this.readAt(stored, nextRevision);
      if (last && last.event.id === lastId && last.appendId === appendId) {
        return {
          streamVersion: last.event.streamVersion,
          globalPosition: last.event.globalPosition,
          checkpoint: last.event.checkpoint,
          duplicate: false,
        };
      }
      // ESDB answered idempotently: an earlier attempt with these ids and this revision wrote them. Look again to answer it.
      if (attempt >= MAX_ATTEMPTS) {
        const message = `Could not confirm the append to ${JSON.stringify(input.stream)}`;
        throw new IllegalState('eventstore.append_unconfirmed', message, { stream: input.stream });
      }
      look = true;
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    validateStreamName(stream);
    const limit = validateLimit(options.limit);
    const from = validatePosition(options.from, 'from');
    const backwards = options.direction === 'backwards';
    if (options.direction !== undefined && options.direction !== 'forwards' && !backwards)
      throw new ValidationError('eventstore.invalid_input', { direction: ['eventstore.direction_invalid'] });
    const stored = encodeName(stream);

    let fromRevision: ReadRevision;
    if (!backwards) fromRevision = from === undefined || from <= 1n ? START : from - 1n;
    else if (from === undefined) fromRevision = END;
    else if (from === 0n) return [];
    else {
      // Backwards from a version past the end starts at the last event, as on PostgreSQL.
      const [newest] = await this.readRecords(stored, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      if (!newest) return [];
      fromRevision = from - 1n < newest.revision ? from - 1n : newest.revision;
    }
    const records = await this.readRecords(stored, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision,
      maxCount: limit ?? Number.MAX_SAFE_INTEGER,
    });
    return records.map((record) => this.decodeOwn(record));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const after = validatePosition(options.after, 'after') ?? 0n;
    const limit = validateLimit(options.limit) ?? 1000;
    const pageSize = Math.min(Math.max(limit + 1, SCAN_PAGE), 4096);
    const events: RecordedEvent[] = [];
    // Reads from a position include the event at it. `after` is normally a position this store handed out
    // (an event's, or headPosition()), where ESDB can start reading; any other number is not a record
    // boundary in ESDB's log, so the read starts from the last record at or before it instead.
    let from: Position | typeof START = after === 0n ? START : { commit: after, prepare: after };
    let previous: Position | undefined;
    let first = true;
    while (events.length < limit) {
      let page: AllStreamResolvedEvent[];
      try {
        page = await collect(this.client.readAll({ direction: FORWARDS, fromPosition: from, maxCount: pageSize }));
        if (first && after > 0n && page.length === 0 && ((await this.lastRecordPosition())?.commit ?? 0n) > after) {
          throw new Error('nothing read before the end of the log');
        }
      } catch (error) {
        if (!first || after === 0n) throw error;
        from = (await this.lastRecordAtOrBefore(after)) ?? START;
        first = false;
        continue;
      }
      first = false;
      let advanced = false;
      for (const resolved of page) {
        const record = resolved.event;
        if (!record) continue;
        if (previous && comparePositions(record.position, previous) <= 0) continue;
        previous = record.position;
        advanced = true;
        if (record.position.commit <= after) continue;
        const decoded = decodeEvent(record);
        if (decoded) events.push(decoded.event);
        if (events.length === limit) break;
      }
      if (page.length < pageSize || !advanced || !previous) break;
      from = previous;
    }
    return events;
  }

  async headPosition(): Promise<bigint> {
    this.assertOpen();
    return (await this.newestEventPosition())?.commit ?? 0n;
  }

  subscribe(options: SubscribeOptions = {}): EventSubscription {
    this.assertOpen();
    const batchSize = validateLimit(options.batchSize, 'batchSize') ?? 1000;
    const from = options.from ?? 'start';
    const fromCheckpoint = from === 'start' || from === 'end' ? undefined : decodeCheckpoint(from);
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the generator below needs the store
    const store = this;
    let stopped = false;
    let wake: (() => void) | undefined;
    let upstream: AllStreamSubscription | undefined;
    const notify = (): void => {
      const resolve = wake;
      wake = undefined;
      resolve?.();
    };

    const subscription: EventSubscription = {
      async close() {
        stopped = true;
        notify();
        store.subscriptions.delete(subscription);
        const current = upstream;
        upstream = undefined;
        if (current) await current.unsubscribe().catch(() => undefined);
      },
      async *[Symbol.asyncIterator]() {
        try {
          if (stopped) return;
          // A concrete start position, so nothing written while the subscription is being set up is missed.
          const after = fromCheckpoint ?? (from === 'end' ? await store.lastRecordPosition() : undefined);
          // Live once the newest event at the start has been delivered (servers before 23.10 send no caught-up message).
          const head = await store.newestEventPosition();
          if (stopped) return;
          let live = false;
          const markLive = (): void => {
            if (live) return;
            live = true;
            options.onLive?.();
          };
          if (!head || (after && comparePositions(head, after) <= 0)) markLive();

          const queue: AllStreamResolvedEvent[] = [];
          let received = 0;
          let consumed = 0;
          let caughtUpAt: number | undefined;
          let failure: unknown;
          let ended = false;
          let paused = false;
          const native = store.client.subscribeToAll({
            fromPosition: after ?? START,
            filter: excludeSystemEvents(),
            resolveLinkTos: false,
          });
          upstream = native;
          native.on('data', (resolved: AllStreamResolvedEvent) => {
            queue.push(resolved);
            received++;
            if (!paused && queue.length >= batchSize) {
              paused = true;
              native.pause();
            }
            notify();
          });
          // The caught-up message arrives after the events before it were pushed, some of which may still be
          // buffered in the stream: live once that many events have been consumed.
          native.on('caughtUp', () => {
            caughtUpAt ??= received + native.readableLength;
            notify();
          });
          native.on('error', (error: Error) => {
            failure ??= error;
            notify();
          });
          native.on('end', () => {
            ended = true;
            notify();
          });
          native.on('close', () => {
            ended = true;
            notify();
          });

          while (!stopped) {
            const resolved = queue.shift();
            if (!resolved) {
              if (caughtUpAt !== undefined && consumed >= caughtUpAt) markLive();
              if (failure !== undefined) throw failure;
              if (ended) throw new IllegalState('eventstore.subscription_dropped', 'EventStoreDB ended the subscription');
              await new Promise<void>((resolve) => (wake = resolve));
              continue;
            }
            consumed++;
            if (paused && queue.length <= batchSize / 2) {
              paused = false;
              native.resume();
            }
            const record = resolved.event;
            if (!record) continue;
            // Subscriptions start after their position; skip anything at or before it all the same.
            if (after && comparePositions(record.position, after) <= 0) continue;
            const decoded = decodeEvent(record);
            if (decoded) {
              yield decoded.event;
              if (stopped) return;
            }
            if (head && comparePositions(record.position, head) >= 0) markLive();
            if (caughtUpAt !== undefined && consumed >= caughtUpAt) markLive();
          }
        } finally {
          await subscription.close();
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
    await this.client.dispose();
  }

  /** Binds `id` to `stream` for good, or reports the stream it is already bound to. */
  private async claim(id: string, stream: string): Promise<Claim> {
    const name = claimStreamName(id);
    try {
      const data: ClaimData = { stream };
      const result = await this.client.appendToStream(
        name,
        jsonEvent({ type: CLAIM_EVENT_TYPE, data: { stream: data.stream } }),
        {
          expectedRevision: NO_STREAM,
        },
      );
      const position = result.position;
      return {
        stream,
        fresh: true,
        position: position ? (position.commit < position.prepare ? position.commit : position.prepare) : undefined,
      };
    } catch (error) {
      if (!isErrorType(error, ErrorType.WRONG_EXPECTED_VERSION)) throw error;
    }
    const [first] = await this.readRecords(name, { direction: FORWARDS, fromRevision: START, maxCount: 1 });
    const data: unknown = first?.isJson ? first.data : undefined;
    if (!first || !isRecord(data) || typeof data.stream !== 'string') {
      throw new IllegalState('eventstore.claim_unreadable', `The claim stream for event id ${id} holds no readable claim`);
    }
    return { stream: data.stream, fresh: false, position: first.position?.commit };
  }

  /**
   * The stream's current version, and which of `ids` it holds, reading backwards
   * from the end down to `lowerBound` (the oldest claim: no event of these ids can
   * be older), or the whole stream when that is unknown.
   */
  private async scanTail(stored: string, ids: readonly string[], lowerBound: bigint | undefined): Promise<Tail> {
    const wanted = new Set(ids);
    const found = new Map<string, RecordedEvent>();
    let version: bigint | undefined;
    let fromRevision: ReadRevision = END;
    for (let pageSize = FIRST_SCAN_PAGE; ; pageSize = SCAN_PAGE) {
      const page = await this.readRecords(stored, { direction: BACKWARDS, fromRevision, maxCount: pageSize });
      for (const record of page) {
        version ??= record.revision + 1n;
        const id = record.id.toLowerCase();
        if (wanted.has(id)) found.set(id, this.decodeOwn(record));
        if (found.size === wanted.size) return { version, found };
        if (lowerBound !== undefined && record.position && record.position.commit < lowerBound) return { version, found };
      }
      const oldest = page.at(-1);
      if (!oldest || page.length < pageSize || oldest.revision === 0n) break;
      fromRevision = oldest.revision - 1n;
    }
    return { version: version ?? 0n, found };
  }

  /** The event at `revision` of a stored stream, with the id of the append that wrote it. */
  private async readAt(stored: string, revision: bigint): Promise<DecodedEvent | undefined> {
    const [record] = await this.readRecords(stored, { direction: FORWARDS, fromRevision: revision, maxCount: 1 });
    return record ? decodeEvent(record) : undefined;
  }

  /** Records of one stored stream; a missing stream reads as empty. */
  private async readRecords(
    stored: string,
    options: { direction: typeof FORWARDS | typeof BACKWARDS; fromRevision: ReadRevision; maxCount: number },
  ): Promise<EsdbRecordedEvent[]> {
    try {
      const resolved = await collect(this.client.readStream(stored, options));
      return resolved.flatMap((r) => (r.event ? [r.event] : []));
    } catch (error) {
      if (isErrorType(error, ErrorType.STREAM_NOT_FOUND)) return [];
      throw error;
    }
  }

  /** Decodes an event of a Buyloop stream; anything else there is an error, not something to skip silently. */
  private decodeOwn(record: EsdbRecordedEvent): RecordedEvent {
    const decoded = decodeEvent(record);
    if (!decoded) {
      throw new IllegalState('eventstore.foreign_event', `Event ${record.id} in ${record.streamId} was not written by Buyloop`, {
        stream: record.streamId,
      });
    }
    return decoded.event;
  }

  /** Position of the last record of the log, whatever it is; undefined for an empty log. */
  private async lastRecordPosition(): Promise<Position | undefined> {
    const [last] = await collect(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    return last?.event?.position;
  }

  /** Position of the newest Buyloop event in the log; undefined when there is none. */
  private newestEventPosition(): Promise<Position | undefined> {
    return this.findBackwards((record) => decodeEvent(record) !== undefined);
  }

  /** Position of the newest record (of any kind) at or before commit position `commit`, walking back from the end. */
  private lastRecordAtOrBefore(commit: bigint): Promise<Position | undefined> {
    return this.findBackwards((record) => record.position.commit <= commit);
  }

  /** Walks the log backwards from its end to the first record `match` accepts. */
  private async findBackwards(match: (record: AllStreamRecordedEvent) => boolean): Promise<Position | undefined> {
    let from: Position | typeof END = END;
    let previous: Position | undefined;
    for (;;) {
      const page = await collect(this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: SCAN_PAGE }));
      let advanced = false;
      for (const resolved of page) {
        const record = resolved.event;
        if (!record) continue;
        if (previous && comparePositions(record.position, previous) >= 0) continue;
        previous = record.position;
        advanced = true;
        if (match(record)) return record.position;
      }
      if (page.length < SCAN_PAGE || !advanced || !previous) return undefined;
      from = previous;
    }
  }

  private conflictFrom(input: ValidatedAppend, error: unknown): ConcurrencyConflict {
    const actual = (error as { actualVersion?: unknown }).actualVersion;
    return new ConcurrencyConflict(
      input.stream,
      describeExpected(input.expectedVersion),
      typeof actual === 'bigint' ? String(actual + 1n) : 'no_stream',
    );
  }

  private assertOpen(): void {
    if (this.closed) throw new IllegalState('eventstore.closed', 'The event store is closed');
  }
}

/** The original append's answer, from its events found in the stream (as PostgreSQL answers a repeated append). */
function duplicateResult(found: ReadonlyMap<string, RecordedEvent>): AppendResult {
  let last: RecordedEvent | undefined;
  let streamVersion = 0n;
  for (const event of found.values()) {
    if (!last || event.globalPosition > last.globalPosition) last = event;
    if (event.streamVersion > streamVersion) streamVersion = event.streamVersion;
  }
  return { streamVersion, globalPosition: last!.globalPosition, checkpoint: last!.checkpoint, duplicate: true };
}
