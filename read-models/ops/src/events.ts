import type { EventStore, RecordedEvent } from '@buyloop/event-store';
import { ValidationError } from '@buyloop/kit';
import type { CommandGroup, Io, OpsContext } from './command';
import { categoryOf } from './decider-registry';
import { EXIT_INTERRUPTED, EXIT_OK, OpsError, UsageError } from './errors';
import { displayName, formatEvent, toJson } from './format';

/** Events fetched per round trip: a long stream is paged, never loaded by one query. */
const PAGE = 1000;
const MAX_TAIL = 10_000;

const JSON_LINES = 'one JSON object per line (positions and versions as strings)';

interface JsonOption {
  readonly json?: true;
}

/**
 * A blank or garbled stream name is a typing mistake: say so before opening
 * anything. The store's own rule (services/event-store/src/input.ts) still
 * has the last word, see streamEvents.
 */
function streamArgument(stream: string, command: string): string {
  if (stream.trim() === '' || stream !== stream.trim() || /[\u0000-\u001f\u007f]/.test(stream))
    throw new UsageError(
      `${toJson(stream)} is not a stream name: it is blank, or has surrounding spaces or control characters`,
      command,
    );
  return stream;
}

/** Every event of the stream in version order, page by page; stops early when the signal is aborted. */
async function* streamEvents(
  store: EventStore,
  stream: string,
  signal: AbortSignal,
  command: string,
): AsyncGenerator<RecordedEvent> {
  let from = 1n;
  while (!signal.aborted) {
    let page: RecordedEvent[];
    try {
      page = await store.readStream(stream, { from, limit: PAGE });
    } catch (error) {
      if (error instanceof ValidationError && error.fieldErrors.stream !== undefined)
        throw new UsageError(`${toJson(stream)} is not a stream name (${error.fieldErrors.stream.join(', ')})`, command);
      throw error;
    }
    for (const event of page) yield event;
    const last = page.at(-1);
    if (last === undefined || page.length < PAGE) return;
    from = last.streamVersion + 1n;
  }
}

const print = async (io: Io, events: Iterable<RecordedEvent>, asJson: boolean): Promise<void> => {
  for (const event of events) await io.out(`${formatEvent(event, asJson)}\n`);
};

async function printStream(streamName: string, options: JsonOption, { io, signal, eventStore }: OpsContext): Promise<number> {
  const stream = streamArgument(streamName, 'events:stream');
  const { store } = await eventStore();
  let count = 0;
  for await (const event of streamEvents(store, stream, signal, 'events:stream')) {
    await io.out(`${formatEvent(event, options.json === true)}\n`);
    count += 1;
  }
  if (signal.aborted) return EXIT_INTERRUPTED;
  if (count === 0) throw new OpsError(`Stream ${JSON.stringify(stream)} has no events.`);
  return EXIT_OK;
}

/** Up to `limit` events with the highest global positions at or below `head`, oldest first. */
async function newestEvents(store: EventStore, head: bigint, limit: number): Promise<RecordedEvent[]> {
  if (head === 0n) return [];
  // Positions have gaps (rolled-back appends; on EventStoreDB they are byte offsets), so the
  // window that holds the last `limit` events is found by widening it from the head.
  let span = BigInt(limit);
  for (;;) {
    const after = head > span ? head - span : 0n;
    const newest: RecordedEvent[] = [];
    let cursor = after;
    for (;;) {
      const page = await store.readAll({ after: cursor, limit: PAGE });
      for (const event of page) if (event.globalPosition <= head) newest.push(event);
      if (newest.length > limit) newest.splice(0, newest.length - limit);
      const last = page.at(-1);
      if (last === undefined || page.length < PAGE || last.globalPosition >= head) break;
      cursor = last.globalPosition;
    }
    if (newest.length >= limit || after === 0n) return newest;
    span *= 4n;
  }
}

interface TailOptions extends JsonOption {
  readonly limit?: string;
  readonly follow?: true;
}

