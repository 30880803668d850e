import { BUYBACK_EVENT_TYPES } from '@buyloop/buy-back';
import type { RecordedEvent } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';
import { asBuybackEvent, buyoutNumberOf, enteredStatus, type BuybackDocumentStatus } from './buybacks-projection';

/** How many buy-backs entered a status on one UTC day: one document per (day, status) that happened. */
export interface BuybackDailyCount extends Record<string, unknown> {
  /** `YYYY-MM-DD`, the UTC day of the events' own time. */
  readonly day: string;
  readonly status: BuybackDocumentStatus;
  readonly count: number;
}

export const BUYBACK_DAILY_COUNTS_PROJECTION = 'buyback_daily_counts';

export const dailyCountId = (day: string, status: BuybackDocumentStatus): string => `${day}:${status}`;

/** The UTC day an event happened on and the status it entered; null for events that change no status. */
function countedAs(recorded: RecordedEvent): { day: string; status: BuybackDocumentStatus } | null {
  if (buyoutNumberOf(recorded.stream) === null) return null;
  const event = asBuybackEvent(recorded);
  const status = enteredStatus(event);
  const ms = Date.parse(event.data.at);
  if (status === null || Number.isNaN(ms)) return null;
  return { day: new Date(ms).toISOString().slice(0, 10), status };
}

export const buybackDailyCountsProjection: Projection<BuybackDailyCount> = {
  name: BUYBACK_DAILY_COUNTS_PROJECTION,
  version: 1,
  handles: BUYBACK_EVENT_TYPES,
  collection: {
    fields: {
      day: { path: 'day', type: 'date' },
      status: { path: 'status', type: 'string' },
      count: { path: 'count', type: 'number' },
    },
    indexes: ['day'],
  },
  key(recorded) {
    const counted = countedAs(recorded);
    return counted && dailyCountId(counted.day, counted.status);
  },
  evolve(document, recorded) {
    const counted = countedAs(recorded);
    if (!counted) return document;
    return { day: counted.day, status: counted.status, count: (document?.count ?? 0) + 1 };
  },
};
