import type { Document, DocumentStore, Filter } from '@buyloop/document-store';
import type { OutboxEntry, OutboxPage, OutboxQuery, OutboxRetry, ProcessManagerOutbox } from '@buyloop/kit';
import { outboxDefinition, processManagerStorage, STATE_DEFINITION, type ProcessManagerStorage } from './storage';

/** How often `settled` looks at the store when the delivery happens in another process. */
const SETTLE_POLL_MS = 200;

type StoredEntry = OutboxEntry & Document;

/**
 * A process manager's outbox in the document store. The runner writes to it;
 * the back office reads and retries through it. One instance per manager and
 * process, shared by the runner and the module's routes, so a route waiting
 * for an outcome hears of one recorded here at once instead of polling.
 */
export class DocumentOutbox<Payload = unknown> implements ProcessManagerOutbox<Payload> {
  readonly storage: ProcessManagerStorage;
  private ready: Promise<void> | undefined;
  /** Counts outcomes recorded by this process, so a waiter need not poll for them. */
  private outcomes = 0;
  private readonly outcomeListeners = new Set<() => void>();
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly documents: DocumentStore,
    readonly name: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.storage = processManagerStorage(name);
  }

  /** Creates the outbox and state collections if missing (once per instance, again after a failure). */
  ensureCollections(): Promise<void> {
    this.ready ??= (async () => {
      await this.documents.ensureCollection(outboxDefinition(this.storage.outboxCollection));
      await this.documents.ensureCollection(STATE_DEFINITION);
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async get(id: string): Promise<OutboxEntry<Payload> | null> {
    await this.ensureCollections();
    return (await this.documents.get<StoredEntry>(this.storage.outboxCollection, id)) as OutboxEntry<Payload> | null;
  }

  async list(query: OutboxQuery = {}): Promise<OutboxPage<Payload>> {
    await this.ensureCollections();
    const filters: Filter[] = query.status ? [{ field: 'status', op: 'equals', value: query.status }] : [];
    const page = await this.documents.find<StoredEntry>(this.storage.outboxCollection, {
      filters,
      sort: [
        { field: 'created_at', direction: 'desc' },
        { field: 'position', direction: 'desc' },
      ],
      limit: query.limit ?? 50,
      offset: query.offset ?? 0,
    });
    return { items: page.items.map(({ document }) => document as OutboxEntry<Payload>), total: page.total };
  }

  async retry(id: string): Promise<OutboxRetry<Payload>> {
    const entry = await this.get(id);
    if (!entry || entry.status !== 'failed') return { retried: false, entry };
    const queued: OutboxEntry<Payload> = {
      ...entry,
      status: 'pending',
      round_attempts: 0,
      next_attempt_at: this.clock().toISOString(),
    };
    // No fence: the runner never writes a failed entry, so nothing races this write.
    await this.documents.upsert(this.storage.outboxCollection, id, queued as StoredEntry);
    for (const wake of [...this.wakers]) wake();
    return { retried: true, entry: queued };
  }

  async settled(id: string, timeoutMs: number): Promise<OutboxEntry<Payload> | null> {
    const deadline = Date.now() + Math.max(0, timeoutMs);
    for (;;) {
      const seen = this.outcomes;
      const entry = await this.get(id);
      if (entry && (entry.status !== 'pending' || entry.attempts > 0)) return entry;
      const left = deadline - Date.now();
      if (left <= 0) return entry;
      if (this.outcomes === seen) await this.nextOutcome(Math.min(left, SETTLE_POLL_MS));
    }
  }

  /** The runner tells of each outcome it recorded. */
  recorded(): void {
    this.outcomes += 1;
    for (const listener of [...this.outcomeListeners]) listener();
  }

  /** The runner asks to hear of entries queued again by hand, so it need not wait for its next look. */
  onRetry(wake: () => void): () => void {
    this.wakers.add(wake);
    return () => this.wakers.delete(wake);
  }

  private nextOutcome(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.outcomeListeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.outcomeListeners.add(done);
    });
  }
}
