import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { compileGrid } from './grid';
import { MASTER_GRID_COLUMNS } from './product-queries';

const compile = (request: unknown) =>
  compileGrid(MASTER_GRID_COLUMNS, request, { defaultSort: [{ field: 'name', direction: 'asc' }], special: ['category_ids'] });

function errorsOf(request: unknown): Record<string, readonly string[]> {
  try {
    compile(request);
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors;
    throw error;
  }
  throw new Error('not refused');
}

describe('the master grid’s request', () => {
  it('turns sort and filter models into a query, and hands category filters back for the join', () => {
    const { query, special } = compile({
      startRow: 100,
      endRow: 200,
      sortModel: [{ colId: 'manufacturer_name', sort: 'desc' }],
      filterModel: {
        name: { filterType: 'text', type: 'contains', filter: 'iphone' },
        manufacturer_id: { filterType: 'set', values: ['apple', 'samsung'] },
        variant_count: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 5 },
        created_at: { filterType: 'date', type: 'equals', dateFrom: '2026-11-24 00:00:00' },
        category_ids: { filterType: 'set', values: ['c1'] },
      },
      quick: 'pro max',
    });
    expect(query).toEqual({
      filters: [
        { field: 'name', op: 'contains', value: 'iphone' },
        { field: 'manufacturer_id', op: 'in', values: ['apple', 'samsung'] },
        { field: 'variant_count', op: 'range', gte: 1, lte: 5 },
        { field: 'created_at', op: 'range', gte: '2026-11-24T00:00:00.000Z', lt: '2026-11-25T00:00:00.000Z' },
        { op: 'text', value: 'pro max' },
      ],
      sort: [{ field: 'manufacturer_id', direction: 'desc' }],
      offset: 100,
      limit: 100,
    });
    expect(special).toEqual({ category_ids: ['c1'] });
    expect(compile({ startRow: 0, endRow: 10 }).query.sort).toEqual([{ field: 'name', direction: 'asc' }]);
  });

  it('refuses what the grid does not offer, keyed like the request', () => {
    expect(
      errorsOf({
        startRow: 0,
        endRow: 5000,
        sortModel: [{ colId: 'secret', sort: 'asc' }],
        filterModel: {
          password: { filterType: 'text', type: 'contains', filter: 'x' },
          name: { filterType: 'number', type: 'equals', filter: 1 },
          variant_count: { filterType: 'number', type: 'inRange', filter: 5, filterTo: 1 },
          created_at: { filterType: 'date', type: 'equals', dateFrom: 'yesterday' },
        },
      }),
    ).toEqual({ endRow: ['validation.invalid_value'] });
    expect(
      errorsOf({
        startRow: 0,
        endRow: 10,
        sortModel: [{ colId: 'secret', sort: 'asc' }],
        filterModel: {
          password: { filterType: 'text', type: 'contains', filter: 'x' },
          name: { filterType: 'number', type: 'equals', filter: 1 },
          variant_count: { filterType: 'number', type: 'inRange', filter: 5, filterTo: 1 },
          created_at: { filterType: 'date', type: 'equals', dateFrom: 'yesterday' },
          seo_name: { filterType: 'text', type: 'contains', filter: 'x', extra: 1 },
        },
      }),
    ).toEqual({
      'sortModel[0].colId': ['validation.invalid_value'],
      'filterModel.password': ['validation.unknown_field'],
      'filterModel.name.filterType': ['validation.invalid_value'],
      'filterModel.variant_count.filterTo': ['validation.invalid_value'],
      'filterModel.created_at.dateFrom': ['validation.date_invalid'],
      'filterModel.seo_name.extra': ['validation.unknown_field'],
    });
  });
});
