import type { Filter, Query, SortKey } from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import { z } from 'zod';

/**
 * AG Grid's infinite row model for the discount grid, as the other admin
 * grids read it (startRow, endRow, sortModel and filterModel as JSON; a
 * context cannot import another's, so the cart keeps this small one). A
 * column, operator or value the grid does not declare is a field error keyed
 * as the request spells it (`sortModel[0].colId`, `filterModel.title`),
 * never a 500.
 */

type ColumnFilter = 'text' | 'number' | 'boolean' | 'date' | 'set';

export const DISCOUNT_GRID_COLUMNS: Readonly<Record<string, ColumnFilter>> = {
  title: 'text',
  marketing_name: 'text',
  discount_type: 'set',
  discount_value: 'number',
  is_active: 'boolean',
  is_public: 'boolean',
  is_combinable: 'boolean',
  is_automatic_assignment: 'boolean',
  is_isic: 'boolean',
  archived: 'boolean',
  valid_from: 'date',
  valid_to: 'date',
  generated_codes: 'number',
  updated_at: 'date',
};

export const GRID_MAX_ROWS = 1000;

const text = z.strictObject({
  filterType: z.literal('text'),
  type: z.enum(['contains', 'equals']),
  filter: z.string().trim().min(1).max(200),
});
const number = z.strictObject({
  filterType: z.literal('number'),
  type: z.enum(['equals', 'lessThan', 'greaterThan', 'inRange']),
  filter: z.number(),
  filterTo: z.number().nullable().optional(),
});
const set = z.strictObject({ filterType: z.literal('set'), values: z.array(z.string().max(100)).max(100) });
const date = z.strictObject({
  filterType: z.literal('date'),
  type: z.enum(['equals', 'lessThan', 'greaterThan', 'inRange']),
  dateFrom: z.string().max(30),
  dateTo: z.string().max(30).nullable().optional(),
});
const MODELS = { text, number, boolean: set, set, date } as const;

const sortModel = z.array(z.strictObject({ colId: z.string().max(100), sort: z.enum(['asc', 'desc']) })).max(10);
const filterModel = z.record(z.string(), z.unknown());

const DAY_MS = 86_400_000;
const dayOf = (value: string): number | undefined => {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  const time = match ? Date.parse(`${match[1]}T00:00:00.000Z`) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
};

export interface DiscountGridRequest {
  readonly startRow?: number;
  readonly endRow?: number;
  readonly page?: number;
  readonly page_size?: number;
  readonly sort?: string;
  readonly sortModel?: string;
  readonly filterModel?: string;
  readonly quick?: string;
  readonly archived?: 'false' | 'true' | 'all';
}

const parseJson = (value: string | undefined, key: string, errors: Record<string, string[]>): unknown => {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    errors[key] = ['validation.invalid_value'];
    return undefined;
  }
};

