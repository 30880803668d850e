import { describe, expect, it } from 'vitest';
import { project, recorded } from '@buyloop/projector/spec';
import { dailyCountsProjection, dayIn, elementViewsProjection } from './projections';

const pageView = (page_type: string, registered: boolean, at: string) =>
  recorded('PageViewed', { page_type, registered, path: '/' }, 'visits-1', new Date(at));
const view = (element_id: string, at: string, page_type = 'catalog') =>
  recorded('ElementViewed', { element_id, element_kind: 'product_tile', page_type }, 'visits-2', new Date(at));

describe('analytics projections', () => {
  it('count page views and element views per market day, page type and kind, with the signed-in share of page views', () => {
    const documents = project(dailyCountsProjection, [
      pageView('catalog', true, '2026-11-24T08:00:00Z'),
      pageView('catalog', false, '2026-11-24T09:00:00Z'),
      pageView('home_page', false, '2026-11-24T09:00:00Z'),
      view('IPH15', '2026-11-24T09:01:00Z'),
      // 23:30 UTC is already the next day in Prague.
      pageView('catalog', true, '2026-11-24T23:30:00Z'),
    ]);
    expect(Object.fromEntries(documents)).toEqual({
      '2026-11-24:catalog:page_view': { day: '2026-11-24', page_type: 'catalog', type: 'page_view', count: 2, registered: 1 },
      '2026-11-24:home_page:page_view': { day: '2026-11-24', page_type: 'home_page', type: 'page_view', count: 1, registered: 0 },
      '2026-11-24:catalog:view': { day: '2026-11-24', page_type: 'catalog', type: 'view', count: 1, registered: 0 },
      '2026-11-25:catalog:page_view': { day: '2026-11-25', page_type: 'catalog', type: 'page_view', count: 1, registered: 1 },
    });
  });

  it('count each element’s views per day, whichever page it was seen on, and leave page views out', () => {
    const documents = project(elementViewsProjection, [
      view('IPH15', '2026-11-24T08:00:00Z', 'catalog'),
      view('IPH15', '2026-11-24T08:05:00Z', 'home_page'),
      view('GALAXY', '2026-11-24T08:06:00Z'),
      view('IPH15', '2026-11-25T08:00:00Z'),
      pageView('catalog', false, '2026-11-24T08:00:00Z'),
    ]);
    expect(documents.get('2026-11-24:IPH15')).toEqual({
      day: '2026-11-24',
      element_id: 'IPH15',
      element_kind: 'product_tile',
      count: 2,
    });
    expect(documents.get('2026-11-25:IPH15')?.count).toBe(1);
    expect(documents.get('2026-11-24:GALAXY')?.count).toBe(1);
    expect(documents.size).toBe(3);
  });

  it('read the day in the given zone', () => {
    expect(dayIn(new Date('2026-03-28T22:30:00Z'), 'Europe/Bucharest')).toBe('2026-03-29');
    expect(dayIn(new Date('2026-03-28T22:30:00Z'), 'Europe/Prague')).toBe('2026-03-28');
  });
});
