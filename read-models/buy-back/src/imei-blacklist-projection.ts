import {
  IMEI_BLACKLIST_EVENT_TYPES,
  imeiBlacklistId,
  type ImeiBlacklistEvent,
  type ImeiBlacklistSource,
} from '@buyloop/buy-back';
import type { DocumentStore, Filter, Page } from '@buyloop/document-store';
import type { Projection } from '@buyloop/projector';

export type ImeiBlacklistHistoryEntry =
  | { readonly action: 'listed'; readonly reason: string; readonly source: ImeiBlacklistSource; readonly at: string }
  | { readonly action: 'cleared'; readonly reason: string; readonly at: string };

/**
 * One document per IMEI ever listed, for the buy-back's check and the back
 * office's blacklist grid. `reason`, `source` and `listed_at` describe the
 * latest listing, also once cleared, so the grid shows what was cleared;
 * the clearing reasons are in `history`.
 */
export interface ImeiBlacklistDocument extends Record<string, unknown> {
  readonly imei: string;
  readonly listed: boolean;
  readonly reason: string;
  readonly source: ImeiBlacklistSource;
  readonly listed_at: string;
  /** Null while listed. */
  readonly cleared_at: string | null;
  /** Oldest first. */
  readonly history: readonly ImeiBlacklistHistoryEntry[];
}

const STREAM_PREFIX = 'imei-blacklist-';

export const imeiBlacklistProjection: Projection<ImeiBlacklistDocument> = {
  name: 'imei_blacklist',
  version: 1,
  handles: IMEI_BLACKLIST_EVENT_TYPES,
  collection: {
    fields: {
      imei: { path: 'imei', type: 'string' },
      listed: { path: 'listed', type: 'boolean' },
      listed_at: { path: 'listed_at', type: 'date' },
    },
    // The grid's default view: what is listed now, newest first.
    indexes: [['listed', 'listed_at']],
  },
  key: (event) => (event.stream.startsWith(STREAM_PREFIX) ? event.stream.slice(STREAM_PREFIX.length) : null),
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ImeiBlacklistEvent;
    switch (event.type) {
      case 'ImeiBlacklisted': {
        const { imei, reason, source, at } = event.data;
        return {
          imei,
          listed: true,
          reason,
          source,
          listed_at: at,
          cleared_at: null,
          history: [...(document?.history ?? []), { action: 'listed', reason, source, at }],
        };
      }
      case 'ImeiCleared':
        // The decider clears only a listed IMEI, so a document is there; without one there is nothing to show.
        return (
          document && {
            ...document,
            listed: false,
            cleared_at: event.data.at,
            history: [...document.history, { action: 'cleared', reason: event.data.reason, at: event.data.at }],
          }
        );
      default:
        return neverEvent(event);
    }
  },
};

function neverEvent(event: never): never {
  throw new Error(`Unhandled IMEI blacklist event ${JSON.stringify(event)}`);
}

/**
 * Whether a buy-back must refuse this device. Errors of the store, a missing
 * collection included, are thrown rather than read as "not listed": paying
 * for a stolen phone because the read model was down is the worse mistake.
 */
export async function isBlacklisted(documents: Pick<DocumentStore, 'get'>, collection: string, imei: string): Promise<boolean> {
  const document = await documents.get<ImeiBlacklistDocument>(collection, imeiBlacklistId(imei));
  return document?.listed === true;
}

export interface ImeiBlacklistListOptions {
  /** Only IMEIs listed now (true) or cleared (false); both when absent. */
  readonly listed?: boolean;
  /** Part of an IMEI as staff type it, separators allowed. */
  readonly imei?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** The back office's blacklist grid: newest listing first. */
export async function listImeiBlacklist(
  documents: Pick<DocumentStore, 'find'>,
  collection: string,
  options: ImeiBlacklistListOptions = {},
): Promise<Page<ImeiBlacklistDocument>> {
  const filters: Filter[] = [];
  if (options.listed !== undefined) filters.push({ field: 'listed', op: 'equals', value: options.listed });
  const digits = options.imei === undefined ? '' : imeiBlacklistId(options.imei);
  if (digits !== '') filters.push({ field: 'imei', op: 'contains', value: digits });
  return documents.find<ImeiBlacklistDocument>(collection, {
    filters,
    sort: [{ field: 'listed_at', direction: 'desc' }],
    ...(options.offset !== undefined ? { offset: options.offset } : {}),
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
}
