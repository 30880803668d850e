import { describe, expect, it } from 'vitest';
import { EMPTY_TOOLBAR, mastersUrl } from './grid-query';

describe('the master grid’s request', () => {
  it('sends the block, the models as JSON, the search and the toolbar’s choices', () => {
    const url = mastersUrl(
      '/api/admin/catalogue/masters',
      { startRow: 100, endRow: 200 },
      [{ colId: 'name', sort: 'desc' }],
      { name: { filterType: 'text', type: 'contains', filter: 'iph' } },
      { ...EMPTY_TOOLBAR, quick: ' pixel ', manufacturer: 'apple', category: 'phones' },
    );
    const params = new URL(url, 'http://x').searchParams;
    expect(params.get('startRow')).toBe('100');
    expect(params.get('endRow')).toBe('200');
    expect(JSON.parse(params.get('sortModel') ?? '')).toEqual([{ colId: 'name', sort: 'desc' }]);
    expect(JSON.parse(params.get('filterModel') ?? '')).toEqual({
      name: { filterType: 'text', type: 'contains', filter: 'iph' },
    });
    expect(params.get('quick')).toBe('pixel');
    expect(params.get('manufacturer_id')).toBe('apple');
    expect(params.get('category_id')).toBe('phones');
    expect(params.has('type_device_id')).toBe(false);
    expect(params.has('meta_master_id')).toBe(false);
  });

  it('leaves out what is not chosen', () => {
    expect(mastersUrl('/m', { startRow: 0, endRow: 10 }, [], {}, EMPTY_TOOLBAR)).toBe('/m?startRow=0&endRow=10');
  });
});
