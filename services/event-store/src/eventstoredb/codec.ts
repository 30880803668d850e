import type { Position, RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import { IllegalState, ValidationError, isMarket } from '@buyloop/kit';
import type { Checkpoint, EventMetadata, RecordedEvent } from '../port';

/**
 * How Buyloop's events are laid out in EventStoreDB: names, metadata JSON,
 * positions and checkpoints. Kept apart from the adapter so the mapping is
 * one readable page.
 */

/**
 * ESDB gives names starting with `$` a meaning (system streams, `$$x` is the
 * metadata of stream x, `$`-types are system events that subscriptions filter
 * out). User stream names and event types that start with `$`, or with the
 * escape character itself, are stored with one `~` in front, so every name the
 * port accepts is stored as an ordinary name and reads back unchanged.
 */
const ESCAPE = '~';

export const encodeName = (name: string): string => (name.startsWith('$') || name.startsWith(ESCAPE) ? ESCAPE + name : name);

/**
 * The user name a stored name stands for, or undefined for names that no user
 * name encodes to: ESDB's system streams (`$…`) and this adapter's own
 * bookkeeping streams (`~` followed by anything but `$` or `~`).
 */
export function decodeName(stored: string): string | undefined {
  if (stored.startsWith('$')) return undefined;
  if (!stored.startsWith(ESCAPE)) return stored;
  const rest = stored.slice(1);
  return rest.startsWith('$') || rest.startsWith(ESCAPE) ? rest : undefined;
}

/** The stream that records which Buyloop stream an event id was offered to (see the adapter's idempotency notes). */
export const claimStreamName = (eventId: string): string => `${ESCAPE}#event-id-${eventId}`;

/** Claims are `$`-typed, so `excludeSystemEvents()` and this adapter's own filter keep them out of readAll and subscriptions. */
export const CLAIM_EVENT_TYPE = '$buyloop-event-id';

export interface ClaimData {
  readonly stream: string;
}

/** What each stored event's metadata JSON holds. `$correlationId`/`$causationId` are ESDB's own conventions (used by its projections and UI). */
export interface StoredMetadata extends EventMetadata {
  readonly schemaVersion: number;
  readonly $correlationId: string;
  readonly $causationId?: string;
  /** Random id of the append call that wrote the event; tells an append whether ESDB wrote its events or answered an earlier attempt idempotently. */
  readonly appendId: string;
}

export const storedMetadata = (metadata: EventMetadata, schemaVersion: number, appendId: string): StoredMetadata => ({
  schemaVersion,
  correlationId: metadata.correlationId,
  causationId: metadata.causationId,
  actor: { userId: metadata.actor.userId, role: metadata.actor.role },
  market: metadata.market,
  $correlationId: metadata.correlationId,
  ...(metadata.causationId === null ? {} : { $causationId: metadata.causationId }),
  appendId,
});

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

function parseMetadata(value: unknown): StoredMetadata | undefined {
  if (!isRecord(value)) return undefined;
  const { schemaVersion, correlationId, causationId, actor, market, appendId } = value;
  if (typeof schemaVersion !== 'number' || !Number.isSafeInteger(schemaVersion) || schemaVersion < 1) return undefined;
  if (typeof correlationId !== 'string' || (causationId !== null && typeof causationId !== 'string')) return undefined;
  if (!isRecord(actor) || typeof actor.userId !== 'string' || typeof actor.role !== 'string') return undefined;
  if (!isMarket(market)) return undefined;
  return {
    schemaVersion,
    correlationId,
    causationId,
    actor: { userId: actor.userId, role: actor.role },
    market,
    $correlationId: correlationId,
    appendId: typeof appendId === 'string' ? appendId : '',
  };
}

export const encodeCheckpoint = (position: Position): Checkpoint => `${position.commit}/${position.prepare}`;

/** Checkpoints are `commit/prepare`: the two numbers of an ESDB log position. */
export function decodeCheckpoint(checkpoint: unknown): Position {
  const match = typeof checkpoint === 'string' ? /^(\d{1,20})\/(\d{1,20})$/.exec(checkpoint) : null;
  if (!match) throw new ValidationError('eventstore.invalid_input', { from: ['eventstore.checkpoint_invalid'] });
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export const comparePositions = (a: Position, b: Position): number =>
  a.commit < b.commit ? -1 : a.commit > b.commit ? 1 : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

/** True for records that are not Buyloop events at all: ESDB system records, links, this adapter's claims. */
export const isSystemRecord = (event: EsdbRecordedEvent): boolean =>
  event.type.startsWith('$') || decodeName(event.streamId) === undefined;

export interface DecodedEvent {
  readonly event: RecordedEvent;
  readonly appendId: string;
}

/**
 * The port's view of a stored event, or undefined when the record is not a
 * Buyloop event (a system record, a claim, or an event some other tool wrote
 * without Buyloop's metadata).
 */
export function decodeEvent(stored: EsdbRecordedEvent): DecodedEvent | undefined {
  if (isSystemRecord(stored) || !stored.isJson) return undefined;
  const stream = decodeName(stored.streamId);
  const type = decodeName(stored.type);
  const metadata = parseMetadata(stored.metadata);
  if (stream === undefined || type === undefined || !metadata) return undefined;
  const position = stored.position;
  if (!position) {
    throw new IllegalState(
      'eventstore.server_unsupported',
      'The EventStoreDB server sends no log positions with stream reads; version 22.10 or newer is required',
    );
  }
  return {
    appendId: metadata.appendId,
    event: {
      id: stored.id.toLowerCase(),
      type,
      data: stored.data,
      schemaVersion: metadata.schemaVersion,
      stream,
      streamVersion: stored.revision + 1n,
      globalPosition: position.commit,
      recordedAt: stored.created,
      metadata: {
        correlationId: metadata.correlationId,
        causationId: metadata.causationId,
        actor: metadata.actor,
        market: metadata.market,
      },
      checkpoint: encodeCheckpoint(position),
    },
  };
}
