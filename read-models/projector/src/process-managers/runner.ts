import { randomUUID } from 'node:crypto';
import type { Document, DocumentStore, Filter, Lease, WriteOperation } from '@buyloop/document-store';
import type { EventStore, EventSubscription } from '@buyloop/event-store';
import {
  backoffDelay,
  ConcurrencyConflict,
  DEFAULT_OUTBOX_RETRY,
  type Deliverer,
  type OutboxEntry,
  type ProcessManager,
  type RecordedEvent,
  type OutboxRetryPolicy,
  type WorkItem,
} from '@buyloop/kit';
import { DocumentOutbox } from './outbox';
import { assertProcessManager, type ProcessManagerState } from './storage';

/*
 * Runs one process manager. It follows the event log with a checkpoint of
 * its own (so rebuilding or replaying read models never repeats its work),
 * turns the events it handles into outbox entries keyed by the work's
 * deterministic id, written in the same transaction as the checkpoint (so a
 * crash between reading and delivering loses nothing, and an event read
 * again queues nothing twice), and a delivery loop hands due entries to the
 * deliverer, retrying failures with exponential back-off until the policy's
 * attempts are spent.
 *
 * Exactly once everywhere but one corner: a process that dies after the
 * deliverer did the work and before the outcome was recorded does it again
 * on the next start. Deliverers that can, make that harmless (an append with
 * the work's id as the event id is idempotent).
 *
 * One runner is active per manager across processes: it holds the manager's
 * lease and stamps the checkpoint document with a fence of its own, so a
 * runner that lost the lease cannot commit a write it still had in flight.
 */

export interface ProcessManagerRunnerOptions<Payload> {
  readonly events: EventStore;
  readonly documents: DocumentStore;
  readonly manager: ProcessManager<Payload>;
  readonly deliverer: Deliverer<Payload>;
  /** The outbox the module's routes read; one is made when none is given. */
  readonly outbox?: DocumentOutbox<Payload>;
  readonly clock?: () => Date;
  readonly retry?: Partial<OutboxRetryPolicy>;
  /** Store, reaction and delivery failures: the runner keeps going, the caller logs. */
  readonly onError?: (error: unknown) => void;
  /** How often a runner on standby tries to take over from the process holding the lease (5 s). */
  readonly standbyRetryMs?: number;
}

export type ProcessManagerRole = 'stopped' | 'standby' | 'running';

const BATCH_SIZE = 200;
/** Pages that ask for no work move the stored checkpoint lazily: reading them again after a crash costs nothing. */
const CHECKPOINT_EVERY_EVENTS = 1000;
const CHECKPOINT_EVERY_MS = 10_000;
const DUE_PAGE = 25;
/** The delivery loop also looks on its own this often, for entries made due elsewhere (a retry in another process). */
const IDLE_RECHECK_MS = 30_000;
const MIN_IDLE_MS = 10;
/** How long a loop waits after its store failed `n` times in a row. */
const STORE_BACKOFF = { baseDelayMs: 1_000, maxDelayMs: 30_000 };

type StoredEntry = OutboxEntry & Document;

/** One tenure of the lease: everything the runner does while it holds it, ended as a whole. */
class Tenure {
  ended = false;
  subscription: EventSubscription | undefined;
  following: Promise<void> = Promise.resolve();
  delivering: Promise<void> = Promise.resolve();
  /** Set when something asked the delivery loop to look again while it was busy. */
  requested = false;
  /** The checkpoint of the last event taken, and how many taken events it is ahead of the stored one. */
  unsaved: { checkpoint: string; position: string; events: number } | undefined;
  savedAt = Date.now();
  private readonly idleWakers = new Set<() => void>();
  private resolveEnd: () => void = () => undefined;
  readonly endedSignal = new Promise<void>((resolve) => (this.resolveEnd = resolve));

  constructor(
    readonly lease: Lease,
    readonly fence: string,
  ) {}

  wake(): void {
    this.requested = true;
    for (const waker of [...this.idleWakers]) waker();
  }

  end(): void {
    this.ended = true;
    this.resolveEnd();
    this.wake();
  }

