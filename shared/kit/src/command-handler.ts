import type { Actor } from './actor';
import { fold, type Decider, type DomainEvent } from './decider';
import { ConcurrencyConflict } from './errors';
import type { AppendOptions, AppendResult, Checkpoint, NewEvent, RecordedEvent } from './event';
import type { Market } from './market';

/**
 * The generic command handler (DESIGN.md section 3): read the stream, fold
 * it, decide, append with the version that was read. Optimistic concurrency
 * is the only lock: a writer that read an old version loses with
 * ConcurrencyConflict and nothing it decided is stored.
 */

/**
 * The two event store calls the handler needs. Structural, so the kit stays
 * free of I/O and of any dependency on services/event-store, whose
 * EventStore satisfies it.
 */
export interface StreamStore {
  /** Every event of the stream, oldest first; empty when the stream does not exist. */
  readStream(stream: string): Promise<readonly RecordedEvent[]>;
  append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
}

export interface RetryPolicy {
  /** Total tries including the first, so 1 means no retry. */
  readonly attempts: number;
}

export interface CommandOptions<Event extends DomainEvent = DomainEvent> {
  readonly actor: Actor;
  readonly market: Market;
  readonly correlationId?: string;
  readonly causationId?: string | null;
  /**
   * The version the client last saw (HTTP If-Match). When the stream has
   * moved on, the command is refused with ConcurrencyConflict before it is
   * decided: the client decided on a state that is gone. Never retried.
   */
  readonly expectedVersion?: bigint;
  /**
   * Re-read and re-decide when another writer got in between the read and
   * the append. Only for commands whose decision may safely be taken again
   * on the newer state; ignored when `expectedVersion` is pinned.
   */
  readonly retry?: RetryPolicy;
  /**
   * Ids for the new events. Deterministic ids (e.g. derived from an
   * Idempotency-Key and the index) make a repeated request a no-op in the
   * store instead of a second write. Without it the store generates ids.
   */
  readonly newId?: (event: Event, index: number) => string;
}

export interface CommandResult<Event extends DomainEvent, State> {
  /** What the command decided, with the ids they were stored under when `newId` was given. Empty when nothing changed. */
  readonly events: ReadonlyArray<Event & { readonly id?: string }>;
  /** The stream's version afterwards: the ETag for the next If-Match. 0n for a stream that still does not exist. */
  readonly streamVersion: bigint;
  /** Global position of the stream's newest event, for read-your-writes; 0n when the stream is empty. */
  readonly globalPosition: bigint;
  /** Checkpoint of the stream's newest event; null when the stream is empty. */
  readonly checkpoint: Checkpoint | null;
  /** The stream's state after the command. */
  readonly state: State;
  /** The store already held these event ids (a repeated request): nothing new was written. */
  readonly duplicate: boolean;
}

const versionOf = (events: readonly RecordedEvent[]): bigint => events.at(-1)?.streamVersion ?? 0n;

/** Stored events are trusted to belong to the decider's union: only the handler writes them, through this decider. */
const asDomain = <Event extends DomainEvent>(events: readonly RecordedEvent[]): readonly Event[] =>
  events as unknown as readonly Event[];

// Worded as the event store words its conflicts: the expected version as given, a missing stream as 'no_stream'.
const describeActual = (version: bigint): string => (version === 0n ? 'no_stream' : String(version));

function attemptsOf(options: Pick<CommandOptions, 'expectedVersion' | 'retry'>): number {
  if (options.expectedVersion !== undefined || !options.retry) return 1;
  const { attempts } = options.retry;
  if (!Number.isSafeInteger(attempts) || attempts < 1)
    throw new RangeError(`retry.attempts must be a positive integer, got ${attempts}`);
  return attempts;
}

export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: StreamStore,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command,
  options: CommandOptions<Event>,
): Promise<CommandResult<Event, State>> {
  const attempts = attemptsOf(options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await handleOnce(store, decider, stream, command, options);
    } catch (error) {
      if (!(error instanceof ConcurrencyConflict) || attempt >= attempts) throw error;
    }
  }
}

async function handleOnce<Command, Event extends DomainEvent, State>(
  store: StreamStore,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command,
  options: CommandOptions<Event>,
): Promise<CommandResult<Event, State>> {
  const recorded = await store.readStream(stream);
  const version = versionOf(recorded);
  if (options.expectedVersion !== undefined && options.expectedVersion !== version)
    throw new ConcurrencyConflict(stream, String(options.expectedVersion), describeActual(version));

  const state = fold(decider, asDomain<Event>(recorded));
  const decided = decider.decide(command, state);
  if (decided.length === 0) {
    const last = recorded.at(-1);
    return {
      events: [],
      streamVersion: version,
      globalPosition: last?.globalPosition ?? 0n,
      checkpoint: last?.checkpoint ?? null,
      state,
      duplicate: false,
    };
  }

  const ids = options.newId ? decided.map(options.newId) : undefined;
  const events = ids ? decided.map((event, index) => ({ ...event, id: ids[index]! })) : decided;
  const appended = await store.append(
    stream,
    decided.map((event, index) => ({ ...(ids ? { id: ids[index]! } : {}), type: event.type, data: event.data })),
    {
      // The exact version read, 0n included: the store refuses 0n when the stream has since been created.
      expectedVersion: version,
      actor: options.actor,
      market: options.market,
      ...(options.correlationId !== undefined ? { correlationId: options.correlationId } : {}),
      ...(options.causationId !== undefined ? { causationId: options.causationId } : {}),
    },
  );

  // A repeated request: its events were stored before, possibly after our read, so our fold may not hold them.
  const after = appended.duplicate
    ? fold(decider, asDomain<Event>((await store.readStream(stream)).filter((e) => e.streamVersion <= appended.streamVersion)))
    : fold(decider, decided, state);
  return {
    events,
    streamVersion: appended.streamVersion,
    globalPosition: appended.globalPosition,
    checkpoint: appended.checkpoint,
    state: after,
    duplicate: appended.duplicate,
  };
}

export type CommandHandler<Command, Event extends DomainEvent, State> = (
  stream: string,
  command: Command,
  options: CommandOptions<Event>,
) => Promise<CommandResult<Event, State>>;

/** A handler bound to one store and decider; `defaults` (a retry policy, an id generator) apply unless a call overrides them. */
export const commandHandler =
  <Command, Event extends DomainEvent, State>(
    store: StreamStore,
    decider: Decider<Command, Event, State>,
    defaults: Pick<CommandOptions<Event>, 'retry' | 'newId'> = {},
  ): CommandHandler<Command, Event, State> =>
  (stream, command, options) =>
    handleCommand(store, decider, stream, command, {
      ...options,
      retry: options.retry ?? defaults.retry,
      newId: options.newId ?? defaults.newId,
    });
