import { compareCheckpoints, type EventStore } from '@buyloop/event-store';
import { ConcurrencyConflict, IllegalState, NotFound, type Checkpoint } from '@buyloop/kit';
import { Subject, type Observable } from 'rxjs';
import type { Document, DocumentStore, Lease } from '@buyloop/document-store';
import type { Projection } from './projection';
import type { ProjectionReloaded, ProjectorChange } from './changes';
import {
  ProjectionRunner,
  STATE_COLLECTION,
  STATE_COLLECTION_DEFINITION,
  type ProjectionState,
  type ProjectionStatus,
} from './projection-runner';

export const POINTER_COLLECTION = 'projector_pointers';

/** Which generation of a projection serves reads, and which is being built. */
interface Pointer extends Document {
  readonly projection: string;
  readonly active: string | null;
  readonly building: string | null;
  readonly generation: number;
  /** A generation switched away from and not dropped yet; whoever runs the projection next drops it. */
  readonly retired?: string | null;
}

export interface ProjectionReport {
  readonly name: string;
  readonly version: number;
  readonly collection: string | null;
  /** 'standby': another process runs this projection; this one takes over if that one goes away. */
  readonly status: ProjectionStatus | 'not started' | 'standby';
  readonly checkpoint: Checkpoint | null;
  readonly position: string;
  readonly head: string;
  readonly lagEvents: number;
  readonly lagSeconds: number;
  readonly eventsPerSecond: number;
  readonly processed: number;
  readonly error: ProjectionState['error'];
  readonly rebuilding: { readonly collection: string; readonly position: string; readonly processed: number } | null;
}

export interface ProjectorOptions {
  readonly batchSize?: number;
  /** Most events one write may carry when batches wait behind a slow store (default 10 batches). */
  readonly maxWriteEvents?: number;
  /** Catching up, a document is written once this many events have not changed it (default 20 batches; see RunnerOptions). */
  readonly writeBehindEvents?: number;
  /** How often a standby projector tries to take over a projection another process runs. */
  readonly standbyRetryMs?: number;
  readonly clock?: () => Date;
  readonly onBatch?: (projection: string, state: ProjectionState, events: number) => void;
}

interface Entry {
  readonly projection: Projection;
  pointer: Pointer;
  active?: ProjectionRunner;
  building?: ProjectionRunner;
  lease?: Lease;
  standby?: ReturnType<typeof setTimeout>;
  /** Restarts after store failures since the last committed batch: the back-off grows with them. */
  restarts: number;
  rate: { at: number; processed: number; perSecond: number };
  /** A runner filling the serving collection from the start: its batches are announced as one reload when it catches up. */
  replaying?: ProjectionRunner;
}

/**
 * Runs every registered projection. Each projection has generations (its
 * collections `<name>_g<n>`): one active generation serves reads while, during
 * a rebuild, the next one is built from the start of the log beside it; when
 * that has caught up, reads switch to it and the old one is dropped. A new
 * projection version is rebuilt the same way on start.
 */
export class Projector {
  private readonly entries = new Map<string, Entry>();
  private readonly waiters = new Set<() => void>();
  private readonly changeSubject = new Subject<ProjectorChange>();

  /**
   * What each committed batch of a serving generation wrote or deleted, and
   * a reload when reads switch to documents filled from the start of the log
   * (a rebuild, a reset, a first run), so a rebuild never floods readers.
   * Published synchronously after the commit: a subscriber must only take
   * note, never wait or throw (each live connection buffers on its own).
   * Completes when the projector stops.
   */
  readonly changes$: Observable<ProjectorChange> = this.changeSubject.asObservable();

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {
    for (const projection of projections) {
      if (this.entries.has(projection.name)) throw new Error(`Projection ${projection.name} registered twice`);
      this.entries.set(projection.name, {
        projection,
        pointer: { projection: projection.name, active: null, building: null, generation: 0 },
        restarts: 0,
        rate: { at: Date.now(), processed: 0, perSecond: 0 },
      });
    }
  }

  private collectionsReady: Promise<void> | undefined;

  /** The projector's own collections; status may be asked before anything ever ran. */
  private ensureCollections(): Promise<void> {
    this.collectionsReady ??= (async () => {
      await this.documents.ensureCollection({
        name: POINTER_COLLECTION,
        fields: { projection: { path: 'projection', type: 'string' } },
      });
      await this.documents.ensureCollection(STATE_COLLECTION_DEFINITION);
    })();
    return this.collectionsReady;
  }

