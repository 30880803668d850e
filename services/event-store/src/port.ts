import type { AppendOptions, AppendResult, Checkpoint, NewEvent, RecordedEvent } from '@buyloop/kit';

export type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  EventMetadata,
  ExpectedVersion,
  NewEvent,
  RecordedEvent,
} from '@buyloop/kit';

/**
 * The event store port. Everything above this file (command handler,
 * projector, ops tools) talks to this interface only; each engine is an
 * adapter that passes the same contract suite (contract.ts).
 */

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Stream version to start at, inclusive; defaults to the first (forwards) or last (backwards) event. */
  readonly from?: bigint;
  readonly limit?: number;
}

export interface ReadAllOptions {
  /** Global position to start after (exclusive); defaults to the beginning of the log. */
  readonly after?: bigint;
  readonly limit?: number;
}

export interface SubscribeOptions {
  /** 'start' replays the whole log, 'end' delivers only what is committed from now on. */
  readonly from?: Checkpoint | 'start' | 'end';
  /** Events fetched per round trip while catching up. */
  readonly batchSize?: number;
  /** Called once, the first time the subscription has delivered everything committed so far. */
  readonly onLive?: () => void;
}

/** A catch-up subscription: replays from its checkpoint, then stays live. Iterate it once, by events or by pages. */
export interface EventSubscription extends AsyncIterable<RecordedEvent> {
  /**
   * The same events as the subscription's iterator, in the pages the engine
   * reads (at most `batchSize` events, never empty), for engines that read in
   * pages. A page shorter than `batchSize` reached the end of what was
   * deliverable: `onLive` fires after the consumer has taken it. Consumers
   * that write in batches (the projector) take whole pages instead of
   * regrouping single events.
   */
  pages?(): AsyncIterable<readonly RecordedEvent[]>;
  /** Stops the subscription; a pending iteration ends without an error. */
  close(): Promise<void>;
}

export interface EventStore {
  /** Name of the engine, as shown in tests, benchmarks and ops output. */
  readonly engine: string;
  append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** A plain read of committed events in global-position order (audits, tails). Subscriptions are the gap-free way to follow the log. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Global position of the newest committed event, 0 when the log is empty. */
  headPosition(): Promise<bigint>;
  subscribe(options?: SubscribeOptions): EventSubscription;
  close(): Promise<void>;
}
