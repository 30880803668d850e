import type { EventStore, EventSubscription } from '@buyloop/event-store';
import type { Logger, Market, RecordedEvent } from '@buyloop/kit';
import { CatalogueIndex, isCacheEvent, keysFor, readSideOf, type ReadSide } from './keys';
import type { PageCacheStore } from './store';

export interface PurgerOptions {
  readonly events: EventStore;
  readonly store: PageCacheStore;
  readonly market: Market;
  readonly logger: Logger;
  /**
   * The read models pages and catalogue answers are rendered from, by the
   * part of the catalogue an event changes. A key is purged only once they
   * have folded the event: purged earlier, the next request would render the
   * old price again and cache it anew. Projections this process does not run
   * are left out.
   */
  readonly renderedFrom: Readonly<Partial<Record<ReadSide, readonly string[]>>>;
  waitFor(projection: string, checkpoint: string, timeoutMs: number): Promise<unknown>;
  /** How long a purge waits for a read model before it purges anyway (it never holds a key back for good). */
  readonly waitMs?: number;
  /** Soft purges (the default): each purged page is served stale only while one request renders it anew. */
  readonly soft?: boolean;
}

/**
 * Follows the event log and purges exactly the keys each catalogue event
 * touches. It reads the log from the start: the mapping must know each
 * master's variants (a master's new text changes every variant's page);
 * purging starts once it has caught up, with nothing stored before then.
 */
export class CachePurger {
  private subscription: EventSubscription | null = null;
  private running: Promise<void> | null = null;
  private live = false;
  private readonly index = new CatalogueIndex();
  private readonly absent = new Set<string>();
  /** Purges done since start (for tests and the log). */
  purges = 0;

  constructor(private readonly options: PurgerOptions) {}

  /** Whether it has read the log up to now (it purges from then on). */
  get isLive(): boolean {
    return this.live;
  }

  start(): void {
    if (this.running) return;
    const subscription = this.options.events.subscribe({
      from: 'start',
      batchSize: 500,
      onLive: () => {
        this.live = true;
        // Answers stored while it was catching up were not watched: they go, once.
        this.options.store.purgeAll(false);
      },
    });
    this.subscription = subscription;
    this.running = (async () => {
      const pages = subscription.pages ? subscription.pages() : singles(subscription);
      for await (const page of pages) await this.apply(page);
    })().catch((error: unknown) => {
      this.options.logger.error('The page cache purger stopped; purging everything it may have missed', { error });
      this.options.store.purgeAll(false);
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.running;
    this.subscription = null;
    this.running = null;
  }

  private async apply(page: readonly RecordedEvent[]): Promise<void> {
    const keys = new Set<string>();
    const sides = new Set<ReadSide>();
    let last: RecordedEvent | undefined;
    for (const event of page) {
      if (!isCacheEvent(event)) continue;
      this.index.learn(event);
      if (!this.live) continue;
      const touched = keysFor(event, { market: this.options.market, stream: event.stream, index: this.index });
      for (const key of touched) keys.add(key);
      if (touched.length === 0) continue;
      last = event;
      sides.add(readSideOf(event));
    }
    if (!last || keys.size === 0) return;
    await this.renderedAfter(last.checkpoint, [...new Set([...sides].flatMap((side) => this.options.renderedFrom[side] ?? []))]);
    this.options.store.purgeKeys([...keys], this.options.soft ?? true);
    this.purges++;
  }

  /** Waits until every read model pages are rendered from has folded the event at `checkpoint`. */
  private async renderedAfter(checkpoint: string, projections: readonly string[]): Promise<void> {
    const waitMs = this.options.waitMs ?? 5_000;
    await Promise.all(
      projections
        .filter((projection) => !this.absent.has(projection))
        .map(async (projection) => {
          try {
            const reached = await this.options.waitFor(projection, checkpoint, waitMs);
            if (reached === false)
              this.options.logger.warn('A read model did not reach an event within the wait; purging anyway', { projection });
          } catch {
            // Not run by this process (a version without it, or a test without the catalogue): nothing to wait for.
            this.absent.add(projection);
          }
        }),
    );
  }
}

async function* singles(subscription: EventSubscription): AsyncIterable<readonly RecordedEvent[]> {
  for await (const event of subscription) yield [event];
}
