import { randomUUID } from 'node:crypto';
import { compareCheckpoints, type EventStore } from '@buyloop/event-store';
import type { Checkpoint, RecordedEvent } from '@buyloop/kit';
import type { CollectionDefinition, Document, DocumentStore, Stamped, WriteOperation } from '@buyloop/document-store';
import { batches } from './batches';
import { GroupCommit } from './group-commit';
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

interface PreparedBatch<D> {
  readonly touched: ReadonlyMap<string, D | null>;
  readonly next: ProjectionState;
  readonly events: number;
  readonly applied: number;
}

/** The later batch was folded on top of the earlier one, so its documents and state win. */
const mergeBatches = <D>(earlier: PreparedBatch<D>, later: PreparedBatch<D>): PreparedBatch<D> => ({
  touched: new Map([...earlier.touched, ...later.touched]),
  next: later.next,
  events: earlier.events + later.events,
  applied: earlier.applied + later.applied,
});

export interface RunnerOptions {
  readonly batchSize?: number;
  /** The collection (generation) this runner writes; defaults to `<name>_v<version>`. */
  readonly collection?: string;
  /** Status recorded while running: 'rebuilding' for a generation that is not serving yet. */
  readonly runningStatus?: 'running' | 'rebuilding';
  readonly clock?: () => Date;
  /** How many documents the runner keeps in memory between batches (default 50,000). */
  readonly cacheSize?: number;
  /** Events whose documents may wait for the write in flight before reading pauses (default 10 batches). */
  readonly maxWriteEvents?: number;
  /** Called after each committed batch (metrics, read-your-writes waiters, live updates) with what it wrote (null: deleted). */
  readonly onBatch?: (state: ProjectionState, events: number, documents: ReadonlyMap<string, Document | null>) => void;
  /** Called once when the loop ends because the stores failed (not when a projection throws: that is `failed` state). */
  readonly onStoreFailure?: (error: unknown) => void;
}

/**
 * Runs one projection version from its checkpoint: reads the log in batches,
 * folds every event of a batch for the same document in memory, and writes
 * the documents and the new checkpoint in one `write` (one transaction on
 * PostgreSQL). An evolve that throws stops the projection at that event: the
 * batch up to it is kept, the event is never skipped, and the state says
 * failed with the error until someone fixes and resumes it.
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
  private readonly maxWriteEvents: number;
  private readonly cacheSize: number;
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
    this.maxWriteEvents = options.maxWriteEvents ?? 10 * this.batchSize;
    // Documents not yet committed are read from memory only: the cache must hold the write in flight and the one waiting.
    const uncommitted = 2 * (this.maxWriteEvents + this.batchSize);
    this.cacheSize = options.cacheSize ?? Math.max(50_000, uncommitted);
    if (this.cacheSize < uncommitted) throw new Error(`cacheSize must hold at least ${uncommitted} documents`);
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
    this.prepared = this.state;
    if (this.state.checkpoint === null && (await this.documents.find(this.collection, { limit: 1 })).total === 0)
      this.knownIds = new Set();
    this.subscription = this.events.subscribe({
      from: this.state.checkpoint ?? 'start',
      batchSize: this.batchSize,
      onLive: () => {
        this.liveTarget = this.pulled;
        this.checkCaughtUp();
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
    // Batch N is written while N+1 is read and folded; batches commit in log order, merged when the store lags.
    const writes = new GroupCommit<PreparedBatch<D>>((batch) => this.commit(batch), mergeBatches, this.maxWriteEvents);
    try {
      for await (const page of source) {
        if (!perEvent) this.pulled += page.length;
        const prepared = await this.prepare(page);
        await writes.add(prepared, page.length);
        if (prepared.next.status === 'failed') {
          await writes.flush();
          await subscription.close();
          return;
        }
      }
      await writes.flush();
    } catch (error) {
      // Folded but never committed: what is in memory is no longer what is stored.
      this.cache.clear();
      this.knownIds = undefined;
      throw error;
    }
  }

  /** Documents this runner wrote, newest last; bounded so a huge projection does not fill memory. */
  private readonly cache = new Map<string, D | null>();

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

  /**
   * Folds one batch onto the documents as this runner last prepared them
   * (its cache holds them, committed or in flight) and answers what to write.
   */
  private async prepare(batch: readonly RecordedEvent[]): Promise<PreparedBatch<D>> {
    const relevant = batch.filter((event) => this.handles(event.type));
    const keyed = relevant.map((event) => ({ event, key: this.projection.key(event) }));
    const keys = [...new Set(keyed.flatMap(({ key }) => (key === null ? [] : [key])))];
    // This runner is the only writer of its collection (it holds the lease), so what it wrote is what is stored.
    // In a collection this runner filled from empty, a key it never wrote has no document: no read needed.
    const known = this.knownIds;
    const missing = keys.filter((key) => !this.cache.has(key) && (!known || known.has(key)));
    const fetched =
      missing.length > 0 ? await this.documents.getStamped<D>(this.collection, missing) : new Map<string, Stamped<D>>();
    const current = new Map<string, D | null>(
      keys.map((key) => [key, this.cache.has(key) ? this.cache.get(key)! : (fetched.get(key)?.document ?? null)]),
    );
    // A stored document may already hold events after the checkpoint: where documents and checkpoint do not
    // commit together (standalone MongoDB) a crash can keep the one and lose the other. Those events are skipped.
    const holds = (key: string, event: RecordedEvent): boolean => {
      const stamp = fetched.get(key)?.stamp;
      return stamp !== undefined && stamp !== null && compareCheckpoints(event.checkpoint, stamp) <= 0;
    };
    const touched = new Map<string, D | null>();

    let last: RecordedEvent | undefined;
    let failure: ProjectionState['error'] = null;
    let applied = 0;
    // Walk the whole batch, relevant or not, so the checkpoint passes events this projection ignores.
    let cursor = 0;
    for (const event of batch) {
      const entry = keyed[cursor]?.event === event ? keyed[cursor++] : undefined;
      if (entry && entry.key !== null && !holds(entry.key, event)) {
        const before = touched.has(entry.key) ? touched.get(entry.key)! : (current.get(entry.key) ?? null);
        try {
          touched.set(entry.key, this.projection.evolve(before, event));
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
    for (const [id, document] of touched) {
      this.remember(id, document);
      if (document !== null) this.knownIds?.add(id);
    }
    if (this.knownIds && this.knownIds.size > MAX_KNOWN_IDS) this.knownIds = undefined;
    this.prepared = next;
    return { touched, next, events: batch.length, applied };
  }

  /** Writes a prepared batch: its documents and the checkpoint after it in one `write`. */
  private async commit({ touched, next, events, applied }: PreparedBatch<D>): Promise<void> {
    const operations: WriteOperation[] = [...touched].map(([id, document]) =>
      document === null
        ? { type: 'delete', collection: this.collection, id }
        : { type: 'upsert', collection: this.collection, id, document, ...(next.checkpoint ? { stamp: next.checkpoint } : {}) },
    );
    operations.push({ type: 'upsert', collection: STATE_COLLECTION, id: this.collection, document: next, stamp: this.fence });
    // Relaxed durability is safe here: documents and checkpoint are lost or kept together, and replayed.
    await this.documents.write(operations, {
      durability: 'relaxed',
      expectStamp: { collection: STATE_COLLECTION, id: this.collection, stamp: this.fence },
    });
    this.state = next;
    this.written += events;
    this.checkCaughtUp();
    this.options.onBatch?.(next, applied, touched);
  }
}
