import { parseIsoDate, type Filter, type Query, type SortKey } from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import { z } from 'zod';

/**
 * AG Grid's infinite row model for the catalogue's grids, the way the
 * buy-back's grid reads it (read-models/buy-back/src/ag-grid.ts; a context
 * cannot import another's, so the catalogue keeps its own, smaller one):
 * startRow, endRow, sortModel and filterModel in, a document-store query
 * out. A column, operator or value the grid does not declare is a field
 * error keyed the way the request spells it (`sortModel[0].colId`,
 * `filterModel.name.type`), never a 500 and never an undeclared field.
 */

export type GridFilterType = 'text' | 'number' | 'set' | 'date';

export interface GridColumn {
  /** The collection's declared field; the column id when absent. */
  readonly field?: string;
  readonly filters?: readonly GridFilterType[];
  /** false: not sortable. */
  readonly sortable?: boolean;
}

export interface GridRequest {
  readonly startRow: number;
  readonly endRow: number;
  readonly sortModel?: readonly { colId: string; sort: 'asc' | 'desc' }[] | null;
  readonly filterModel?: Readonly<Record<string, unknown>> | null;
  readonly quick?: string | null;
}

/** The rows asked for at once, at most (AG Grid asks for 100 by default). */
export const GRID_MAX_ROWS = 1000;
const MAX_TEXT = 200;
const DAY_MS = 86_400_000;

export const gridRequestSchema = z
  .strictObject({
    startRow: z
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER - GRID_MAX_ROWS),
    endRow: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    sortModel: z
      .array(z.strictObject({ colId: z.string().max(100), sort: z.enum(['asc', 'desc']) }))
      .max(10)
      .nullable()
      .optional(),
    filterModel: z.record(z.string(), z.unknown()).nullable().optional(),
    quick: z.string().trim().max(MAX_TEXT).nullable().optional(),
  })
  .superRefine((request, ctx) => {
    const rows = request.endRow - request.startRow;
    if (rows < 1 || rows > GRID_MAX_ROWS) ctx.addIssue({ code: 'custom', path: ['endRow'], message: 'validation.invalid_value' });
  });

const textModel = z.strictObject({
  filterType: z.literal('text'),
  type: z.enum(['contains', 'equals']),
  filter: z.string().trim().min(1).max(MAX_TEXT),
});
const numberModel = z.strictObject({
  filterType: z.literal('number'),
  type: z.enum(['equals', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'inRange']),
  filter: z.number(),
  filterTo: z.number().nullable().optional(),
});
const setModel = z.strictObject({ filterType: z.literal('set'), values: z.array(z.string().max(MAX_TEXT)).max(1000) });
const dateModel = z.strictObject({
  filterType: z.literal('date'),
  type: z.enum(['equals', 'lessThan', 'greaterThan', 'inRange']),
  dateFrom: z.string().max(30),
  dateTo: z.string().max(30).nullable().optional(),
});
const MODELS = { text: textModel, number: numberModel, set: setModel, date: dateModel } as const;

type Errors = Record<string, string[]>;
const add = (errors: Errors, key: string, code: string) => {
  const list = (errors[key] ??= []);
  if (!list.includes(code)) list.push(code);
};

const keyOf = (prefix: string, path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (key, segment) =>
      typeof segment === 'number' ? `${key}[${segment}]` : key === '' ? String(segment) : `${key}.${String(segment)}`,
    prefix,
  ) || '_';

function collect(issues: readonly z.core.$ZodIssue[], prefix: string, errors: Errors): void {
  for (const issue of issues) {
    const key = keyOf(prefix, issue.path);
    if (issue.code === 'unrecognized_keys')
      for (const name of issue.keys) add(errors, keyOf(prefix, [...issue.path, name]), 'validation.unknown_field');
    else if (issue.code === 'custom')
      add(errors, key, issue.message.startsWith('validation.') ? issue.message : 'validation.invalid_value');
    else if (issue.input === undefined || issue.input === null) add(errors, key, 'validation.required');
    else if (issue.code === 'invalid_type') add(errors, key, 'validation.invalid_type');
    else add(errors, key, 'validation.invalid_value');
  }
}

const day = (value: string): number | undefined => {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0{1,3})?)?Z?)?$/.exec(value);
  return match ? parseIsoDate(match[1]!) : undefined;
};

/**
 * Compiles a grid request for one collection's columns. `special` takes
 * the columns a query answers by a join (a master's categories): their
 * models are handed back as given, checked as set filters.
 */
