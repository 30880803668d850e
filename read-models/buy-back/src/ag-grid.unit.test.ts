import { describe, expect, it } from 'vitest';
import { compileCollection, normaliseQuery, type CollectionDefinition } from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import { agGrid, type AgGridDefinition } from './ag-grid';

/** A grid that has nothing to do with buy-backs: the translation is generic. */
const orders: Omit<CollectionDefinition, 'name'> = {
  fields: {
    number: { path: 'number', type: 'string' },
    customer: { path: 'customer.name', type: 'string' },
    total: { path: 'total', type: 'number' },
    placed_at: { path: 'placed_at', type: 'date' },
    status: { path: 'status', type: 'string' },
    priority: { path: 'priority', type: 'number' },
    paid: { path: 'paid', type: 'boolean' },
    grade: { path: 'grade', type: 'string' },
    grade_weight: { path: 'grade_weight', type: 'number' },
  },
  textFields: ['number', 'customer'],
};

const definition: AgGridDefinition = {
  columns: {
    number: { filters: ['text'] },
    customer_name: { field: 'customer', filters: ['text'] },
    total: { filters: ['number'] },
    placed_at: { filters: ['date'] },
    age: { field: 'placed_at', sort: { field: 'placed_at', reversed: true } },
    status: { filters: ['set'], values: ['placed', 'paid', 'shipped'] },
    priority: { filters: ['set', 'number'] },
    paid: { filters: ['set'], sort: false },
    grade: { filters: ['set'], sort: { field: 'grade_weight', reversed: true } },
  },
  defaultSort: [{ field: 'placed_at', direction: 'desc' }],
};

const grid = agGrid(orders, definition);
const block = { startRow: 200, endRow: 300 };

/** The field errors of a refused request. */
function errorsOf(request: unknown, on = grid): Record<string, readonly string[]> {
  try {
    on.toQuery(request);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('validation.failed');
    return { ...(error as ValidationError).fieldErrors };
  }
  throw new Error('the request was accepted');
}

