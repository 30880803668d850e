import type { EventStore } from '@buyloop/event-store';
import type { Checkpoint, RecordedEvent } from '@buyloop/kit';
import type { CollectionDefinition, Document, DocumentStore, WriteOperation } from '@buyloop/document-store';
import { batches } from './batches';
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

export interface RunnerOptions {
  readonly batchSize?: number;
  /** The collection (generation) this runner writes; defaults to `<name>_v<version>`. */
  readonly collection?: string;
  /** Status recorded while running: 'rebuilding' for a generation that is not serving yet. */
  readonly runningStatus?: 'running' | 'rebuilding';
  readonly clock?: () => Date;
  /** How many documents the runner keeps in memory between batches (default 50,000). */
  readonly cacheSize?: number;
  /** Called after each committed batch (metrics, read-your-writes waiters). */
  readonly onBatch?: (state: ProjectionState, events: number) => void;
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
  private state: ProjectionState | undefined;
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
    this.subscription = this.events.subscribe({
      from: this.state.checkpoint ?? 'start',
      batchSize: this.options.batchSize ?? 1000,
      onLive: () => {
        this.liveTarget = this.pulled;
        this.checkCaughtUp();
      },
    });
    this.loop = this.run(this.subscription);
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
    await this.documents.upsert(STATE_COLLECTION, this.collection, this.state);
  }

  /** Stops after the batch in progress; what was committed stays committed. */
  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.loop;
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
    for await (const batch of batches(this.counted(subscription), this.options.batchSize ?? 1000)) {
      const failed = await this.apply(batch);
      if (failed) {
        await subscription.close();
        return;
      }
    }
  }

  /** Documents this runner wrote, newest last; bounded so a huge projection does not fill memory. */
  private readonly cache = new Map<string, D | null>();

  private remember(id: string, document: D | null): void {
    this.cache.delete(id);
    this.cache.set(id, document);
    if (this.cache.size > (this.options.cacheSize ?? 50_000)) this.cache.delete(this.cache.keys().next().value!);
  }

  private async *counted(events: AsyncIterable<RecordedEvent>): AsyncGenerator<RecordedEvent> {
    for await (const event of events) {
      this.pulled++;
      yield event;
    }
  }

  /** Applies one batch; true when the projection failed in it. */
  private async apply(batch: readonly RecordedEvent[]): Promise<boolean> {
    const relevant = batch.filter((event) => this.handles(event.type));
    const keyed = relevant.map((event) => ({ event, key: this.projection.key(event) }));
    const keys = [...new Set(keyed.flatMap(({ key }) => (key === null ? [] : [key])))];
    // This runner is the only writer of its collection (it holds the lease), so what it wrote is what is stored.
    const missing = keys.filter((key) => !this.cache.has(key));
    const fetched = missing.length > 0 ? await this.documents.getMany<D>(this.collection, missing) : new Map<string, D>();
    const current = new Map<string, D | null>(
      keys.map((key) => [key, this.cache.has(key) ? this.cache.get(key)! : (fetched.get(key) ?? null)]),
    );
    const touched = new Map<string, D | null>();

    let last: RecordedEvent | undefined;
    let failure: ProjectionState['error'] = null;
    let applied = 0;
    // Walk the whole batch, relevant or not, so the checkpoint passes events this projection ignores.
    let cursor = 0;
    for (const event of batch) {
      const entry = keyed[cursor]?.event === event ? keyed[cursor++] : undefined;
      if (entry && entry.key !== null) {
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

    const previous = this.state!;
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
    const operations: WriteOperation[] = [...touched].map(([id, document]) =>
      document === null
        ? { type: 'delete', collection: this.collection, id }
        : { type: 'upsert', collection: this.collection, id, document },
    );
    operations.push({ type: 'upsert', collection: STATE_COLLECTION, id: this.collection, document: next });
    // Relaxed durability is safe here: documents and checkpoint are lost or kept together, and replayed.
    await this.documents.write(operations, { durability: 'relaxed' });
    for (const [id, document] of touched) this.remember(id, document);
    this.state = next;
    this.written += batch.length;
    this.checkCaughtUp();
    this.options.onBatch?.(next, applied);
    return failure !== null;
  }
}
