import { describe, expect, it } from 'vitest';
import {
  clearColumnState,
  columnStateKey,
  csvExportUrl,
  gridRequest,
  loadColumnState,
  mergeFilters,
  saveColumnState,
  toggleStatus,
} from './grid';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
};

describe('buy-back grid request', () => {
  it('adds the status buttons as a set filter beside the grid filters', () => {
    const grid = { imei: { filterType: 'text', type: 'contains', filter: '4901' } };
    expect(mergeFilters(grid, ['received', 'inspected'])).toEqual({
      imei: { filterType: 'text', type: 'contains', filter: '4901' },
      status: { filterType: 'set', values: ['received', 'inspected'] },
    });
    expect(mergeFilters(grid, [])).toEqual(grid);
  });

  it('sends the quick search only when there is one', () => {
    const query = { sortModel: [{ colId: 'created_at', sort: 'desc' as const }], filterModel: {}, quick: '  ' };
    expect(gridRequest(0, 100, query)).toEqual({
      startRow: 0,
      endRow: 100,
      sortModel: [{ colId: 'created_at', sort: 'desc' }],
      filterModel: {},
    });
    expect(gridRequest(100, 200, { ...query, quick: ' 2611 ' }).quick).toBe('2611');
  });

  it('builds the CSV link with the same models as JSON query parameters', () => {
    const url = csvExportUrl({
      sortModel: [{ colId: 'offered_price', sort: 'asc' }],
      filterModel: { status: { filterType: 'set', values: ['paid'] } },
      quick: 'iPhone',
    });
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/admin/buybacks.csv');
    expect(JSON.parse(parsed.searchParams.get('filterModel')!)).toEqual({ status: { filterType: 'set', values: ['paid'] } });
    expect(JSON.parse(parsed.searchParams.get('sortModel')!)).toEqual([{ colId: 'offered_price', sort: 'asc' }]);
    expect(parsed.searchParams.get('quick')).toBe('iPhone');
  });

  it('toggles statuses', () => {
    expect(toggleStatus([], 'paid')).toEqual(['paid']);
    expect(toggleStatus(['paid', 'received'], 'paid')).toEqual(['received']);
  });
});

describe('column state per user', () => {
  it('keeps order, width, sort and hidden columns under the user id', () => {
    const storage = memoryStorage();
    saveColumnState(storage, 'u1', [
      { colId: 'imei', width: 180, hide: true, sort: null, sortIndex: null },
      { colId: 'created_at', width: 140, hide: false, sort: 'desc', sortIndex: 0 },
    ]);
    expect([...storage.map.keys()]).toEqual([columnStateKey('u1')]);
    expect(loadColumnState(storage, 'u1')).toEqual([
      { colId: 'imei', width: 180, hide: true, sort: null, sortIndex: null },
      { colId: 'created_at', width: 140, hide: false, sort: 'desc', sortIndex: 0 },
    ]);
    expect(loadColumnState(storage, 'u2')).toBeNull();
    clearColumnState(storage, 'u1');
    expect(loadColumnState(storage, 'u1')).toBeNull();
  });

  it('ignores a saved state that does not parse', () => {
    const storage = memoryStorage();
    storage.setItem(columnStateKey('u1'), '{nope');
    expect(loadColumnState(storage, 'u1')).toBeNull();
    storage.setItem(columnStateKey('u1'), JSON.stringify([{ colId: 'imei' }, { width: 3 }, null]));
    expect(loadColumnState(storage, 'u1')).toEqual([{ colId: 'imei' }]);
  });
});
