import { ANALYTICS_EVENT_TYPES, type AnalyticsEvent, type PageType, type VisitKind } from '@buyloop/analytics';
import { isMarket, settingsOf, type RecordedEvent } from '@buyloop/kit';
import type { Projection } from '@buyloop/projector';

/** Formatters per time zone: building one is far dearer than formatting, and a rebuild folds every visit. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(at: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(at);
}

/** The shop's day a visit was recorded on: the market's calendar, so "today" matches the people reading the counts. */
const dayOf = (event: RecordedEvent): string =>
  dayIn(event.recordedAt, isMarket(event.metadata.market) ? settingsOf(event.metadata.market).timeZone : 'UTC');

const asVisit = (event: RecordedEvent): AnalyticsEvent => event as unknown as AnalyticsEvent;

const kindOf = (visit: AnalyticsEvent): VisitKind => {
  switch (visit.type) {
    case 'PageViewed':
      return 'page_view';
    case 'ElementViewed':
      return 'view';
    default: {
      const unknown: never = visit;
      throw new Error(`Unknown analytics event ${JSON.stringify(unknown)}`);
    }
  }
};

/** How many page views or element views one page type had on one day. */
export interface DailyCountDocument extends Record<string, unknown> {
  readonly day: string;
  readonly page_type: PageType;
  readonly type: VisitKind;
  readonly count: number;
  /** Of count, the page views of signed-in visitors (element views do not say). */
  readonly registered: number;
}

export const ANALYTICS_DAILY_COUNTS = 'analytics_daily_counts';

export const dailyCountsProjection: Projection<DailyCountDocument> = {
  name: ANALYTICS_DAILY_COUNTS,
  version: 1,
  handles: ANALYTICS_EVENT_TYPES,
  collection: {
    fields: {
      day: { path: 'day', type: 'date' },
      page_type: { path: 'page_type', type: 'string' },
      type: { path: 'type', type: 'string' },
      count: { path: 'count', type: 'number' },
    },
    indexes: ['day'],
  },
  key(event) {
    const visit = asVisit(event);
    return `${dayOf(event)}:${visit.data.page_type}:${kindOf(visit)}`;
  },
  evolve(document, event) {
    const visit = asVisit(event);
    const registered = visit.type === 'PageViewed' && visit.data.registered ? 1 : 0;
    return {
      day: dayOf(event),
      page_type: visit.data.page_type,
      type: kindOf(visit),
      count: (document?.count ?? 0) + 1,
      registered: (document?.registered ?? 0) + registered,
    };
  },
};

/** How often one element (a product tile, a banner) was seen on one day. */
export interface ElementViewsDocument extends Record<string, unknown> {
  readonly day: string;
  readonly element_id: string;
  readonly element_kind: string;
  readonly count: number;
}

export const ANALYTICS_ELEMENT_VIEWS = 'analytics_element_views';

export const elementViewsProjection: Projection<ElementViewsDocument> = {
  name: ANALYTICS_ELEMENT_VIEWS,
  version: 1,
  handles: ['ElementViewed'],
  collection: {
    fields: {
      day: { path: 'day', type: 'date' },
      element_id: { path: 'element_id', type: 'string' },
      count: { path: 'count', type: 'number' },
    },
    indexes: [['day', 'count']],
  },
  key(event) {
    const visit = asVisit(event);
    return visit.type === 'ElementViewed' ? `${dayOf(event)}:${visit.data.element_id}` : null;
  },
  evolve(document, event) {
    const visit = asVisit(event);
    if (visit.type !== 'ElementViewed') return document;
    return {
      day: dayOf(event),
      element_id: visit.data.element_id,
      // The kind an element was last reported as: ids are unique across kinds in practice.
      element_kind: visit.data.element_kind,
      count: (document?.count ?? 0) + 1,
    };
  },
};
