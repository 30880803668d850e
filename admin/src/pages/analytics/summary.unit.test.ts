import { describe, expect, it } from 'vitest';
import { lastDays, overall, perDay, perPageType, type AnalyticsSummary } from './summary';

const summary: AnalyticsSummary = {
  from: '2026-11-22',
  to: '2026-11-24',
  counts: [
    { day: '2026-11-22', page_type: 'catalog', type: 'page_view', count: 5, registered: 2 },
    { day: '2026-11-22', page_type: 'home_page', type: 'page_view', count: 3, registered: 0 },
    { day: '2026-11-22', page_type: 'catalog', type: 'view', count: 40, registered: 0 },
    { day: '2026-11-24', page_type: 'home_page', type: 'page_view', count: 1, registered: 1 },
  ],
  top_elements: [],
  top_complete: true,
};

describe('the analytics page’s figures', () => {
  it('lists every day of the period, a quiet one as zeros, with page views per page type for the stacked bars', () => {
    expect(perDay(summary)).toEqual([
      { day: '2026-11-22', pageViews: 8, registered: 2, views: 40, catalog: 5, home_page: 3 },
      { day: '2026-11-23', pageViews: 0, registered: 0, views: 0 },
      { day: '2026-11-24', pageViews: 1, registered: 1, views: 0, home_page: 1 },
    ]);
  });

  it('totals each page type, most page views first, and the whole period', () => {
    const types = perPageType(summary);
    expect(types).toEqual([
      { pageType: 'catalog', pageViews: 5, registered: 2, views: 40 },
      { pageType: 'home_page', pageViews: 4, registered: 1, views: 0 },
    ]);
    expect(overall(types)).toEqual({ pageViews: 9, registered: 3, views: 40 });
  });

  it('names the period of the last n days', () => {
    expect(lastDays('2026-11-24', 7)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });
});