  /** Resolves after `ms`, on wake() or when the tenure ends. */
  idle(ms: number): Promise<void> {
    if (this.ended || this.requested) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.idleWakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.idleWakers.add(done);
    });
  }
}

export class ProcessManagerRunner<Payload = unknown> {
  readonly outbox: DocumentOutbox<Payload>;
  private readonly clock: () => Date;
  private readonly retryPolicy: OutboxRetryPolicy;
  private readonly standbyRetryMs: number;
  private readonly handles: ReadonlySet<string>;
  private stopping = true;
  private starting: Promise<void> | undefined;
  private tenure: Tenure | undefined;
  private standbyTimer: ReturnType<typeof setTimeout> | undefined;
  /** A takeover the standby timer began; stop() waits for it, so no tenure starts behind its back. */
  private takingOver: Promise<void> | undefined;
  private stopListeningForRetries: (() => void) | undefined;

  constructor(private readonly options: ProcessManagerRunnerOptions<Payload>) {
    assertProcessManager(options.manager);
    this.clock = options.clock ?? (() => new Date());
    this.outbox = options.outbox ?? new DocumentOutbox<Payload>(options.documents, options.manager.name, this.clock);
    if (this.outbox.name !== options.manager.name)
      throw new Error(`The outbox of ${this.outbox.name} cannot serve process manager ${options.manager.name}`);
    const retry = options.retry ?? {};
    this.retryPolicy = {
      baseDelayMs: retry.baseDelayMs ?? DEFAULT_OUTBOX_RETRY.baseDelayMs,
      maxDelayMs: retry.maxDelayMs ?? DEFAULT_OUTBOX_RETRY.maxDelayMs,
      maxAttempts: retry.maxAttempts ?? DEFAULT_OUTBOX_RETRY.maxAttempts,
    };
    const { baseDelayMs, maxDelayMs, maxAttempts } = this.retryPolicy;
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) throw new RangeError('retry needs 0 ≤ baseDelayMs ≤ maxDelayMs');
    if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1)
      throw new RangeError('retry.maxAttempts must be a positive integer');
    this.standbyRetryMs = options.standbyRetryMs ?? 5_000;
    this.handles = new Set(options.manager.handles);
  }

  get name(): string {
    return this.options.manager.name;
  }

  /** 'standby' while another process holds the lease; this one takes over when that one goes away. */
  get role(): ProcessManagerRole {
    if (this.stopping) return 'stopped';
    return this.tenure ? 'running' : 'standby';
  }

  /** Resolves once the runner runs, or stands by because another process does. */
  start(): Promise<void> {
    if (!this.stopping) return this.starting ?? Promise.resolve();
    this.stopping = false;
    this.starting = (async () => {
      try {
        await this.outbox.ensureCollections();
      } catch (error) {
        // Nothing runs yet: leave the runner stopped, so a later start() tries again.
        this.stopping = true;
        throw error;
      }
      this.stopListeningForRetries = this.outbox.onRetry(() => this.tenure?.wake());
      await this.takeOver();
    })();
    return this.starting;
  }

  /** Ends the subscription and the delivery loop after the step in progress, and releases the lease. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    this.stopListeningForRetries?.();
    this.stopListeningForRetries = undefined;
    if (this.standbyTimer) clearTimeout(this.standbyTimer);
    this.standbyTimer = undefined;
    await this.takingOver;
    const tenure = this.tenure;
    if (tenure) await this.endTenure(tenure);
  }

  // --- lease -------------------------------------------------------------

  private async takeOver(): Promise<void> {
    this.standbyTimer = undefined;
    if (this.stopping || this.tenure) return;
    let lease: Lease | null = null;
    try {
      lease = await this.options.documents.tryLease(this.outbox.storage.lease);
      if (lease && !this.stopping) {
        const tenure = new Tenure(lease, randomUUID());
        await this.claim(tenure);
        if (this.stopping) {
          await lease.release();
          return;
        }
        this.tenure = tenure;
        void lease.lost.then(() => this.relinquish(tenure));
        tenure.following = this.follow(tenure);
        tenure.delivering = this.deliverLoop(tenure);
        return;
      }
    } catch (error) {
      this.report(error);
    }
    await lease?.release().catch((error: unknown) => this.report(error));
    this.standBy();
  }

  private standBy(): void {
    if (this.stopping || this.standbyTimer) return;
    this.standbyTimer = setTimeout(() => {
      this.takingOver = this.takeOver().finally(() => (this.takingOver = undefined));
    }, this.standbyRetryMs);
    this.standbyTimer.unref?.();
  }

  /**
   * Stamps the state document with this tenure's fence: a process that lost
   * the lease and still has a write in flight can no longer commit it.
   */
  private async claim(tenure: Tenure): Promise<void> {
    const { stateCollection, stateId } = this.outbox.storage;
    const stored = await this.options.documents.get<ProcessManagerState>(stateCollection, stateId);
    const state: ProcessManagerState = stored ?? { checkpoint: null, position: '0', updated_at: this.now() };
    await this.options.documents.write([
      { type: 'upsert', collection: stateCollection, id: stateId, document: state, stamp: tenure.fence },
    ]);
  }

  /** The lease is gone or another process took over: stop working for it and queue up again. */
  private async relinquish(tenure: Tenure): Promise<void> {
    if (this.tenure !== tenure) return;
    await this.endTenure(tenure);
    this.standBy();
  }

  private async endTenure(tenure: Tenure): Promise<void> {
    if (this.tenure === tenure) this.tenure = undefined;
    if (!tenure.ended) {
      tenure.end();
      await tenure.subscription?.close().catch((error: unknown) => this.report(error));
    }
    await Promise.all([tenure.following, tenure.delivering]);
    await tenure.lease.release().catch((error: unknown) => this.report(error));
  }

  private fenced(tenure: Tenure): { expectStamp: { collection: string; id: string; stamp: string } } {
    const { stateCollection, stateId } = this.outbox.storage;
    return { expectStamp: { collection: stateCollection, id: stateId, stamp: tenure.fence } };
  }

  // --- following the log ---------------------------------------------------

  /** Follows the log until the tenure ends; a failure restarts it from the stored checkpoint after a back-off. */
  private async follow(tenure: Tenure): Promise<void> {
    let failures = 0;
    while (!tenure.ended) {
      try {
        await this.followOnce(tenure, () => (failures = 0));
        if (!tenure.ended) throw new Error('The event subscription ended on its own');
      } catch (error) {
        failures += 1;
        const delay = this.afterStoreFailure(tenure, error, failures);
        if (delay === null) return;
        await Promise.race([tenure.endedSignal, new Promise((resolve) => setTimeout(resolve, delay).unref?.())]);
      }
    }
  }

  private async followOnce(tenure: Tenure, onProgress: () => void): Promise<void> {
    const { stateCollection, stateId } = this.outbox.storage;
    const state = await this.options.documents.get<ProcessManagerState>(stateCollection, stateId);
    tenure.unsaved = undefined;
    const subscription = this.options.events.subscribe({
      from: state?.checkpoint ?? this.options.manager.firstStart ?? 'start',
      batchSize: BATCH_SIZE,
    });
    tenure.subscription = subscription;
    if (tenure.ended) {
      await subscription.close();
      return;
    }
    try {
      for await (const page of subscription.pages ? subscription.pages() : singlePages(subscription)) {
        await this.take(tenure, page);
        onProgress();
        if (tenure.ended) break;
      }
      // Leaving cleanly: keep what was passed over, so the next start does not read it again.
      if (tenure.unsaved) await this.write(tenure, []);
    } finally {
      await subscription.close();
    }
  }

  private async take(tenure: Tenure, page: readonly RecordedEvent[]): Promise<void> {
    const last = page[page.length - 1];
    if (!last) return;
    const previous = tenure.unsaved;
    const work = await this.react(page.filter((event) => this.handles.has(event.type)));
    tenure.unsaved = {
      checkpoint: last.checkpoint,
      position: last.globalPosition.toString(),
      events: (previous?.events ?? 0) + page.length,
    };
    if (work.length === 0) {
      if (tenure.unsaved.events >= CHECKPOINT_EVERY_EVENTS || Date.now() - tenure.savedAt >= CHECKPOINT_EVERY_MS)
        await this.write(tenure, []);
      return;
    }
    // An event read again (a lost checkpoint, an engine without atomic batches) finds its work queued and leaves it be.
    const queued = await this.options.documents.getMany(
      this.outbox.storage.outboxCollection,
      work.map(({ item }) => item.id),
    );
    const entries = work.filter(({ item }) => !queued.has(item.id)).map(({ item, event }) => this.entryFor(item, event));
    await this.write(tenure, entries);
    if (entries.length > 0) tenure.wake();
  }

  /** The work a page asks for, each id once: the first event to ask for it is the one the entry names. */
  private async react(events: readonly RecordedEvent[]): Promise<Array<{ item: WorkItem<Payload>; event: RecordedEvent }>> {
    if (events.length === 0) return [];
    const streams = new Map<string, Promise<readonly RecordedEvent[]>>();
    const context = {
      readStream: (stream: string): Promise<readonly RecordedEvent[]> => {
        let history = streams.get(stream);
        if (!history) {
          history = this.options.events.readStream(stream);
          streams.set(stream, history);
        }
        return history;
      },
    };
    const seen = new Set<string>();
    const work: Array<{ item: WorkItem<Payload>; event: RecordedEvent }> = [];
    for (const event of events)
      for (const item of await this.options.manager.react(event, context)) {
        if (typeof item.id !== 'string' || item.id.length === 0)
          throw new Error(`Process manager ${this.name} asked for work without an id (event ${event.id})`);
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        work.push({ item, event });
      }
    return work;
  }

  private entryFor(item: WorkItem<Payload>, event: RecordedEvent): OutboxEntry<Payload> {
    const now = this.now();
    return {
      id: item.id,
      payload: item.payload,
      event_id: event.id,
      event_type: event.type,
      stream: event.stream,
      position: Number(event.globalPosition),
      created_at: event.recordedAt.toISOString(),
      enqueued_at: now,
      status: 'pending',
      attempts: 0,
      round_attempts: 0,
      next_attempt_at: now,
      last_attempt_at: null,
      last_error: null,
      delivered_at: null,
      reference: null,
      dropped_reason: null,
    };
  }

  /** Queues the entries and stores the checkpoint of the last event taken, in one fenced write. */
  private async write(tenure: Tenure, entries: readonly OutboxEntry<Payload>[]): Promise<void> {
    const unsaved = tenure.unsaved;
    if (!unsaved) return;
    const { stateCollection, stateId, outboxCollection } = this.outbox.storage;
    const state: ProcessManagerState = { checkpoint: unsaved.checkpoint, position: unsaved.position, updated_at: this.now() };
    const operations: WriteOperation[] = [
      ...entries.map((entry): WriteOperation => ({
        type: 'upsert',
        collection: outboxCollection,
        id: entry.id,
        document: entry as StoredEntry,
      })),
      { type: 'upsert', collection: stateCollection, id: stateId, document: state, stamp: tenure.fence },
    ];
    await this.options.documents.write(operations, this.fenced(tenure));
    if (tenure.unsaved === unsaved) tenure.unsaved = undefined;
    tenure.savedAt = Date.now();
  }

  // --- delivering ----------------------------------------------------------

  private async deliverLoop(tenure: Tenure): Promise<void> {
    let failures = 0;
    while (!tenure.ended) {
      tenure.requested = false;
      let wait: number;
      try {
        const { delivered, nextDue } = await this.deliverDue(tenure);
        failures = 0;
        wait = nextDue === null ? IDLE_RECHECK_MS : Math.min(IDLE_RECHECK_MS, nextDue - this.clock().getTime());
        // An injected clock that runs slow (or stands still in a test) must not turn the wait into a busy loop.
        if (delivered === 0) wait = Math.max(wait, MIN_IDLE_MS);
      } catch (error) {
        failures += 1;
        const delay = this.afterStoreFailure(tenure, error, failures);
        if (delay === null) return;
        wait = delay;
      }
      await tenure.idle(wait);
    }
  }

  /** Carries out a page of due entries; answers how many it took and when the next pending one is due (epoch ms, null: none). */
  private async deliverDue(tenure: Tenure): Promise<{ delivered: number; nextDue: number | null }> {
    const { documents } = this.options;
    const collection = this.outbox.storage.outboxCollection;
    const pending: Filter = { field: 'status', op: 'equals', value: 'pending' };
    const due = await documents.find<StoredEntry>(collection, {
      filters: [pending, { field: 'next_attempt_at', op: 'range', lte: this.now() }],
      sort: [
        { field: 'next_attempt_at', direction: 'asc' },
        { field: 'position', direction: 'asc' },
      ],
      limit: DUE_PAGE,
    });
    for (const { document } of due.items) {
      if (tenure.ended) return { delivered: 0, nextDue: null };
      await this.deliver(tenure, document as OutboxEntry<Payload>);
    }
    const next = await documents.find<StoredEntry>(collection, {
      filters: [pending],
      sort: [{ field: 'next_attempt_at', direction: 'asc' }],
      limit: 1,
    });
    const at = next.items[0]?.document.next_attempt_at;
    return { delivered: due.items.length, nextDue: at ? Date.parse(at) : null };
  }

  private async deliver(tenure: Tenure, entry: OutboxEntry<Payload>): Promise<void> {
    let outcome;
    try {
      outcome = await this.options.deliverer.deliver(entry);
    } catch (error) {
      return this.failed(tenure, entry, error);
    }
    if (outcome.outcome === 'dropped') {
      // Not an attempt: nothing was tried, and nothing ever will be.
      return this.record(tenure, { ...entry, status: 'dropped', dropped_reason: outcome.reason, next_attempt_at: null });
    }
    const now = this.now();
    await this.record(tenure, {
      ...entry,
      status: 'delivered',
      attempts: entry.attempts + 1,
      round_attempts: entry.round_attempts + 1,
      last_attempt_at: now,
      next_attempt_at: null,
      delivered_at: now,
      reference: outcome.reference,
    });
  }

  private failed(tenure: Tenure, entry: OutboxEntry<Payload>, error: unknown): Promise<void> {
    this.report(error);
    const now = this.clock();
    const round = entry.round_attempts + 1;
    const givenUp = round >= this.retryPolicy.maxAttempts;
    return this.record(tenure, {
      ...entry,
      status: givenUp ? 'failed' : 'pending',
      attempts: entry.attempts + 1,
      round_attempts: round,
      last_attempt_at: now.toISOString(),
      last_error: error instanceof Error ? error.message : String(error),
      next_attempt_at: givenUp ? null : new Date(now.getTime() + backoffDelay(round, this.retryPolicy)).toISOString(),
    });
  }

  private async record(tenure: Tenure, entry: OutboxEntry<Payload>): Promise<void> {
    await this.options.documents.write(
      [{ type: 'upsert', collection: this.outbox.storage.outboxCollection, id: entry.id, document: entry as StoredEntry }],
      this.fenced(tenure),
    );
    this.outbox.recorded();
  }

  private now(): string {
    return this.clock().toISOString();
  }

  /**
   * What both loops do when the store fails them: a lost lease (a fenced
   * write refused) hands the work to the runner that holds it now, answered
   * null; anything else is reported and waited out with a growing back-off.
   */
  private afterStoreFailure(tenure: Tenure, error: unknown, failures: number): number | null {
    if (tenure.ended) return null;
    if (error instanceof ConcurrencyConflict) {
      void this.relinquish(tenure);
      return null;
    }
    this.report(error);
    return backoffDelay(failures, STORE_BACKOFF);
  }

  private report(error: unknown): void {
    try {
      this.options.onError?.(error);
    } catch {
      // A failing logger must not stop the work.
    }
  }
}

async function* singlePages(subscription: AsyncIterable<RecordedEvent>): AsyncGenerator<readonly RecordedEvent[]> {
  for await (const event of subscription) yield [event];
}