async function printTail(options: TailOptions, { io, signal, eventStore }: OpsContext): Promise<number> {
  const limit = parseLimit(options.limit);
  const asJson = options.json === true;
  const { store, where } = await eventStore();
  if (options.follow !== true) {
    await print(io, await newestEvents(store, await store.headPosition(), limit), asJson);
    return signal.aborted ? EXIT_INTERRUPTED : EXIT_OK;
  }
  return follow(store, where, limit, asJson, io, signal);
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return 20;
  const limit = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!(limit >= 1 && limit <= MAX_TAIL))
    throw new UsageError(`--limit must be a whole number from 1 to ${MAX_TAIL}, got ${JSON.stringify(raw)}`, 'events:tail');
  return limit;
}

/**
 * The subscription starts (from 'end') before the tail is read, so an event
 * committed in between is in the tail, in the subscription or in both, never
 * in neither; the overlap is printed once.
 */
async function follow(store: EventStore, where: string, limit: number, asJson: boolean, io: Io, signal: AbortSignal) {
  let markLive: () => void = () => undefined;
  const live = new Promise<void>((resolve) => (markLive = resolve));
  const subscription = store.subscribe({ from: 'end', onLive: () => markLive() });
  const stop = (): void => void subscription.close();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const iterator = subscription[Symbol.asyncIterator]();
    let next = iterator.next();
    // Also settles when the first read fails, so the error is reported instead of waiting forever.
    await Promise.race([live, next]);
    if (signal.aborted) return EXIT_OK;

    const tail = await newestEvents(store, await store.headPosition(), limit);
    await print(io, tail, asJson);
    const printed = new Set(tail.map((e) => e.id));
    io.err(`Following new events in ${where}; Ctrl-C stops.\n`);

    for (;;) {
      const result = await next;
      if (result.done === true || signal.aborted) return EXIT_OK;
      if (!printed.delete(result.value.id)) await io.out(`${formatEvent(result.value, asJson)}\n`);
      next = iterator.next();
    }
  } finally {
    signal.removeEventListener('abort', stop);
    await subscription.close();
  }
}

/** Where to stop replaying: a global position, or a recorded time. */
export type At = { readonly position: bigint } | { readonly time: Date };

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * A global position (digits) or an ISO 8601 date-time with its offset. A time
 * without an offset would be read in whatever zone the operator's machine is
 * in, and `Date` quietly rolls 30 February over into March: both refused.
 */
export function parseAt(raw: string): At {
  if (/^\d{1,19}$/.test(raw)) return { position: BigInt(raw) };
  const match = ISO_TIME.exec(raw);
  const time = new Date(raw);
  if (match && !Number.isNaN(time.getTime())) {
    const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
      .slice(1)
      .map((part) => (part === undefined ? 0 : Number(part)));
    const daysInMonth = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
    const inRange = (value: number | undefined, low: number, high: number): boolean =>
      value !== undefined && value >= low && value <= high;
    if (
      inRange(month, 1, 12) &&
      inRange(day, 1, daysInMonth) &&
      inRange(hour, 0, 23) &&
      inRange(minute, 0, 59) &&
      inRange(second, 0, 59) &&
      inRange(offsetHours, 0, 23) &&
      inRange(offsetMinutes, 0, 59)
    )
      return { time };
  }
  throw new UsageError(
    `--at must be a global position (a whole number such as 1200) or an ISO 8601 time with an offset ` +
      `(such as 2026-03-01T14:30:00Z or 2026-03-01T15:30:00+01:00), got ${JSON.stringify(raw)}`,
    'events:state',
  );
}

const describeAt = (at: At | undefined): string =>
  at === undefined ? 'now' : 'position' in at ? `global position ${at.position}` : at.time.toISOString();

const includes = (at: At | undefined, event: RecordedEvent): boolean =>
  at === undefined || ('position' in at ? event.globalPosition <= at.position : event.recordedAt.getTime() <= at.time.getTime());

interface StateOptions extends JsonOption {
  readonly at?: string;
}

