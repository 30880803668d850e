import type { RecordedEvent } from './event';

/*
 * A process manager turns events into work done outside the event log:
 * sending an e-mail today, appending a command to another context's stream
 * tomorrow. The definition here is what a context writes, and it is free of
 * I/O; the runner (read-models/projector, `ProcessManagerRunner`) follows
 * the log from the manager's own checkpoint, stores the work in an outbox
 * before anything is carried out, and hands each item to the deliverer with
 * retries. Nothing a projection does (a rebuild, a reset) ever reaches it.
 */

/** One piece of work a reaction asks for. */
export interface WorkItem<Payload> {
  /**
   * Deterministic: derived from the event (its id) or from a business key,
   * never random. The outbox keeps one entry per id, so an event read twice
   * (a lost checkpoint) or two events asking for the same thing queue it once.
   */
  readonly id: string;
  /** Plain JSON: everything the deliverer needs, kept in the outbox until the work is done. */
  readonly payload: Payload;
}

/** What a reaction may look at besides its event. */
export interface ReactionContext {
  /** A stream's events as stored now (read once per page of the log), for events that do not carry what the work needs. */
  readStream(stream: string): Promise<readonly RecordedEvent[]>;
}

export interface ProcessManager<Payload = unknown> {
  /** Short, stable, lower-case with dashes (`buyback-notifier`): it names the lease, the checkpoint and the outbox. */
  readonly name: string;
  /** Event types the runner hands to react; every other event only moves the checkpoint. */
  readonly handles: readonly string[];
  /**
   * Where the very first run reads the log from. 'start' (the default) reacts
   * to the whole history; 'end' suits introducing a manager to a shop whose
   * history must not cause work (customers already told, orders already picked).
   */
  readonly firstStart?: 'start' | 'end';
  /**
   * The work an event asks for; none is an empty list. Method syntax keeps
   * the payload type bivariant, so a module may list managers of different
   * payloads together. A reaction that throws is retried with the page it
   * came in: the checkpoint never passes an event whose work was not stored.
   */
  react(event: RecordedEvent, context: ReactionContext): Promise<readonly WorkItem<Payload>[]> | readonly WorkItem<Payload>[];
}

export type OutboxStatus = 'pending' | 'delivered' | 'failed' | 'dropped';
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['pending', 'delivered', 'failed', 'dropped'];

/** A work item in the outbox, with what became of it. Dates are ISO strings. */
export interface OutboxEntry<Payload = unknown> {
  readonly id: string;
  readonly payload: Payload;
  /** The event that asked for it. */
  readonly event_id: string;
  readonly event_type: string;
  readonly stream: string;
  /** The event's global position, to order work of one instant. */
  readonly position: number;
  /** When the event was recorded. */
  readonly created_at: string;
  readonly enqueued_at: string;
  readonly status: OutboxStatus;
  /** Every attempt, those after a retry by hand included. */
  readonly attempts: number;
  /** Attempts since it was queued or last retried by hand: the back-off and the limit count these. */
  readonly round_attempts: number;
  /** When the runner takes it next; null once it is no longer pending. */
  readonly next_attempt_at: string | null;
  readonly last_attempt_at: string | null;
  readonly last_error: string | null;
  readonly delivered_at: string | null;
  /** What the deliverer answered for it (an SMTP message id, an appended event's position). */
  readonly reference: string | null;
  /** Why it was given up without being carried out. */
  readonly dropped_reason: string | null;
}

export type DeliveryOutcome =
  | { readonly outcome: 'delivered'; readonly reference: string | null }
  /** Nothing to do and never will be (the recipient's personal data was erased): given up at once, no retry. */
  | { readonly outcome: 'dropped'; readonly reason: string };

/** Carries out one work item: injected where the manager runs, since it does the I/O. */
export interface Deliverer<Payload = unknown> {
  /** Throwing is a failed attempt: retried after a back-off, marked failed after the policy's attempts. */
  deliver(entry: OutboxEntry<Payload>): Promise<DeliveryOutcome>;
}

export interface OutboxRetryPolicy {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** Attempts in one round before the entry is marked failed (a retry by hand starts a new round). */
  readonly maxAttempts: number;
}

export const DEFAULT_OUTBOX_RETRY: OutboxRetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 30 * 60_000, maxAttempts: 20 };

/** The wait after the `failures`-th failed attempt in a row: base, 2 × base, 4 × base, … up to the cap. */
export function backoffDelay(failures: number, policy: Pick<OutboxRetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  const exponent = Math.max(0, failures - 1);
  // 2^exponent overflows to Infinity long after the cap is reached; min() keeps it finite.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
}

export interface OutboxQuery {
  readonly status?: OutboxStatus;
  /** 50 unless told; at most 1000. */
  readonly limit?: number;
  readonly offset?: number;
}

export interface OutboxPage<Payload = unknown> {
  /** Newest event first. */
  readonly items: readonly OutboxEntry<Payload>[];
  readonly total: number;
}

/** retried: false with no entry is an unknown id; with an entry, one that had not failed (its status says what it is). */
export type OutboxRetry<Payload = unknown> =
  | { readonly retried: true; readonly entry: OutboxEntry<Payload> }
  | { readonly retried: false; readonly entry: OutboxEntry<Payload> | null };

/** A process manager's outbox as the back office and the routes see it. */
export interface ProcessManagerOutbox<Payload = unknown> {
  readonly name: string;
  get(id: string): Promise<OutboxEntry<Payload> | null>;
  list(query?: OutboxQuery): Promise<OutboxPage<Payload>>;
  /**
   * Queues a failed entry again for a full round of attempts. Only failed
   * ones: a pending one is queued already, a delivered one would be done
   * twice, a dropped one has nothing to be done.
   */
  retry(id: string): Promise<OutboxRetry<Payload>>;
  /**
   * Waits up to `timeoutMs` for the entry's first outcome (delivered, dropped,
   * failed, or a failed attempt that is being retried) and answers the entry
   * as it then stands: still pending with no attempt when time ran out, null
   * when it is not queued.
   */
  settled(id: string, timeoutMs: number): Promise<OutboxEntry<Payload> | null>;
}
