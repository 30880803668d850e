import { randomUUID } from 'node:crypto';
import { compareCheckpoints, type EventStore } from '@buyloop/event-store';
import type { Checkpoint, RecordedEvent } from '@buyloop/kit';
import type { CollectionDefinition, Document, DocumentStore, WriteOperation } from '@buyloop/document-store';
import { batches } from './batches';
import { GroupCommit } from './group-commit';
import { HeldDocuments, type Held } from './held-documents';
import { assertProjection, collectionName, handlesType, type Projection } from './projection';

export const STATE_COLLECTION = 'projector_state';

export const STATE_COLLECTION_DEFINITION = {
  name: STATE_COLLECTION,
  fields: { projection: { path: 'projection', type: 'string' }, status: { path: 'status', type: 'string' } },
} as const satisfies CollectionDefinition;

export type ProjectionStatus = 'running' | 'rebuilding' | 'failed' | 'paused' | 'stopped';

/** What the projector remembers of one projection version; stored beside its documents. */
export interface ProjectionState extends Document {
  readonly projection: string;
  readonly version: number;
  /** Resume after this; null before the first event. */
  readonly checkpoint: Checkpoint | null;
  /** Global position of the last event read (as a string: JSON has no bigint). */
  readonly position: string;
  /** Events read, handled or not: the log position in counts, for progress and lag. */
  readonly processed: number;
  readonly status: ProjectionStatus;
  readonly error: {
    readonly message: string;
    readonly eventId: string;
    readonly eventType: string;
    readonly stream: string;
    readonly position: string;
  } | null;
  readonly updatedAt: string;
  /** Recorded time of the last event read, for lag in seconds. */
  readonly lastEventAt: string | null;
}

/** Ids remembered as written for a collection filled from empty; past this the runner reads before folding again. */
const MAX_KNOWN_IDS = 1_000_000;

/** A write takes at most 10,000 operations (document stores refuse more): the state document is one of them. */
const MAX_WRITE_DOCUMENTS = 9_999;
/** While documents are held back, a next page that takes longer than this means the log ran dry: write them all. */
const HELD_IDLE_MS = 100;
const IDLE = Symbol('idle');
const NOT_IN_MEMORY = Symbol('not in memory');

/** The state after a folded batch, kept until a write commits it or a later one. */
interface Boundary {
  readonly batch: number;
  readonly state: ProjectionState;
  /** Events this runner had folded with that batch. */
  readonly folded: number;
}

interface PreparedWrite<D> {
  /** Each document with the checkpoint it has folded through (null: delete). */
  readonly documents: Map<string, { readonly document: D | null; readonly stamp: Checkpoint }>;
  readonly next: ProjectionState;
  /** Events this runner had folded up to `next`. */
  readonly folded: number;
}

/**
 * The later write was prepared after the earlier one, so its documents and state win. The earlier one is
 * still waiting, so nobody else holds it: it takes the later documents in place.
 */
const mergeWrites = <D>(earlier: PreparedWrite<D>, later: PreparedWrite<D>): PreparedWrite<D> => {
  later.documents.forEach((written, id) => earlier.documents.set(id, written));
  return { documents: earlier.documents, next: later.next, folded: later.folded };
};

export interface RunnerOptions {
  readonly batchSize?: number;
  /** The collection (generation) this runner writes; defaults to `<name>_v<version>`. */
  readonly collection?: string;
  /** Status recorded while running: 'rebuilding' for a generation that is not serving yet. */
  readonly runningStatus?: 'running' | 'rebuilding';
  readonly clock?: () => Date;
  /** How many documents the runner keeps in memory between batches (default 50,000). */
  readonly cacheSize?: number;
  /** Events whose documents may wait for the write in flight before reading pauses (default 10 batches; at most 9,999 documents). */
  readonly maxWriteEvents?: number;
  /**
   * While catching up (the log hands out full pages), a document is written once no event has changed it
   * for this many events, and the checkpoint trails what is folded by at most twice as many (default 20
   * batches; 0 writes every document with its batch). Once the runner reads the end of the log, everything
   * is written with each batch.
   */
  readonly writeBehindEvents?: number;
  /**
   * Called after each committed batch (metrics, read-your-writes waiters, live updates) with what it wrote (null: deleted);
   * also after a batch whose checkpoint is kept in memory (see checkpointLagMs), with nothing written.
   */
  readonly onBatch?: (state: ProjectionState, events: number, documents: ReadonlyMap<string, Document | null>) => void;
  /** Called once when the loop ends because the stores failed (not when a projection throws: that is `failed` state). */
  readonly onStoreFailure?: (error: unknown) => void;
  /**
   * A batch that changes no document of this projection (most events are another projection's) moves the
   * checkpoint in memory only, and the stored one follows with the next write that has documents, or once it
   * trails by this long (default 1000 ms; 0 stores every checkpoint). Replaying the events between the two
   * after a crash changes nothing, and every process answers read-your-writes from memory; without it each
   * append costs a transaction per projection, the live shop's main cost.
   */
  readonly checkpointLagMs?: number;
}

