import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { discountGridQuery } from './grid';

const errorsOf = (request: Parameters<typeof discountGridQuery>[0]) => {
  try {
    discountGridQuery(request);
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors;
    throw error;
  }
  return null;
};

describe('the discount grid’s request', () => {
  it('turns AG Grid’s block, sort and filters into a query, hiding archived definitions unless asked', () => {
    expect(
      discountGridQuery({
        startRow: 100,
        endRow: 200,
        sortModel: JSON.stringify([{ colId: 'discount_value', sort: 'desc' }]),
        filterModel: JSON.stringify({
          title: { filterType: 'text', type: 'contains', filter: 'jaro' },
          is_active: { filterType: 'set', values: ['true'] },
          discount_value: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 20 },
          valid_to: { filterType: 'date', type: 'lessThan', dateFrom: '2026-12-01 00:00:00' },
        }),
        quick: ' léto ',
      }),
    ).toEqual({
      filters: [
        { field: 'archived', op: 'equals', value: false },
        { field: 'title', op: 'contains', value: 'jaro' },
        { field: 'is_active', op: 'in', values: [true] },
        { field: 'discount_value', op: 'range', gte: 10, lte: 20 },
        { field: 'valid_to', op: 'range', lt: '2026-12-01T00:00:00.000Z' },
        { op: 'text', value: 'léto' },
      ],
      sort: [{ field: 'discount_value', direction: 'desc' }],
      offset: 100,
      limit: 100,
    });
    expect(discountGridQuery({ archived: 'all' }).filters).toEqual([]);
    expect(discountGridQuery({ archived: 'true' }).filters).toEqual([{ field: 'archived', op: 'equals', value: true }]);
  });

  it('takes page, page_size and sort as the plain spelling', () => {
    expect(discountGridQuery({ page: 3, page_size: 20, sort: '-title' })).toMatchObject({
      sort: [{ field: 'title', direction: 'desc' }],
      offset: 40,
      limit: 20,
    });
  });

  it('names what it cannot take, as the request spells it', () => {
    expect(errorsOf({ sortModel: '[' })).toEqual({ sortModel: ['validation.invalid_value'] });
    expect(errorsOf({ sortModel: JSON.stringify([{ colId: 'internal_note', sort: 'asc' }]) })).toEqual({
      'sortModel[0].colId': ['validation.invalid_value'],
    });
    expect(errorsOf({ filterModel: JSON.stringify({ nope: { filterType: 'text' } }) })).toEqual({
      'filterModel.nope': ['validation.unknown_field'],
    });
    expect(errorsOf({ filterModel: JSON.stringify({ is_active: { filterType: 'set', values: ['maybe'] } }) })).toEqual({
      'filterModel.is_active': ['validation.invalid_value'],
    });
    expect(errorsOf({ startRow: 0, endRow: 5_000 })).toEqual({ endRow: ['validation.invalid_value'] });
    expect(errorsOf({ page: 1, startRow: 0 })).toEqual({ page: ['validation.invalid_value'] });
  });
});
