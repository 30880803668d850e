import { describe, expect, it } from 'vitest';
import { choicesOf } from './api';
import { mastersUrl } from './masters';

describe('the assignment grid’s requests', () => {
  it('asks the master grid for one block, with the sort, the search and the category as a plain parameter', () => {
    const url = new URL(
      mastersUrl(
        { startRow: 100, endRow: 200, sortModel: [{ colId: 'name', sort: 'desc' }] },
        { shownIn: 'phones', quick: ' iphone ' },
      ),
      'https://admin.test',
    );
    expect(url.pathname).toBe('/api/admin/catalogue/masters');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startRow: '100',
      endRow: '200',
      sortModel: '[{"colId":"name","sort":"desc"}]',
      category_id: 'phones',
      quick: 'iphone',
    });
    expect(mastersUrl({ startRow: 0, endRow: 100, sortModel: [] }, { shownIn: '', quick: '' })).toBe(
      '/api/admin/catalogue/masters?startRow=0&endRow=100',
    );
  });

  it('reads a reference list’s entries as choices sorted by name', () => {
    expect(
      choicesOf({
        items: [
          { id: 'samsung', name: 'Samsung', stream_version: 1 },
          { id: 'apple', name: 'Apple', stream_version: 3 },
          { name: 'no id' },
        ],
      }),
    ).toEqual([
      { id: 'apple', name: 'Apple' },
      { id: 'samsung', name: 'Samsung' },
    ]);
    expect(choicesOf(null)).toEqual([]);
  });
});
