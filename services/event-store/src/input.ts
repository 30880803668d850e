import { randomUUID } from 'node:crypto';
import { ValidationError, findNonJson, isMarket } from '@buyloop/kit';
import type { AppendOptions, EventMetadata, ExpectedVersion, NewEvent } from './port';

/**
 * Every adapter validates its input here before touching the engine, so a
 * malformed call is the same typed ValidationError on every engine and
 * never reaches the database as a half-written batch or a driver crash.
 */

export const MAX_STREAM_NAME_LENGTH = 200;
export const MAX_EVENTS_PER_APPEND = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Problems = Record<string, string[]>;

const add = (problems: Problems, field: string, code: string): void => {
  (problems[field] ??= []).push(code);
};

const hasControlChar = (value: string): boolean => /[\u0000-\u001f\u007f]/.test(value);

export function checkStreamName(stream: unknown, problems: Problems, field = 'stream'): void {
  if (typeof stream !== 'string' || stream.trim() === '') add(problems, field, 'eventstore.stream_required');
  else if (stream.length > MAX_STREAM_NAME_LENGTH) add(problems, field, 'eventstore.stream_too_long');
  else if (hasControlChar(stream) || stream !== stream.trim()) add(problems, field, 'eventstore.stream_invalid_characters');
}

export function normaliseExpectedVersion(expected: unknown, problems: Problems): ExpectedVersion {
  if (expected === undefined) return 'any';
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return expected;
  if (typeof expected === 'bigint' && expected >= 0n) return expected;
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0) return BigInt(expected);
  add(problems, 'expectedVersion', 'eventstore.expected_version_invalid');
  return 'any';
}

export interface ValidatedAppend {
  readonly stream: string;
  readonly events: ReadonlyArray<Required<NewEvent>>;
  readonly expectedVersion: ExpectedVersion;
  readonly metadata: EventMetadata;
}

export function validateAppend(stream: unknown, events: unknown, options: unknown): ValidatedAppend {
  const problems: Problems = {};
  checkStreamName(stream, problems);
  const opts = (typeof options === 'object' && options !== null ? options : {}) as Partial<AppendOptions>;
  if (typeof options !== 'object' || options === null) add(problems, 'options', 'eventstore.options_required');
  const expectedVersion = normaliseExpectedVersion(opts.expectedVersion, problems);

  const checked: Required<NewEvent>[] = [];
  const notes: string[] = [];
  if (!Array.isArray(events) || events.length === 0) add(problems, 'events', 'eventstore.events_required');
  else if (events.length > MAX_EVENTS_PER_APPEND) add(problems, 'events', 'eventstore.too_many_events');
  else {
    const ids = new Set<string>();
    events.forEach((raw: unknown, i) => {
      const field = `events[${i}]`;
      if (typeof raw !== 'object' || raw === null) return add(problems, field, 'eventstore.event_invalid');
      const event = raw as Partial<NewEvent>;
      const id = event.id ?? randomUUID();
      if (typeof id !== 'string' || !UUID.test(id)) add(problems, `${field}.id`, 'eventstore.event_id_invalid');
      else if (ids.has(id.toLowerCase())) add(problems, `${field}.id`, 'eventstore.event_id_repeated');
      else ids.add(id.toLowerCase());
      if (typeof event.type !== 'string' || event.type.trim() === '' || event.type.length > 200 || hasControlChar(event.type))
        add(problems, `${field}.type`, 'eventstore.event_type_invalid');
      const schemaVersion = event.schemaVersion ?? 1;
      if (!Number.isSafeInteger(schemaVersion) || schemaVersion < 1 || schemaVersion > 2 ** 31 - 1)
        add(problems, `${field}.schemaVersion`, 'eventstore.schema_version_invalid');
      if (!('data' in event)) add(problems, `${field}.data`, 'eventstore.data_required');
      else {
        const problem = findNonJson(event.data, 'data');
        if (problem) {
          add(problems, `${field}.data`, 'eventstore.data_not_json');
          notes.push(`${field}.${problem.path}: ${problem.reason}`);
        }
      }
      checked.push({
        id: typeof id === 'string' ? id.toLowerCase() : '',
        type: event.type as string,
        data: event.data,
        schemaVersion,
      });
    });
  }

  const actor = opts.actor;
  if (
    typeof actor !== 'object' ||
    actor === null ||
    typeof actor.userId !== 'string' ||
    actor.userId === '' ||
    typeof actor.role !== 'string' ||
    actor.role === ''
  )
    add(problems, 'actor', 'eventstore.actor_required');
  if (!isMarket(opts.market)) add(problems, 'market', 'eventstore.market_invalid');
  if (opts.correlationId !== undefined && (typeof opts.correlationId !== 'string' || opts.correlationId === ''))
    add(problems, 'correlationId', 'eventstore.correlation_id_invalid');
  if (
    opts.causationId !== undefined &&
    opts.causationId !== null &&
    (typeof opts.causationId !== 'string' || opts.causationId === '')
  )
    add(problems, 'causationId', 'eventstore.causation_id_invalid');

  if (Object.keys(problems).length > 0) {
    throw new ValidationError(
      'eventstore.invalid_input',
      problems,
      `Invalid append to ${typeof stream === 'string' ? JSON.stringify(stream) : 'stream'}: ${[JSON.stringify(problems), ...notes].join('; ')}`,
    );
  }
  const first = checked[0]!;
  return {
    stream: stream as string,
    events: checked,
    expectedVersion,
    metadata: {
      correlationId: opts.correlationId ?? first.id,
      causationId: opts.causationId ?? null,
      actor: { userId: actor!.userId, role: actor!.role },
      market: opts.market!,
    },
  };
}

export function validateLimit(limit: unknown, field = 'limit'): number | undefined {
  if (limit === undefined) return undefined;
  if (typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0) return limit;
  throw new ValidationError('eventstore.invalid_input', { [field]: ['eventstore.limit_invalid'] });
}

export function validatePosition(value: unknown, field: string): bigint | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  throw new ValidationError('eventstore.invalid_input', { [field]: ['eventstore.position_invalid'] });
}

export function validateStreamName(stream: unknown): string {
  const problems: Problems = {};
  checkStreamName(stream, problems);
  if (Object.keys(problems).length > 0) throw new ValidationError('eventstore.invalid_input', problems);
  return stream as string;
}
