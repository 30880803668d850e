import type { RecordedEvent } from '@buyloop/event-store';

/**
 * How events and states are printed. Event data comes from customers and
 * staff; printing it raw to a terminal would let a crafted string move the
 * cursor or rewrite earlier lines, so everything shown is escaped.
 */

/** JSON escapes C0 controls; C1 controls (U+007F-U+009F, e.g. CSI) and line separators still reach a terminal. */
const UNSAFE = /[\u007f-\u009f\u2028\u2029]/g;
const escapeUnsafe = (text: string): string => text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Names (streams, types, user ids) shown bare when plain, JSON-quoted when they hold spaces or controls. */
export const displayName = (text: string): string => (/^[\w.:@/+=-]+$/.test(text) ? text : escapeUnsafe(JSON.stringify(text)));

/** JSON on one line; bigints as decimal strings, Maps and Sets as objects and arrays (what the API does with positions). */
export function toJson(value: unknown, indent?: number): string {
  return escapeUnsafe(
    JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'bigint') return v.toString();
        if (v instanceof Map) {
          const entries = [...v.entries()];
          return entries.every(([k]) => typeof k === 'string') ? Object.fromEntries(entries) : entries;
        }
        if (v instanceof Set) return [...v];
        return v;
      },
      indent,
    ) ?? 'undefined',
  );
}

/** Every field of a recorded event, in the shape `--json` prints (one object per line). */
export const eventAsJson = (event: RecordedEvent): Record<string, unknown> => ({
  globalPosition: event.globalPosition.toString(),
  recordedAt: event.recordedAt.toISOString(),
  stream: event.stream,
  streamVersion: event.streamVersion.toString(),
  id: event.id,
  type: event.type,
  schemaVersion: event.schemaVersion,
  data: event.data,
  metadata: {
    correlationId: event.metadata.correlationId,
    causationId: event.metadata.causationId,
    actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role },
    market: event.metadata.market,
  },
  checkpoint: event.checkpoint,
});

/**
 * One readable line: where the event sits (global position, time, stream and
 * version), what it is (type and data), then the rest of its metadata.
 */
export function eventLine(event: RecordedEvent): string {
  const { metadata } = event;
  return [
    `#${event.globalPosition}`,
    event.recordedAt.toISOString(),
    `${displayName(event.stream)} v${event.streamVersion}`,
    displayName(event.type),
    toJson(event.data),
    `id=${event.id}`,
    `schema=${event.schemaVersion}`,
    `correlation=${displayName(metadata.correlationId)}`,
    `causation=${metadata.causationId === null ? '-' : displayName(metadata.causationId)}`,
    `actor=${displayName(metadata.actor.userId)}(${displayName(metadata.actor.role)})`,
    `market=${displayName(metadata.market)}`,
  ].join('  ');
}

export const formatEvent = (event: RecordedEvent, json: boolean): string =>
  json ? toJson(eventAsJson(event)) : eventLine(event);