/**
 * Runs one projection version from its checkpoint: reads the log in batches,
 * folds every event of a batch for the same document in memory, and writes
 * the documents and the new checkpoint in one `write` (one transaction on
 * PostgreSQL). An evolve that throws stops the projection at that event: the
 * batch up to it is kept, the event is never skipped, and the state says
 * failed with the error until someone fixes and resumes it.
 *
 * Catching up, it writes behind: a document stays in memory while events keep
 * changing it and is written once it has gone quiet, so a document touched by
 * many events of a long catch-up is written about once instead of once per
 * batch. Every document is written with the checkpoint it has folded through
 * (its stamp), and the checkpoint written beside documents never passes a
 * change still held in memory. After a crash the runner resumes from that
 * checkpoint and skips, per document, the events at or before its stamp; a
 * deletion leaves no stamp, so it is written only with a checkpoint past it.
 */
export class ProjectionRunner<D extends Document = Document> {
  /** What is committed: documents and checkpoint as stored. */
  private state: ProjectionState | undefined;
  /** The state after the last batch folded, committed or still being written. */
  private prepared: ProjectionState | undefined;
  /** Every id this runner wrote, while it fills a collection that was empty when it started. */
  private knownIds: Set<string> | undefined;
  private readonly batchSize: number;
  /** Stamped on this runner's state document; every batch write checks it is still there (fencing). */
  private readonly fence = randomUUID();
  private readonly maxWriteDocuments: number;
  private readonly writeBehindEvents: number;
  private readonly cacheSize: number;
  private readonly checkpointLagMs: number;
  /** The state as last stored, and when (performance.now()): a checkpoint-only write may wait behind it. */
  private stored: { readonly state: ProjectionState; readonly at: number } | undefined;
  private subscription: ReturnType<EventStore['subscribe']> | undefined;
  private loop: Promise<void> | undefined;
  private readonly version: number;
  readonly collection: string;
  private readonly handles: (type: string) => boolean;

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    private readonly projection: Projection<D>,
    private readonly options: RunnerOptions = {},
  ) {
    assertProjection(projection as Projection);
    this.version = projection.version;
    this.collection = options.collection ?? collectionName(projection, projection.version);
    this.handles = handlesType(projection as Projection);
    this.batchSize = options.batchSize ?? 1000;
    this.maxWriteDocuments = Math.max(1, Math.min(options.maxWriteEvents ?? 10 * this.batchSize, MAX_WRITE_DOCUMENTS));
    this.writeBehindEvents = options.writeBehindEvents ?? 20 * this.batchSize;
    this.cacheSize = options.cacheSize ?? 50_000;
    this.checkpointLagMs = options.checkpointLagMs ?? 1000;
  }

  get status(): ProjectionState | undefined {
    return this.state;
  }

  /** Starts following the log; resolves once the collections exist and the loop runs. */
  async start(): Promise<void> {
    if (this.loop) return;
    await this.documents.ensureCollection(STATE_COLLECTION_DEFINITION);
    await this.documents.ensureCollection({ ...this.projection.collection, name: this.collection });
    const stored = await this.documents.get<ProjectionState>(STATE_COLLECTION, this.collection);
    this.state = stored ?? this.initialState();
    if (this.state.status === 'failed' || this.state.status === 'paused') return;
    this.state = { ...this.state, status: this.options.runningStatus ?? 'running' };
    // Claims the state document: from now on a runner elsewhere that still thinks it runs cannot commit.
    await this.documents.write([
      { type: 'upsert', collection: STATE_COLLECTION, id: this.collection, document: this.state, stamp: this.fence },
    ]);
    this.stored = { state: this.state, at: performance.now() };
    this.prepared = this.state;
    this.handed = { batch: -1, state: this.state, folded: 0 };
    if (this.state.checkpoint === null && (await this.documents.find(this.collection, { limit: 1 })).total === 0)
      this.knownIds = new Set();
    this.subscription = this.events.subscribe({
      from: this.state.checkpoint ?? 'start',
      batchSize: this.batchSize,
      onLive: () => {
        this.liveTarget = this.pulled;
        this.checkCaughtUp();
        // Documents held back wait for the next page, which may not come soon: write them now.
        this.wakeIdle?.();
      },
    });
    const loop = this.run(this.subscription);
    this.loop = loop;
    // A store failure ends the loop. It is shown in memory (the store may be what is unreachable) and
    // reported, so the projector can start a new runner from the last committed checkpoint.
    loop.catch((error: unknown) => {
      const state = this.state!;
      this.state = {
        ...state,
        status: 'failed',
        error: {
          message: `Storage error, retrying: ${error instanceof Error ? error.message : String(error)}`,
          eventId: '',
          eventType: '',
          stream: '',
          position: state.position,
        },
        updatedAt: this.now(),
      };
      this.options.onStoreFailure?.(error);
    });
  }

  /**
   * Resolves once everything committed when the subscription first went live
   * is written: the moment a rebuilt generation may start serving.
   */
  // Declared before caughtUp: class fields initialise in order, and caughtUp's executor assigns it.
  private resolveCaughtUp: () => void = () => undefined;
  readonly caughtUp: Promise<void> = new Promise((resolve) => (this.resolveCaughtUp = resolve));
  private pulled = 0;
  private written = 0;
  private liveTarget: number | undefined;

  private checkCaughtUp(): void {
    if (this.liveTarget !== undefined && this.written >= this.liveTarget) this.resolveCaughtUp();
  }

  /** Records a new status (paused, running) for this generation without touching its documents. */
  async setStatus(status: 'paused' | 'running' | 'rebuilding'): Promise<void> {
    const state =
      this.state ?? (await this.documents.get<ProjectionState>(STATE_COLLECTION, this.collection)) ?? this.initialState();
    this.state = { ...state, status, ...(status === 'paused' ? {} : { error: null }), updatedAt: this.now() };
    await this.documents.write([
      { type: 'upsert', collection: STATE_COLLECTION, id: this.collection, document: this.state, stamp: this.fence },
    ]);
    this.stored = { state: this.state, at: performance.now() };
  }

  /** Stops after the batch in progress; what was committed stays committed. */
  async stop(): Promise<void> {
    await this.subscription?.close();
    // A loop that ended in a store failure has reported it already.
    await this.loop?.catch(() => undefined);
    this.loop = undefined;
    if (this.state && this.state.status === 'running') this.state = { ...this.state, status: 'stopped' };
  }

  /** Resolves when the loop ends (stopped or failed); rejects if the store failed underneath. */
  get done(): Promise<void> {
    return this.loop ?? Promise.resolve();
  }

  private initialState(): ProjectionState {
    return {
      projection: this.projection.name,
      version: this.version,
      checkpoint: null,
      position: '0',
      processed: 0,
      status: 'running',
      error: null,
      updatedAt: this.now(),
      lastEventAt: null,
    };
  }

  private now(): string {
    return (this.options.clock?.() ?? new Date()).toISOString();
  }

  private async run(subscription: NonNullable<typeof this.subscription>): Promise<void> {
    const perEvent = !subscription.pages;
    const source = subscription.pages?.() ?? batches(this.counted(subscription), this.batchSize);
    // Write N is written while the next batches are read and folded; writes commit in log order, merged when the store lags.
    // A failed write ends the subscription, so the loop stops and reports it even if no further event comes.
    const writes = new GroupCommit<PreparedWrite<D>>(
      (write) => this.commit(write),
      mergeWrites,
      this.maxWriteDocuments,
      () => void subscription.close(),
    );
    const pages = source[Symbol.asyncIterator]();
    try {
      let pending = pages.next();
      for (;;) {
        const next = this.held.size === 0 ? await pending : await this.orIdle(pending);
        if (next === IDLE) {
          await this.hand(writes, true);
          continue;
        }
        if (next.done) break;
        const page = next.value;
        if (!perEvent) this.pulled += page.length;
        const state = await this.fold(page);
        // A short page reached the end of the log: from here on every batch is written whole.
        const caughtUp = page.length < this.batchSize || this.writeBehindEvents === 0;
        if (caughtUp || state.status === 'failed') await this.hand(writes, true);
        // Catching up, what went quiet is written four times per quiet period: fewer, larger writes.
        else if (this.foldedEvents - this.handedAt >= this.writeBehindEvents / 4) {
          this.handedAt = this.foldedEvents;
          await this.hand(writes, false);
        }
        if (state.status === 'failed') {
          await writes.flush();
          await subscription.close();
          return;
        }
        pending = pages.next();
      }
      // Stopped: what is held is written rather than folded again by the next runner.
      await this.hand(writes, true);
      await writes.flush();
      await this.storeTrailingCheckpoint();
    } catch (error) {
      // Folded but never committed: what is in memory is no longer what is stored.
      this.cache.clear();
      this.held.clear();
      this.inFlight.clear();
      this.knownIds = undefined;
      await subscription.close();
      throw error;
    }
  }

  private wakeIdle: (() => void) | undefined;

  /** The next page, or IDLE when it takes longer than HELD_IDLE_MS or the subscription says it is live. */
  private orIdle<T>(next: Promise<T>): Promise<T | typeof IDLE> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<typeof IDLE>((resolve) => {
      timer = setTimeout(() => resolve(IDLE), HELD_IDLE_MS);
      this.wakeIdle = () => resolve(IDLE);
    });
    return Promise.race([next, idle]).finally(() => {
      clearTimeout(timer);
      this.wakeIdle = undefined;
    });
  }

  /** Documents committed as this runner wrote them, newest last; bounded so a huge projection does not fill memory. */
  private readonly cache = new Map<string, D | null>();
  /** Documents folded and not handed to a write yet. */
  private readonly held = new HeldDocuments<D>();
  /** Documents handed to a write that has not committed yet, as handed. */
  private readonly inFlight = new Map<string, D | null>();
  /** States after the batches folded since the last one handed to a write. */
  private boundaries: Boundary[] = [];
  /** The state last handed to a write. */
  private handed: Boundary | undefined;
  private batchCount = 0;
  /** Events folded when documents were last handed to writes while catching up. */
  private handedAt = 0;
  private foldedEvents = 0;

  private remember(id: string, document: D | null): void {
    this.cache.delete(id);
    this.cache.set(id, document);
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  private async *counted(events: AsyncIterable<RecordedEvent>): AsyncGenerator<RecordedEvent> {
    for await (const event of events) {
      this.pulled++;
      yield event;
    }
  }

  /** The document as this runner last wrote it: being written, or committed; NOT_IN_MEMORY otherwise. */
  private asWritten(id: string): D | null | typeof NOT_IN_MEMORY {
    const inFlight = this.inFlight.get(id);
    if (inFlight !== undefined || this.inFlight.has(id)) return inFlight ?? null;
    const cached = this.cache.get(id);
    if (cached !== undefined || this.cache.has(id)) return cached ?? null;
    return NOT_IN_MEMORY;
  }

  /**
   * Folds one batch onto the documents as this runner last folded them
   * (held, in flight, or in its cache), or as stored, and answers the state after it.
   */
  private async fold(batch: readonly RecordedEvent[]): Promise<ProjectionState> {
    const index = this.batchCount;
    const keys = new Array<string | null>(batch.length);
    // Documents this batch changes that are not held: as they stand before it.
    let bases: Map<string, D | null> | undefined;
    // This runner is the only writer of its collection (it holds the lease), so what it wrote is what is stored.
    // In a collection this runner filled from empty, a key it never wrote has no document: no read needed.
    const known = this.knownIds;
    let missing: string[] | undefined;
    for (let i = 0; i < batch.length; i++) {
      const event = batch[i]!;
      const key = this.handles(event.type) ? this.projection.key(event) : null;
      keys[i] = key;
      if (key === null || this.held.get(key) || bases?.has(key)) continue;
      const written = this.asWritten(key);
      (bases ??= new Map()).set(key, written === NOT_IN_MEMORY ? null : written);
      if (written === NOT_IN_MEMORY && (!known || known.has(key))) (missing ??= []).push(key);
    }
    // A stored document may already hold events after the checkpoint: written ahead of it while catching up, or,
    // where documents and checkpoint do not commit together (standalone MongoDB), kept by a crash that lost the
    // checkpoint. Those events are skipped; once one event is folded onto it, every later one is new to it.
    let stamps: Map<string, Checkpoint> | undefined;
    if (missing) {
      const fetched = await this.documents.getStamped<D>(this.collection, missing);
      fetched.forEach(({ document, stamp }, id) => {
        bases!.set(id, document);
        if (stamp !== null) (stamps ??= new Map()).set(id, stamp);
      });
    }

    let last: RecordedEvent | undefined;
    let failure: ProjectionState['error'] = null;
    let applied = 0;
    // Walk the whole batch, relevant or not, so the checkpoint passes events this projection ignores.
    for (let i = 0; i < batch.length; i++) {
      const event = batch[i]!;
      const key = keys[i]!;
      if (key !== null) {
        const held = this.held.get(key);
        const stamp = held ? undefined : stamps?.get(key);
        if (stamp === undefined || compareCheckpoints(event.checkpoint, stamp) > 0) {
          let document: D | null;
          try {
            document = this.projection.evolve(held ? held.document : (bases!.get(key) ?? null), event);
          } catch (error) {
            failure = {
              message: error instanceof Error ? error.message : String(error),
              eventId: event.id,
              eventType: event.type,
              stream: event.stream,
              position: event.globalPosition.toString(),
            };
            break;
          }
          if (held) this.held.change(held, key, document, index);
          else this.held.add(key, document, index);
        }
      }
      last = event;
      applied++;
    }

    const previous = this.prepared!;
    // Delivery order is not global-position order, so the furthest position read is the maximum, not the last.
    let furthest = BigInt(previous.position);
    for (let i = 0; i < applied; i++) if (batch[i]!.globalPosition > furthest) furthest = batch[i]!.globalPosition;
    const next: ProjectionState = {
      ...previous,
      ...(last ? { checkpoint: last.checkpoint, position: furthest.toString(), lastEventAt: last.recordedAt.toISOString() } : {}),
      processed: previous.processed + applied,
      status: failure ? 'failed' : previous.status,
      error: failure,
      updatedAt: this.now(),
    };
    this.batchCount++;
    this.foldedEvents += batch.length;
    this.boundaries.push({ batch: index, state: next, folded: this.foldedEvents });
    this.prepared = next;
    return next;
  }

  /**
   * Hands documents to writes: all of them (`all`), or those gone quiet, those
   * held too long and, past the memory bound, the oldest. Each write carries
   * the latest state whose changes are all written, at most maxWriteDocuments
   * documents, and is queued behind the write in flight.
   */
  private async hand(writes: GroupCommit<PreparedWrite<D>>, all: boolean): Promise<void> {
    for (;;) {
      const latest = this.boundaries.at(-1);
      if (!latest) return;
      const taken = this.take(all || this.held.size > this.cacheSize, latest);
      // The checkpoint may pass only changes that are written: it stops before the oldest change still held.
      // A deletion leaves no stamp behind to skip replayed events by, so it is written only with a checkpoint
      // past its last change; until then it holds the checkpoint before its first.
      const cut = this.cut(taken);
      taken.forEach((held, id) => {
        if (held.document === null && held.last > cut) taken.delete(id);
      });
      let boundary: Boundary | undefined;
      for (const b of this.boundaries) if (b.batch <= cut) boundary = b;
      if (taken.size === 0 && boundary === undefined) return;
      const stamp = latest.state.checkpoint!;
      const documents = new Map<string, { document: D | null; stamp: Checkpoint }>();
      const known = this.knownIds;
      taken.forEach((held, id) => {
        this.held.release(id);
        this.inFlight.set(id, held.document);
        documents.set(id, { document: held.document, stamp });
        if (held.document !== null) known?.add(id);
      });
      if (known && known.size > MAX_KNOWN_IDS) this.knownIds = undefined;
      const previous = this.handed!;
      if (boundary) {
        this.handed = boundary;
        this.boundaries = this.boundaries.filter((b) => b.batch > boundary.batch);
      }
      const handed = this.handed!;
      const advanced = handed.folded - previous.folded;
      await writes.add({ documents, next: handed.state, folded: handed.folded }, Math.max(documents.size, advanced, 1));
      // One write each time, unless everything must go: then as many as it takes.
      if (!all || (this.held.size === 0 && this.boundaries.length === 0)) return;
    }
  }

  /**
   * The last batch the checkpoint written with `taken` may pass, adding to `taken` the deletions it passes:
   * before the oldest document held and not taken, and before the first change of any deletion it cannot pass.
   */
  private cut(taken: Map<string, Held<D>>): number {
    let cut = Number.POSITIVE_INFINITY;
    const deletions: Array<[string, Held<D>]> = [];
    this.held.visitHeldSince(Number.POSITIVE_INFINITY, (id, held) => {
      if (held.document === null) deletions.push([id, held]);
      else if (!taken.has(id)) {
        cut = held.since - 1;
        return false;
      }
      return true;
    });
    for (const [id, held] of deletions) {
      if (held.since > cut) break;
      if (held.last <= cut && (taken.has(id) || taken.size < this.maxWriteDocuments)) taken.set(id, held);
      else cut = held.since - 1;
    }
    return cut;
  }

  /** The documents to hand now, oldest first, at most what one write takes. */
  private take(all: boolean, latest: Boundary): Map<string, Held<D>> {
    const taken = new Map<string, Held<D>>();
    const limit = this.maxWriteDocuments;
    const add = (id: string, held: Held<D>): boolean => {
      if (taken.size >= limit) return false;
      taken.set(id, held);
      return true;
    };
    if (all) {
      this.held.visitHeldSince(Number.POSITIVE_INFINITY, add);
      return taken;
    }
    // The last batch folded at least `events` before the latest one (-1: none is that old).
    const before = (events: number): number => {
      let batch = -1;
      for (const b of this.boundaries) if (b.folded <= latest.folded - events) batch = b.batch;
      return batch;
    };
    // Held for twice the quiet time: written even if still changing, so the checkpoint keeps moving.
    const stale = before(2 * this.writeBehindEvents);
    // Deletions go when the checkpoint passes them (see cut).
    const due = (id: string, held: Held<D>): boolean => held.document === null || add(id, held);
    this.held.visitHeldSince(stale, due);
    this.held.visitQuietSince(before(this.writeBehindEvents), due);
    return taken;
  }

  /** A checkpoint kept in memory only is stored on the way out, so the next runner does not read those events again. */
  private async storeTrailingCheckpoint(): Promise<void> {
    const state = this.state;
    if (!state || !this.stored || this.stored.state === state) return;
    try {
      await this.documents.write(
        [{ type: 'upsert', collection: STATE_COLLECTION, id: this.collection, document: state, stamp: this.fence }],
        { durability: 'relaxed', expectStamp: { collection: STATE_COLLECTION, id: this.collection, stamp: this.fence } },
      );
      this.stored = { state, at: performance.now() };
    } catch {
      // Fenced off or the store is gone: the events since the stored checkpoint are replayed, changing nothing.
    }
  }

  /**
   * Only the checkpoint moved, at the end of the log, within the lag allowed, and nothing about the state that
   * others must see (a failure).
   */
  private mayKeepInMemory(next: ProjectionState): boolean {
    const stored = this.stored;
    return (
      this.checkpointLagMs > 0 &&
      // Live only: catching up, batches are full and writes merged already, and a crash test's kill lands there.
      this.liveTarget !== undefined &&
      stored !== undefined &&
      next.status === stored.state.status &&
      next.error === null &&
      performance.now() - stored.at < this.checkpointLagMs
    );
  }

  /** Writes a prepared write: its documents and the state it carries in one `write`. */
  private async commit({ documents, next, folded }: PreparedWrite<D>): Promise<void> {
    const operations: WriteOperation[] = [];
    // forEach rather than for…of over entries: this runs in an async function, where each entry would be an array.
    documents.forEach(({ document, stamp }, id) =>
      operations.push(
        document === null
          ? { type: 'delete', collection: this.collection, id }
          : { type: 'upsert', collection: this.collection, id, document, stamp },
      ),
    );
    if (operations.length > 0 || !this.mayKeepInMemory(next)) {
      operations.push({ type: 'upsert', collection: STATE_COLLECTION, id: this.collection, document: next, stamp: this.fence });
      // Relaxed durability is safe here: documents and checkpoint are lost or kept together, and replayed.
      await this.documents.write(operations, {
        durability: 'relaxed',
        expectStamp: { collection: STATE_COLLECTION, id: this.collection, stamp: this.fence },
      });
      this.stored = { state: next, at: performance.now() };
    }
    const advanced = next.processed - (this.state?.processed ?? next.processed);
    this.state = next;
    this.written = Math.max(this.written, folded);
    const written = new Map<string, D | null>();
    documents.forEach(({ document }, id) => {
      written.set(id, document);
      // A later write may carry a newer version; until it commits, that one is what memory answers.
      if (this.inFlight.get(id) === document) {
        this.inFlight.delete(id);
        this.remember(id, document);
      }
    });
    this.checkCaughtUp();
    this.options.onBatch?.(next, advanced, written);
  }
}
