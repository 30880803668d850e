import type { DomainEvent } from '@buyloop/kit';

/**
 * Spec 2 names the page types home_page, product_detail and catalog; the
 * shop's other pages get their own so that their counts do not blur those
 * three. A page the front end cannot place is `other`, never a guess.
 */
export const PAGE_TYPES = [
  'home_page',
  'catalog',
  'product_detail',
  'search',
  'favourites',
  'stores',
  'contact',
  'login',
  'faq',
  'buyback',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** What a visitor's browser reports: a page opened, or an element seen (50% visible for 1 s, spec 9). */
export const VISIT_KINDS = ['page_view', 'view'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

export interface PageViewedData {
  readonly page_type: PageType;
  /** Spec 6: analytics tells registered visitors from the rest, nothing more about who they are. */
  readonly registered: boolean;
  /** The page's path without its query or fragment (which may carry access tokens). */
  readonly path: string;
}

export interface ElementViewedData {
  readonly element_id: string;
  readonly element_kind: string;
  readonly page_type: PageType;
}

export type PageViewed = DomainEvent<'PageViewed', PageViewedData>;
export type ElementViewed = DomainEvent<'ElementViewed', ElementViewedData>;
export type AnalyticsEvent = PageViewed | ElementViewed;

export const ANALYTICS_EVENT_TYPES = ['PageViewed', 'ElementViewed'] as const satisfies readonly AnalyticsEvent['type'][];

/**
 * One stream per batch a browser sends (`visits-<uuid>`): no two requests
 * ever write the same stream, so busy pages never wait on each other or
 * conflict, and nothing needs reading before the append.
 */
export const VISITS_STREAM_CATEGORY = 'visits';
export const visitsStream = (batchId: string): string => `${VISITS_STREAM_CATEGORY}-${batchId}`;

/**
 * Who the event store records as the actor of a visit: nobody in particular.
 * The request's actor would be the visitor's IP address or account, personal
 * data an append-only log could never forget, and analytics needs neither.
 */
export const ANONYMOUS_VISITOR = { userId: 'anonymous', role: 'visitor' } as const;