describe('AG Grid request → document store query', () => {
  it('translates a block with sort, every filter kind and the quick search, into a query the store accepts', () => {
    const query = grid.toQuery({
      startRow: 200,
      endRow: 300,
      sortModel: [
        { colId: 'age', sort: 'asc' },
        { colId: 'grade', sort: 'asc' },
        { colId: 'total', sort: 'desc' },
      ],
      filterModel: {
        customer_name: { filterType: 'text', type: 'contains', filter: '  krizek ' },
        number: { filterType: 'text', type: 'equals', filter: 'O-17' },
        total: { filterType: 'number', type: 'inRange', filter: 100, filterTo: 500 },
        placed_at: { filterType: 'date', type: 'equals', dateFrom: '2026-11-03 00:00:00', dateTo: null },
        status: { filterType: 'set', values: ['paid', 'shipped'] },
        priority: { filterType: 'set', values: ['1', 2] },
        paid: { filterType: 'set', values: ['true'] },
      },
      quick: 'iphone modrý',
    });
    expect(query).toEqual({
      filters: [
        { field: 'customer', op: 'contains', value: 'krizek' },
        { field: 'number', op: 'equals', value: 'O-17' },
        { field: 'total', op: 'range', gt: 100, lt: 500 },
        { field: 'placed_at', op: 'range', gte: '2026-11-03T00:00:00.000Z', lt: '2026-11-04T00:00:00.000Z' },
        { field: 'status', op: 'in', values: ['paid', 'shipped'] },
        { field: 'priority', op: 'in', values: [1, 2] },
        { field: 'paid', op: 'in', values: [true] },
        { op: 'text', value: 'iphone modrý' },
      ],
      // The oldest first has the most age; the best grade (highest weight) first reads A+ → D.
      sort: [
        { field: 'placed_at', direction: 'desc' },
        { field: 'grade_weight', direction: 'desc' },
        { field: 'total', direction: 'desc' },
      ],
      offset: 200,
      limit: 100,
    });
    expect(() => normaliseQuery(compileCollection({ name: 'orders', ...orders }), query)).not.toThrow();
  });

  it('uses the grid’s default order when the request names none, and leaves out an empty quick search', () => {
    expect(grid.toQuery({ ...block, sortModel: [], filterModel: {}, quick: '   ' })).toEqual({
      filters: [],
      sort: [{ field: 'placed_at', direction: 'desc' }],
      offset: 200,
      limit: 100,
    });
    expect(grid.toQuery({ startRow: 0, endRow: 1000, sortModel: null, filterModel: null })).toMatchObject({
      offset: 0,
      limit: 1000,
    });
  });

  it.each([
    ['equals', { filter: 7 }, { field: 'total', op: 'equals', value: 7 }],
    ['lessThan', { filter: 7 }, { field: 'total', op: 'range', lt: 7 }],
    ['lessThanOrEqual', { filter: 7 }, { field: 'total', op: 'range', lte: 7 }],
    ['greaterThan', { filter: 7 }, { field: 'total', op: 'range', gt: 7 }],
    ['greaterThanOrEqual', { filter: 7 }, { field: 'total', op: 'range', gte: 7 }],
  ])('number %s', (type, values, expected) => {
    expect(grid.toQuery({ ...block, filterModel: { total: { filterType: 'number', type, ...values } } }).filters).toEqual([
      expected,
    ]);
  });

  it.each([
    ['lessThan', { dateFrom: '2026-11-03' }, { lt: '2026-11-03T00:00:00.000Z' }],
    ['greaterThan', { dateFrom: '2026-11-03 00:00:00' }, { gte: '2026-11-04T00:00:00.000Z' }],
    // Exclusive like AG Grid's own default: the days strictly between.
    [
      'inRange',
      { dateFrom: '2026-11-03', dateTo: '2026-11-06' },
      { gte: '2026-11-04T00:00:00.000Z', lt: '2026-11-06T00:00:00.000Z' },
    ],
  ])('date %s compares whole UTC days', (type, values, bounds) => {
    expect(grid.toQuery({ ...block, filterModel: { placed_at: { filterType: 'date', type, ...values } } }).filters).toEqual([
      { field: 'placed_at', op: 'range', ...bounds },
    ]);
  });

  it('includes both ends of a range when the grid says inRangeInclusive', () => {
    const inclusive = agGrid(orders, { ...definition, inRangeInclusive: true });
    expect(
      inclusive.toQuery({
        ...block,
        filterModel: {
          total: { filterType: 'number', type: 'inRange', filter: 100, filterTo: 500 },
          placed_at: { filterType: 'date', type: 'inRange', dateFrom: '2026-11-03', dateTo: '2026-11-06' },
        },
      }).filters,
    ).toEqual([
      { field: 'total', op: 'range', gte: 100, lte: 500 },
      { field: 'placed_at', op: 'range', gte: '2026-11-03T00:00:00.000Z', lt: '2026-11-07T00:00:00.000Z' },
    ]);
  });

  describe('refuses, keyed like the request', () => {
    it.each<[string, unknown, Record<string, string[]>]>([
      ['a request that is no object', 'rows please', { _: ['validation.invalid_type'] }],
      ['missing rows', {}, { startRow: ['validation.required'], endRow: ['validation.required'] }],
      ['an unknown key', { ...block, pivotMode: true }, { pivotMode: ['validation.unknown_field'] }],
      ['a negative start', { startRow: -1, endRow: 10 }, { startRow: ['validation.invalid_value'] }],
      ['a fractional row', { startRow: 0.5, endRow: 10 }, { startRow: ['validation.invalid_value'] }],
      ['rows as text', { startRow: '0', endRow: 10 }, { startRow: ['validation.invalid_type'] }],
      ['an empty block', { startRow: 10, endRow: 10 }, { endRow: ['validation.invalid_value'] }],
      ['more than 1000 rows', { startRow: 0, endRow: 1001 }, { endRow: ['validation.invalid_value'] }],
      [
        'an unknown sort column',
        {
          ...block,
          sortModel: [
            { colId: 'total', sort: 'asc' },
            { colId: 'secret', sort: 'asc' },
          ],
        },
        { 'sortModel[1].colId': ['validation.invalid_value'] },
      ],
      [
        'a column that does not sort',
        { ...block, sortModel: [{ colId: 'paid', sort: 'asc' }] },
        { 'sortModel[0].colId': ['validation.invalid_value'] },
      ],
      [
        'the same column sorted twice',
        {
          ...block,
          sortModel: [
            { colId: 'total', sort: 'asc' },
            { colId: 'total', sort: 'desc' },
          ],
        },
        { 'sortModel[1].colId': ['validation.invalid_value'] },
      ],
      [
        'a direction that is none',
        { ...block, sortModel: [{ colId: 'total', sort: 'up' }] },
        { 'sortModel[0].sort': ['validation.invalid_value'] },
      ],
      [
        'a sort key with extras',
        { ...block, sortModel: [{ colId: 'total', sort: 'asc', rank: 1 }] },
        { 'sortModel[0].rank': ['validation.unknown_field'] },
      ],
      [
        'an unknown filter column',
        { ...block, filterModel: { secret: { filterType: 'text', type: 'contains', filter: 'x' } } },
        { 'filterModel.secret': ['validation.unknown_field'] },
      ],
      [
        'a column without filters',
        { ...block, filterModel: { age: { filterType: 'number', type: 'equals', filter: 1 } } },
        { 'filterModel.age': ['validation.unknown_field'] },
      ],
      [
        'a filter kind the column does not offer',
        { ...block, filterModel: { number: { filterType: 'number', type: 'equals', filter: 1 } } },
        { 'filterModel.number.filterType': ['validation.invalid_value'] },
      ],
      [
        'a filter without its kind',
        { ...block, filterModel: { number: { type: 'contains', filter: 'x' } } },
        { 'filterModel.number.filterType': ['validation.required'] },
      ],
      [
        'a filter model that is no object',
        { ...block, filterModel: { number: 'x' } },
        { 'filterModel.number': ['validation.invalid_type'] },
      ],
      [
        'a text operator the store cannot answer',
        { ...block, filterModel: { number: { filterType: 'text', type: 'startsWith', filter: 'O' } } },
        { 'filterModel.number.type': ['validation.invalid_value'] },
      ],
      [
        'an empty text',
        { ...block, filterModel: { number: { filterType: 'text', type: 'contains', filter: '  ' } } },
        { 'filterModel.number.filter': ['validation.required'] },
      ],
      [
        'a combined filter',
        { ...block, filterModel: { number: { filterType: 'text', operator: 'OR', conditions: [] } } },
        {
          'filterModel.number.type': ['validation.required'],
          'filterModel.number.filter': ['validation.required'],
          'filterModel.number.operator': ['validation.unknown_field'],
          'filterModel.number.conditions': ['validation.unknown_field'],
        },
      ],
      [
        'a number as text',
        { ...block, filterModel: { total: { filterType: 'number', type: 'equals', filter: '7' } } },
        { 'filterModel.total.filter': ['validation.invalid_type'] },
      ],
      [
        'a number range without its end',
        { ...block, filterModel: { total: { filterType: 'number', type: 'inRange', filter: 7 } } },
        { 'filterModel.total.filterTo': ['validation.required'] },
      ],
      [
        'a number range backwards',
        { ...block, filterModel: { total: { filterType: 'number', type: 'inRange', filter: 7, filterTo: 3 } } },
        { 'filterModel.total.filterTo': ['validation.invalid_value'] },
      ],
      [
        'a date operator not offered',
        { ...block, filterModel: { placed_at: { filterType: 'date', type: 'notEqual', dateFrom: '2026-11-03' } } },
        { 'filterModel.placed_at.type': ['validation.invalid_value'] },
      ],
      [
        'a day that does not exist',
        { ...block, filterModel: { placed_at: { filterType: 'date', type: 'equals', dateFrom: '2026-02-30' } } },
        { 'filterModel.placed_at.dateFrom': ['validation.date_invalid'] },
      ],
      [
        'a date with a time of day',
        { ...block, filterModel: { placed_at: { filterType: 'date', type: 'equals', dateFrom: '2026-11-03 14:00:00' } } },
        { 'filterModel.placed_at.dateFrom': ['validation.date_invalid'] },
      ],
      [
        'a date range without its end',
        { ...block, filterModel: { placed_at: { filterType: 'date', type: 'inRange', dateFrom: '2026-11-03', dateTo: null } } },
        { 'filterModel.placed_at.dateTo': ['validation.required'] },
      ],
      [
        'a set value not on the list',
        { ...block, filterModel: { status: { filterType: 'set', values: ['paid', 'lost'] } } },
        { 'filterModel.status.values[1]': ['validation.invalid_value'] },
      ],
      [
        'a set value of the wrong type',
        { ...block, filterModel: { priority: { filterType: 'set', values: ['high'] } } },
        { 'filterModel.priority.values[0]': ['validation.invalid_value'] },
      ],
      [
        'a boolean that is none',
        { ...block, filterModel: { paid: { filterType: 'set', values: ['yes'] } } },
        { 'filterModel.paid.values[0]': ['validation.invalid_value'] },
      ],
      ['a quick search too long', { ...block, quick: 'x'.repeat(201) }, { quick: ['validation.max_length'] }],
    ])('%s', (_name, request, expected) => {
      expect(errorsOf(request)).toEqual(expected);
    });

    it('every problem of a request at once', () => {
      expect(
        errorsOf({
          ...block,
          sortModel: [{ colId: 'nope', sort: 'asc' }],
          filterModel: {
            status: { filterType: 'set', values: ['lost'] },
            total: { filterType: 'number', type: 'between', filter: 1 },
          },
        }),
      ).toEqual({
        'sortModel[0].colId': ['validation.invalid_value'],
        'filterModel.status.values[0]': ['validation.invalid_value'],
        'filterModel.total.type': ['validation.invalid_value'],
      });
    });

    it('a quick search where the collection has no text fields', () => {
      const plain = agGrid({ fields: { total: { path: 'total', type: 'number' } } }, { columns: { total: {} } });
      expect(errorsOf({ ...block, quick: 'x' }, plain)).toEqual({ quick: ['validation.unknown_field'] });
    });
  });

  it('refuses a grid definition that does not fit its collection when it is made, not when a user asks', () => {
    expect(() => agGrid(orders, { columns: { secret: {} } })).toThrow(/secret: field secret is not declared/);
    expect(() => agGrid(orders, { columns: { total: { filters: ['text'] } } })).toThrow(
      /a text filter cannot filter a number field/,
    );
    expect(() => agGrid(orders, { columns: { paid: { filters: ['date'] } } })).toThrow(
      /a date filter cannot filter a boolean field/,
    );
    expect(() => agGrid(orders, { columns: { total: { sort: { field: 'missing' } } } })).toThrow(/field missing is not declared/);
    expect(() => agGrid(orders, { columns: {}, defaultSort: [{ field: 'missing', direction: 'asc' }] })).toThrow(/not declared/);
  });
});
