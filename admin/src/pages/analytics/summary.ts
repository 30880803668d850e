/** The API's answer (GET /api/admin/analytics/summary; its schema is `summarySchema` in @buyloop/analytics). */
export interface AnalyticsSummary {
  readonly from: string;
  readonly to: string;
  readonly counts: ReadonlyArray<{
    readonly day: string;
    readonly page_type: string;
    readonly type: 'page_view' | 'view';
    readonly count: number;
    readonly registered: number;
  }>;
  readonly top_elements: ReadonlyArray<{ readonly element_id: string; readonly element_kind: string; readonly count: number }>;
  readonly top_complete: boolean;
}

export interface Totals {
  readonly pageViews: number;
  readonly registered: number;
  readonly views: number;
}

const DAY_MS = 86_400_000;
const empty = (): { pageViews: number; registered: number; views: number } => ({ pageViews: 0, registered: 0, views: 0 });

/** Every day of the period, in order, with its totals (days without visits as zeros, so the chart keeps its scale of time). */
export function perDay(
  summary: AnalyticsSummary,
): Array<{ readonly day: string } & Totals & Readonly<Record<string, number | string>>> {
  const days = new Map<
    string,
    { day: string; pageViews: number; registered: number; views: number } & Record<string, number | string>
  >();
  for (let at = Date.parse(summary.from); at <= Date.parse(summary.to); at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    days.set(day, { day, ...empty() });
  }
  for (const row of summary.counts) {
    const day = days.get(row.day);
    if (!day) continue;
    if (row.type === 'page_view') {
      day.pageViews += row.count;
      day.registered += row.registered;
      // Page views of each page type, for the stacked bars.
      day[row.page_type] = ((day[row.page_type] as number | undefined) ?? 0) + row.count;
    } else day.views += row.count;
  }
  return [...days.values()];
}

/** Totals per page type over the period, most page views first. */
export function perPageType(summary: AnalyticsSummary): Array<{ readonly pageType: string } & Totals> {
  const types = new Map<string, { pageType: string; pageViews: number; registered: number; views: number }>();
  for (const row of summary.counts) {
    const totals = types.get(row.page_type) ?? { pageType: row.page_type, ...empty() };
    if (row.type === 'page_view') {
      totals.pageViews += row.count;
      totals.registered += row.registered;
    } else totals.views += row.count;
    types.set(row.page_type, totals);
  }
  return [...types.values()].sort(
    (a, b) => b.pageViews - a.pageViews || b.views - a.views || a.pageType.localeCompare(b.pageType),
  );
}

/** The whole period's totals. */
export const overall = (rows: readonly Totals[]): Totals =>
  rows.reduce(
    (sum, row) => ({
      pageViews: sum.pageViews + row.pageViews,
      registered: sum.registered + row.registered,
      views: sum.views + row.views,
    }),
    empty(),
  );

/** The period of the last `days` days up to `today` (YYYY-MM-DD). */
export const lastDays = (today: string, days: number): { from: string; to: string } => ({
  from: new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10),
  to: today,
});