  async start(): Promise<void> {
    await this.ensureCollections();
    for (const entry of this.entries.values()) await this.startEntry(entry);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.entries.values()].map((entry) => this.stopEntry(entry)));
    this.changeSubject.complete();
  }

  private stopped = false;

  /** Only the process holding a projection's lease runs it; the others wait on standby. */
  private async startEntry(entry: Entry): Promise<void> {
    if (this.stopped) return;
    const lease = await this.documents.tryLease(`projection:${entry.projection.name}`);
    if (!lease) {
      entry.pointer = (await this.documents.get<Pointer>(POINTER_COLLECTION, entry.projection.name)) ?? entry.pointer;
      entry.standby = setTimeout(() => void this.startEntry(entry), this.options.standbyRetryMs ?? 5000);
      entry.standby.unref();
      return;
    }
    entry.standby = undefined;
    entry.lease = lease;
    void lease.lost.then(async () => {
      // The connection that held the lease is gone: stop, then queue up again like any standby.
      if (entry.lease !== lease) return;
      await this.stopEntry(entry);
      if (!this.stopped) void this.startEntry(entry);
    });
    entry.pointer = (await this.documents.get<Pointer>(POINTER_COLLECTION, entry.projection.name)) ?? entry.pointer;
    // A process stopped between a switch-over and the drop of the old generation left it behind.
    if (entry.pointer.retired) await this.dropRetired(entry);
    const firstRun = entry.pointer.active === null;
    if (firstRun) {
      // First run: the first generation serves at once and fills as it goes.
      entry.pointer = await this.savePointer(entry, {
        active: this.nextCollection(entry),
        generation: entry.pointer.generation + 1,
      });
    }
    entry.active = this.runner(entry, entry.pointer.active!, 'running');
    if (firstRun) this.replay(entry, entry.active, 'first-run');
    await entry.active.start();
    const activeVersion = entry.active.status?.version;
    if (entry.pointer.building) void this.finishRebuild(entry, entry.pointer.building).catch(() => undefined);
    else if (activeVersion !== undefined && activeVersion !== entry.projection.version)
      void this.rebuild(entry.projection.name).catch(() => undefined);
  }

  private async stopEntry(entry: Entry): Promise<void> {
    if (entry.standby) clearTimeout(entry.standby);
    entry.standby = undefined;
    await Promise.all([entry.active?.stop(), entry.building?.stop()]);
    const lease = entry.lease;
    entry.lease = undefined;
    await lease?.release();
  }

  /**
   * The collection serving reads, also where another process (`pnpm projector`)
   * runs the projection: then the stored pointer says. NotFound before the first run.
   */
  async readCollection(name: string): Promise<string> {
    const entry = this.entry(name);
    if (entry.lease && entry.pointer.active) return entry.pointer.active;
    await this.ensureCollections();
    const stored = await this.documents.get<Pointer>(POINTER_COLLECTION, name);
    if (!stored?.active) throw new NotFound('projection.not_started', `Projection ${name} has not started`);
    return stored.active;
  }

  /** The collection reads of this projection go to now. */
  activeCollection(name: string): string {
    const collection = this.entry(name).pointer.active;
    if (!collection) throw new NotFound('projection.not_started', `Projection ${name} has not started`);
    return collection;
  }

  /**
   * Builds a fresh generation from the start of the log while the active one
   * keeps serving, then switches reads to it and drops the old one.
   * Resolves when the switch is done.
   */
  async rebuild(name: string, onProgress?: (state: ProjectionState) => void): Promise<void> {
    const entry = this.leased(name);
    if (entry.building) return this.finishRebuild(entry, entry.building.collection, onProgress);
    const collection = this.nextCollection(entry);
    entry.pointer = await this.savePointer(entry, { building: collection, generation: entry.pointer.generation + 1 });
    return this.finishRebuild(entry, collection, onProgress);
  }

  private async finishRebuild(entry: Entry, collection: string, onProgress?: (state: ProjectionState) => void): Promise<void> {
    const building = entry.building ?? this.runner(entry, collection, 'rebuilding', onProgress);
    entry.building = building;
    await building.start();
    await Promise.race([building.caughtUp, building.done]);
    if (building.status?.status === 'failed') {
      throw new Error(`Rebuild of ${entry.projection.name} failed: ${building.status.error?.message ?? 'unknown error'}`);
    }
    const old = entry.active;
    await building.setStatus('running');
    const retired = old && old.collection !== collection ? old.collection : null;
    // Recorded in the same write as the switch, so a crash before the drop leaves a note of what to drop.
    entry.pointer = await this.savePointer(entry, { active: collection, building: null, retired });
    entry.active = building;
    entry.building = undefined;
    this.publishReload(entry, building, 'rebuilt');
    await old?.stop();
    await this.dropRetired(entry);
  }

  private async dropRetired(entry: Entry): Promise<void> {
    const retired = entry.pointer.retired;
    if (!retired) return;
    await this.documents.dropCollection(retired);
    await this.documents.delete(STATE_COLLECTION, retired);
    entry.pointer = await this.savePointer(entry, { retired: null });
  }

  async pause(name: string): Promise<void> {
    const entry = this.leased(name);
    await entry.active?.stop();
    await entry.active?.setStatus('paused');
  }

  /** Resumes a paused or failed projection from its checkpoint (the failed event is retried, never skipped). */
  async resume(name: string): Promise<void> {
    const entry = this.leased(name);
    const collection = this.activeCollection(name);
    await entry.active?.stop();
    const runner = this.runner(entry, collection, 'running');
    await runner.setStatus('running');
    entry.active = runner;
    await runner.start();
  }

  /** Forgets a projection's documents and checkpoint and builds it again in place (reads see it fill up). */
  async reset(name: string): Promise<void> {
    const entry = this.leased(name);
    const collection = this.activeCollection(name);
    await entry.active?.stop();
    // State first: a crash between the two leaves documents without a checkpoint, which a runner rebuilds
    // over safely (their stamps say which events they hold); the other order would resume an empty
    // collection from an old checkpoint.
    await this.documents.delete(STATE_COLLECTION, collection);
    await this.documents.dropCollection(collection);
    entry.active = this.runner(entry, collection, 'running');
    this.replay(entry, entry.active, 'reset');
    await entry.active.start();
  }

  /** A runner that fills the serving collection from the start is heard of once, when it has caught up. */
  private replay(entry: Entry, runner: ProjectionRunner, reason: ProjectionReloaded['reason']): void {
    entry.replaying = runner;
    void runner.caughtUp.then(() => {
      if (entry.replaying !== runner) return;
      entry.replaying = undefined;
      this.publishReload(entry, runner, reason);
    });
  }

  private publishReload(entry: Entry, runner: ProjectionRunner, reason: ProjectionReloaded['reason']): void {
    if (!this.changeSubject.observed) return;
    this.changeSubject.next({
      kind: 'reload',
      projection: entry.projection.name,
      collection: runner.collection,
      reason,
      checkpoint: runner.status?.checkpoint ?? null,
      position: runner.status?.position ?? '0',
    });
  }

  async status(): Promise<ProjectionReport[]> {
    await this.ensureCollections();
    const head = await this.events.headPosition();
    const now = (this.options.clock?.() ?? new Date()).getTime();
    const reports: ProjectionReport[] = [];
    for (const entry of this.entries.values()) {
      // Where another process runs the projection (or none does), its stored state is the truth.
      const pointer = entry.active
        ? entry.pointer
        : ((await this.documents.get<Pointer>(POINTER_COLLECTION, entry.projection.name)) ?? entry.pointer);
      const state =
        entry.active?.status ??
        (pointer.active
          ? ((await this.documents.get<ProjectionState>(STATE_COLLECTION, pointer.active).catch(() => null)) ?? undefined)
          : undefined);
      const building = entry.building?.status;
      const position = BigInt(state?.position ?? '0');
      const lagEvents = head > position ? Number(head - position) : 0;
      reports.push({
        name: entry.projection.name,
        version: state?.version ?? entry.projection.version,
        collection: pointer.active,
        status: entry.standby
          ? 'standby'
          : building && state?.status === 'running'
            ? 'rebuilding'
            : (state?.status ?? 'not started'),
        checkpoint: state?.checkpoint ?? null,
        position: position.toString(),
        head: head.toString(),
        lagEvents,
        lagSeconds: lagEvents > 0 && state?.lastEventAt ? Math.max(0, (now - Date.parse(state.lastEventAt)) / 1000) : 0,
        eventsPerSecond: entry.rate.perSecond,
        processed: state?.processed ?? 0,
        error: state?.error ?? null,
        rebuilding:
          building && entry.building
            ? { collection: entry.building.collection, position: building.position, processed: building.processed }
            : null,
      });
    }
    return reports;
  }

  /** Names of the registered projections. */
  get names(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Read-your-writes: resolves true once the projection has passed the
   * checkpoint a command returned, false after `timeoutMs`.
   */
  async waitFor(name: string, checkpoint: Checkpoint, timeoutMs = 2000): Promise<boolean> {
    const entry = this.entry(name);
    const reached = () => {
      const current = entry.active?.status?.checkpoint;
      return current !== null && current !== undefined && compareCheckpoints(current, checkpoint) >= 0;
    };
    if (reached()) return true;
    return new Promise((resolve) => {
      const check = () => {
        if (!reached()) return;
        finish(true);
      };
      const finish = (result: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(result);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.waiters.add(check);
    });
  }

  private runner(
    entry: Entry,
    collection: string,
    runningStatus: 'running' | 'rebuilding',
    onProgress?: (state: ProjectionState) => void,
  ) {
    const runner: ProjectionRunner = new ProjectionRunner(this.events, this.documents, entry.projection, {
      collection,
      runningStatus,
      onStoreFailure: (error) => this.recover(entry, runner, error),
      ...(this.options.batchSize ? { batchSize: this.options.batchSize } : {}),
      ...(this.options.maxWriteEvents ? { maxWriteEvents: this.options.maxWriteEvents } : {}),
      ...(this.options.writeBehindEvents !== undefined ? { writeBehindEvents: this.options.writeBehindEvents } : {}),
      ...(this.options.clock ? { clock: this.options.clock } : {}),
      onBatch: (state, events, documents) => {
        if (runner === entry.active) entry.restarts = 0;
        if (collection === entry.pointer.active) this.measure(entry, state);
        onProgress?.(state);
        this.options.onBatch?.(entry.projection.name, state, events);
        // A generation being rebuilt serves nobody yet: its switch-over is announced once, as a reload.
        if (collection === entry.pointer.active && entry.replaying !== runner) this.publish(entry, collection, state, documents);
        for (const waiter of this.waiters) waiter();
      },
    });
    return runner;
  }

  /**
   * The serving runner stopped on a store failure (a dropped connection, a
   * restarted database): start a new one from its last committed checkpoint
   * after a growing pause (1 s doubling to 30 s), as long as this process
   * still holds the lease. A failing rebuild is reported to whoever asked for it.
   */
  private recover(entry: Entry, failed: ProjectionRunner, error: unknown): void {
    if (this.stopped || entry.active !== failed) return;
    if (error instanceof ConcurrencyConflict) {
      // Fenced: another process claimed the projection (this one lost its lease). Stand by like any other.
      void this.stopEntry(entry).then(() => (this.stopped ? undefined : this.startEntry(entry)));
      return;
    }
    const delay = Math.min(30_000, 1000 * 2 ** entry.restarts);
    entry.restarts++;
    const timer = setTimeout(() => {
      if (this.stopped || entry.active !== failed || !entry.lease) return;
      const runner = this.runner(entry, failed.collection, 'running');
      entry.active = runner;
      runner.start().catch((error: unknown) => this.recover(entry, runner, error));
    }, delay);
    timer.unref();
  }

  private publish(entry: Entry, collection: string, state: ProjectionState, documents: ReadonlyMap<string, unknown>): void {
    if (!this.changeSubject.observed || documents.size === 0 || state.checkpoint === null) return;
    const written: string[] = [];
    const deleted: string[] = [];
    for (const [id, document] of documents) (document === null ? deleted : written).push(id);
    this.changeSubject.next({
      kind: 'documents',
      projection: entry.projection.name,
      collection,
      checkpoint: state.checkpoint,
      position: state.position,
      written,
      deleted,
    });
  }

  private measure(entry: Entry, state: ProjectionState): void {
    const now = Date.now();
    const seconds = (now - entry.rate.at) / 1000;
    if (seconds < 1) return;
    entry.rate = {
      at: now,
      processed: state.processed,
      perSecond: Math.round((state.processed - entry.rate.processed) / seconds),
    };
  }

  private nextCollection(entry: Entry): string {
    return `${entry.projection.name}_g${entry.pointer.generation + 1}`;
  }

  private async savePointer(entry: Entry, change: Partial<Pointer>): Promise<Pointer> {
    const pointer: Pointer = { ...entry.pointer, ...change };
    await this.documents.upsert(POINTER_COLLECTION, entry.projection.name, pointer);
    return pointer;
  }

  /** Commands that change a projection run only where it runs. */
  private leased(name: string): Entry {
    const entry = this.entry(name);
    if (!entry.lease) {
      throw new IllegalState('projection.runs_elsewhere', `Projection ${name} runs in another process; send the command there`);
    }
    return entry;
  }

  private entry(name: string): Entry {
    const entry = this.entries.get(name);
    if (!entry) throw new NotFound('projection.not_found', `No projection named ${name}`);
    return entry;
  }
}
