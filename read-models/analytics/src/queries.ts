import { MAX_SUMMARY_DAYS, type AnalyticsSummary } from '@buyloop/analytics';
import type { DocumentStore, Query } from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import {
  ANALYTICS_DAILY_COUNTS,
  ANALYTICS_ELEMENT_VIEWS,
  type DailyCountDocument,
  type ElementViewsDocument,
} from './projections';

const DAY_MS = 86_400_000;
const PAGE = 1_000;
/**
 * Element-days read for the top list: the busiest first, so past this the
 * list still ranks the elements seen most on their busiest days, and says it
 * is not complete.
 */
export const TOP_ELEMENT_ROWS = 10_000;

export interface AnalyticsQueriesDeps {
  readonly documents: Pick<DocumentStore, 'find'>;
  readonly collection: (projection: string) => Promise<string>;
}

/** Days from..to inclusive, checked: both real days, in order, at most a quarter. */
export function checkedPeriod(from: string, to: string): { readonly from: string; readonly to: string } {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const errors: Record<string, string[]> = {};
  if (Number.isNaN(start)) errors.from = ['validation.date_invalid'];
  if (Number.isNaN(end)) errors.to = ['validation.date_invalid'];
  else if (!Number.isNaN(start) && (end < start || (end - start) / DAY_MS + 1 > MAX_SUMMARY_DAYS))
    errors.to = ['validation.invalid_value'];
  if (Object.keys(errors).length > 0) throw new ValidationError('validation.failed', errors, `Invalid period ${from}..${to}`);
  return { from, to };
}

/** The day `days` before a YYYY-MM-DD day. */
export const daysBefore = (day: string, days: number): string =>
  new Date(Date.parse(day) - days * DAY_MS).toISOString().slice(0, 10);

async function* pages<D extends Record<string, unknown>>(
  documents: Pick<DocumentStore, 'find'>,
  collection: string,
  query: Query,
  max: number,
): AsyncGenerator<{ readonly items: readonly D[]; readonly total: number }> {
  for (let offset = 0; offset < max; offset += PAGE) {
    const page = await documents.find<D>(collection, { ...query, offset, limit: Math.min(PAGE, max - offset) });
    yield { items: page.items.map((item) => item.document), total: page.total };
    if (offset + page.items.length >= page.total || page.items.length === 0) return;
  }
}

/** The back office's summary of a period: counts per day × page type × kind, and the elements seen most. */
export async function analyticsSummary(
  deps: AnalyticsQueriesDeps,
  period: { readonly from: string; readonly to: string },
  top: number,
): Promise<AnalyticsSummary> {
  const { from, to } = checkedPeriod(period.from, period.to);
  const inPeriod = { field: 'day', op: 'range', gte: from, lte: to } as const;

  const counts: AnalyticsSummary['counts'] = [];
  // At most 92 days × 11 page types × 2 kinds: every one is read.
  for await (const page of pages<DailyCountDocument>(
    deps.documents,
    await deps.collection(ANALYTICS_DAILY_COUNTS),
    {
      filters: [inPeriod],
      sort: [
        { field: 'day', direction: 'asc' },
        { field: 'page_type', direction: 'asc' },
        { field: 'type', direction: 'asc' },
      ],
    },
    Number.MAX_SAFE_INTEGER,
  ))
    for (const row of page.items)
      counts.push({ day: row.day, page_type: row.page_type, type: row.type, count: row.count, registered: row.registered });

  const totals = new Map<string, { element_id: string; element_kind: string; count: number }>();
  let read = 0;
  let rows = 0;
  for await (const page of pages<ElementViewsDocument>(
    deps.documents,
    await deps.collection(ANALYTICS_ELEMENT_VIEWS),
    { filters: [inPeriod], sort: [{ field: 'count', direction: 'desc' }] },
    TOP_ELEMENT_ROWS,
  )) {
    rows = page.total;
    read += page.items.length;
    for (const row of page.items) {
      const seen = totals.get(row.element_id);
      if (seen) seen.count += row.count;
      else totals.set(row.element_id, { element_id: row.element_id, element_kind: row.element_kind, count: row.count });
    }
  }
  const topElements = [...totals.values()]
    .sort((a, b) => b.count - a.count || a.element_id.localeCompare(b.element_id))
    .slice(0, top);
  return { from, to, counts, top_elements: topElements, top_complete: read >= rows };
}