/** The grid's request as a document-store query over the discounts collection. */
export function discountGridQuery(request: DiscountGridRequest): Query {
  const errors: Record<string, string[]> = {};
  // `page` / `page_size` and `sort` are the plain spelling of AG Grid's block and sortModel (one or the other).
  const pageSize = request.page_size ?? 50;
  const startRow = request.page !== undefined ? (request.page - 1) * pageSize : (request.startRow ?? 0);
  const endRow = request.page !== undefined ? startRow + pageSize : (request.endRow ?? startRow + 100);
  if (request.page !== undefined && (request.startRow !== undefined || request.endRow !== undefined))
    errors.page = ['validation.invalid_value'];
  if (request.sort !== undefined && request.sortModel !== undefined) errors.sort = ['validation.invalid_value'];
  if (endRow - startRow < 1 || endRow - startRow > GRID_MAX_ROWS) errors.endRow = ['validation.invalid_value'];
  const sort: SortKey[] = [];
  const plainSort =
    request.sort === undefined
      ? undefined
      : [{ colId: request.sort.replace(/^-/, ''), sort: request.sort.startsWith('-') ? 'desc' : 'asc' }];
  const sorts = sortModel.safeParse(plainSort ?? parseJson(request.sortModel, 'sortModel', errors) ?? []);
  if (!sorts.success) errors.sortModel = ['validation.invalid_value'];
  else
    sorts.data.forEach(({ colId, sort: direction }, index) => {
      if (!(colId in DISCOUNT_GRID_COLUMNS) || sort.some((key) => key.field === colId))
        errors[`sortModel[${index}].colId`] = ['validation.invalid_value'];
      else sort.push({ field: colId, direction });
    });
  const filters: Filter[] = [];
  if (request.archived !== 'all') filters.push({ field: 'archived', op: 'equals', value: request.archived === 'true' });
  const models = filterModel.safeParse(parseJson(request.filterModel, 'filterModel', errors) ?? {});
  if (!models.success) errors.filterModel = ['validation.invalid_value'];
  else
    for (const [colId, raw] of Object.entries(models.data)) {
      const key = `filterModel.${colId}`;
      const kind = DISCOUNT_GRID_COLUMNS[colId];
      if (!kind) {
        errors[key] = ['validation.unknown_field'];
        continue;
      }
      const parsed = MODELS[kind].safeParse(raw);
      if (!parsed.success) {
        errors[key] = ['validation.invalid_value'];
        continue;
      }
      const model = parsed.data;
      switch (model.filterType) {
        case 'text':
          filters.push({ field: colId, op: model.type, value: model.filter });
          break;
        case 'set':
          if (kind === 'boolean') {
            const values = model.values.filter((value) => value === 'true' || value === 'false');
            if (values.length !== model.values.length) errors[key] = ['validation.invalid_value'];
            else filters.push({ field: colId, op: 'in', values: values.map((value) => value === 'true') });
          } else filters.push({ field: colId, op: 'in', values: model.values });
          break;
        case 'number':
          if (model.type === 'equals') filters.push({ field: colId, op: 'equals', value: model.filter });
          else if (model.type === 'lessThan') filters.push({ field: colId, op: 'range', lt: model.filter });
          else if (model.type === 'greaterThan') filters.push({ field: colId, op: 'range', gt: model.filter });
          else if (model.filterTo === undefined || model.filterTo === null || model.filterTo < model.filter)
            errors[`${key}.filterTo`] = ['validation.invalid_value'];
          else filters.push({ field: colId, op: 'range', gte: model.filter, lte: model.filterTo });
          break;
        case 'date': {
          const from = dayOf(model.dateFrom);
          const to = model.dateTo ? dayOf(model.dateTo) : undefined;
          const iso = (ms: number) => new Date(ms).toISOString();
          if (from === undefined) errors[`${key}.dateFrom`] = ['validation.date_invalid'];
          else if (model.type === 'equals') filters.push({ field: colId, op: 'range', gte: iso(from), lt: iso(from + DAY_MS) });
          else if (model.type === 'lessThan') filters.push({ field: colId, op: 'range', lt: iso(from) });
          else if (model.type === 'greaterThan') filters.push({ field: colId, op: 'range', gte: iso(from + DAY_MS) });
          else if (to === undefined || to < from) errors[`${key}.dateTo`] = ['validation.date_invalid'];
          else filters.push({ field: colId, op: 'range', gte: iso(from), lt: iso(to + DAY_MS) });
          break;
        }
      }
    }
  const quick = request.quick?.trim();
  if (quick) filters.push({ op: 'text', value: quick });
  if (Object.keys(errors).length > 0)
    throw new ValidationError('validation.failed', errors, `Invalid grid request: ${Object.keys(errors).join(', ')}`);
  return {
    filters,
    sort: sort.length > 0 ? sort : [{ field: 'updated_at', direction: 'desc' }],
    offset: startRow,
    limit: endRow - startRow,
  };
}
