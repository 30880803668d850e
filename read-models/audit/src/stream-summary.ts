import type { Projection } from '@buyloop/projector';

/**
 * One document per stream: what it is, how far it has come, who touched it
 * last. Auditors and operators browse the log through it (which buy-backs,
 * orders and invoices exist, which changed today, by whom) before replaying
 * a single stream with `pnpm ops events:stream`.
 */
export interface StreamSummary extends Record<string, unknown> {
  readonly stream: string;
  /** The stream name up to its first '-': buyback, order, invoice… */
  readonly category: string;
  readonly version: number;
  readonly events: number;
  readonly firstEventAt: string;
  readonly lastEventAt: string;
  readonly lastEventType: string;
  readonly lastActor: string;
  readonly lastActorRole: string;
  readonly market: string;
  readonly eventTypes: Readonly<Record<string, number>>;
}

export const streamSummary: Projection<StreamSummary> = {
  name: 'stream_summary',
  version: 1,
  handles: 'all',
  collection: {
    fields: {
      stream: { path: 'stream', type: 'string' },
      category: { path: 'category', type: 'string' },
      version: { path: 'version', type: 'number' },
      lastEventAt: { path: 'lastEventAt', type: 'date' },
      lastEventType: { path: 'lastEventType', type: 'string' },
      lastActor: { path: 'lastActor', type: 'string' },
      market: { path: 'market', type: 'string' },
    },
    indexes: ['category', 'lastEventAt'],
    textFields: ['stream', 'lastActor'],
  },
  key: (event) => event.stream,
  evolve(summary, event) {
    const at = event.recordedAt.toISOString();
    const dash = event.stream.indexOf('-');
    return {
      stream: event.stream,
      category: dash > 0 ? event.stream.slice(0, dash) : event.stream,
      version: Number(event.streamVersion),
      events: (summary?.events ?? 0) + 1,
      firstEventAt: summary?.firstEventAt ?? at,
      lastEventAt: at,
      lastEventType: event.type,
      lastActor: event.metadata.actor.userId,
      lastActorRole: event.metadata.actor.role,
      market: event.metadata.market,
      eventTypes: { ...summary?.eventTypes, [event.type]: (summary?.eventTypes[event.type] ?? 0) + 1 },
    };
  },
};