export function compileGrid(
  columns: Readonly<Record<string, GridColumn>>,
  request: unknown,
  options: { readonly defaultSort: readonly SortKey[]; readonly special?: readonly string[] },
): { query: Query; special: Record<string, readonly string[]> } {
  const errors: Errors = Object.create(null) as Errors;
  const parsed = gridRequestSchema.safeParse(request, { reportInput: true });
  if (!parsed.success) {
    collect(parsed.error.issues, '', errors);
    throw invalid(errors);
  }
  const { startRow, endRow, sortModel, filterModel, quick } = parsed.data;
  const sort: SortKey[] = [];
  (sortModel ?? []).forEach(({ colId, sort: direction }, index) => {
    const column = columns[colId];
    if (!column || column.sortable === false || sort.some((key) => key.field === (column.field ?? colId)))
      add(errors, `sortModel[${index}].colId`, 'validation.invalid_value');
    else sort.push({ field: column.field ?? colId, direction });
  });
  const filters: Filter[] = [];
  const special: Record<string, readonly string[]> = {};
  for (const [colId, model] of Object.entries(filterModel ?? {})) {
    const path = `filterModel.${colId}`;
    if (options.special?.includes(colId)) {
      const set = setModel.safeParse(model, { reportInput: true });
      if (set.success) special[colId] = set.data.values;
      else collect(set.error.issues, path, errors);
      continue;
    }
    const column = columns[colId];
    const filterType = (model as { filterType?: unknown } | null)?.filterType;
    if (!column?.filters?.length) {
      add(errors, path, 'validation.unknown_field');
      continue;
    }
    if (typeof filterType !== 'string' || !column.filters.includes(filterType as GridFilterType)) {
      add(errors, `${path}.filterType`, filterType === undefined ? 'validation.required' : 'validation.invalid_value');
      continue;
    }
    const result = MODELS[filterType as GridFilterType].safeParse(model, { reportInput: true });
    if (!result.success) {
      collect(result.error.issues, path, errors);
      continue;
    }
    const field = column.field ?? colId;
    const data = result.data;
    switch (data.filterType) {
      case 'text':
        filters.push({ field, op: data.type, value: data.filter });
        break;
      case 'set':
        filters.push({ field, op: 'in', values: data.values });
        break;
      case 'number': {
        const to = data.filterTo;
        if (data.type === 'inRange' && (to === undefined || to === null || to < data.filter)) {
          add(errors, `${path}.filterTo`, 'validation.invalid_value');
          break;
        }
        const bound = {
          equals: null,
          lessThan: 'lt',
          lessThanOrEqual: 'lte',
          greaterThan: 'gt',
          greaterThanOrEqual: 'gte',
          inRange: null,
        }[data.type];
        if (data.type === 'equals') filters.push({ field, op: 'equals', value: data.filter });
        else if (data.type === 'inRange') filters.push({ field, op: 'range', gte: data.filter, lte: to! });
        else filters.push({ field, op: 'range', [bound!]: data.filter });
        break;
      }
      case 'date': {
        const from = day(data.dateFrom);
        const to = data.dateTo ? day(data.dateTo) : undefined;
        if (from === undefined) {
          add(errors, `${path}.dateFrom`, 'validation.date_invalid');
          break;
        }
        if (data.type === 'inRange' && (to === undefined || to < from)) {
          add(errors, `${path}.dateTo`, 'validation.date_invalid');
          break;
        }
        const iso = (ms: number) => new Date(ms).toISOString();
        if (data.type === 'equals') filters.push({ field, op: 'range', gte: iso(from), lt: iso(from + DAY_MS) });
        else if (data.type === 'lessThan') filters.push({ field, op: 'range', lt: iso(from) });
        else if (data.type === 'greaterThan') filters.push({ field, op: 'range', gte: iso(from + DAY_MS) });
        else filters.push({ field, op: 'range', gte: iso(from), lt: iso(to! + DAY_MS) });
        break;
      }
    }
  }
  if (quick) filters.push({ op: 'text', value: quick });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    query: { filters, sort: sort.length > 0 ? sort : [...options.defaultSort], offset: startRow, limit: endRow - startRow },
    special,
  };
}

const invalid = (errors: Errors): ValidationError =>
  new ValidationError(
    'validation.failed',
    errors,
    `Invalid grid request: ${Object.entries(errors)
      .map(([key, codes]) => `${key} (${codes.join(', ')})`)
      .join('; ')}`,
  );