async function foldState(
  streamName: string,
  options: StateOptions,
  { io, signal, deciders, eventStore }: OpsContext,
): Promise<number> {
  const stream = streamArgument(streamName, 'events:state');
  const at = options.at === undefined ? undefined : parseAt(options.at);
  const category = categoryOf(stream);
  const decider = deciders.get(category);
  const asJson = options.json === true;
  const { store } = await eventStore();

  const upTo: RecordedEvent[] = [];
  let total = 0;
  let ended = false;
  for await (const event of streamEvents(store, stream, signal, 'events:state')) {
    total += 1;
    // A prefix, not a filter: a decider can only be folded over the stream's events in order.
    if (!ended && includes(at, event)) upTo.push(event);
    else ended = true;
  }
  if (signal.aborted) return EXIT_INTERRUPTED;
  if (total === 0) throw new OpsError(`Stream ${JSON.stringify(stream)} has no events.`);

  const last = upTo.at(-1);
  const version = last?.streamVersion ?? 0n;
  const summary =
    `Stream ${displayName(stream)} as of ${describeAt(at)}: ${upTo.length} of ${total} events` +
    (last
      ? `, version ${version}, last event #${last.globalPosition} ${displayName(last.type)} recorded ${last.recordedAt.toISOString()}`
      : '');

  if (decider === undefined) {
    io.err(
      `No decider is registered for category ${JSON.stringify(category)}, so no state can be folded: ` +
        `printing the events up to ${describeAt(at)} instead (register one in read-models/ops/src/decider-registry.ts).\n`,
    );
    if (!asJson) await io.out(`${summary}\n`);
    await print(io, upTo, asJson);
    return EXIT_OK;
  }

  let state = decider.initialState();
  for (const event of upTo) {
    try {
      state = decider.evolve(state, event);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new OpsError(
        `The ${JSON.stringify(category)} decider failed on event #${event.globalPosition} ` +
          `(${displayName(stream)} v${event.streamVersion} ${displayName(event.type)}): ${reason}`,
        { cause: error },
      );
    }
  }

  if (asJson) {
    const point = at === undefined ? null : 'position' in at ? { position: at.position } : { time: at.time.toISOString() };
    await io.out(
      `${toJson({ stream, category, at: point, streamVersion: version, events: upTo.length, totalEvents: total, state })}\n`,
    );
  } else {
    const note = last ? '' : ` (no event is at or before ${describeAt(at)}: this is the initial state)`;
    await io.out(`${summary}\nState${note}:\n${toJson(state, 2)}\n`);
  }
  return EXIT_OK;
}

export const eventCommands: CommandGroup = (program, ops) => {
  program
    .command('events:stream')
    .summary("print a stream's events with all their metadata")
    .description(
      'Prints every event of the stream in stream order, one per line: global position, recorded time,\n' +
        'stream and version, type, data, then event id, schema version, correlation and causation ids,\n' +
        'actor and market. A stream without events is an error (exit code 1).',
    )
    .argument('<stream>', 'the stream name, e.g. user-7f3a…')
    .option('--json', JSON_LINES)
    .action(ops.action((stream: string, options: JsonOption) => printStream(stream, options, ops)));

  program
    .command('events:tail')
    .summary('print the newest events of the whole log; --follow keeps printing new ones')
    .description(
      'Prints the newest events of the whole log in global-position order, one per line like\n' +
        'events:stream. With --follow it then subscribes from the end of the log and prints each\n' +
        'event as it is committed; Ctrl-C stops it (exit code 0). On the embedded PGlite store nothing else\n' +
        'can write while this runs (the API must be stopped), so follow a DATABASE_URL or EVENTSTORE_URL store.',
    )
    .option('--limit <n>', `how many of the newest events to print first (default 20, at most ${MAX_TAIL})`)
    .option('-f, --follow', 'then keep printing events as they are committed, until Ctrl-C')
    .option('--json', JSON_LINES)
    .action(ops.action((options: TailOptions) => printTail(options, ops)));

  program
    .command('events:state')
    .summary("fold a stream with its category's decider, as of a position or time")
    .description(
      'Replays the stream with the decider registered for its category (read-models/ops/src/decider-registry.ts)\n' +
        'and prints the state it had at that point: the longest run of its events, in stream order, at or before\n' +
        '--at. Times compare at millisecond precision. When no decider is registered for the category, the events\n' +
        'up to that point are printed instead, and a note on standard error says so.',
    )
    .argument('<stream>', 'the stream name; its category is the part before the first "-"')
    .option(
      '--at <position|time>',
      'replay events up to this global position, or recorded up to this ISO 8601 time with offset (default: all)',
    )
    .option('--json', 'print the result as one JSON object (the events as JSON lines when no decider is registered)')
    .action(ops.action((stream: string, options: StateOptions) => foldState(stream, options, ops)));
};
