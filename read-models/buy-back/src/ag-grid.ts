import {
  parseIsoDate,
  type CollectionDefinition,
  type FieldType,
  type Filter,
  type Query,
  type SortKey,
} from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import { z } from 'zod';

/**
 * AG Grid's infinite row model asks for a block of rows with the grid's sort
 * and filter models. This turns such a request into a document-store Query
 * for the columns a grid declares, and nothing else: a column, operator or
 * value the grid did not declare is a ValidationError keyed the way the
 * request spells it (`sortModel[0].colId`, `filterModel.status.type`), so a
 * hand-made request can never become a 500 or reach an undeclared field.
 *
 * Dates are whole UTC days, as AG Grid's date filter compares them.
 * `inRange` is exclusive at both ends unless the grid says otherwise,
 * matching AG Grid's own `inRangeInclusive: false` default.
 */

export type AgGridFilterType = 'text' | 'number' | 'date' | 'set';

export interface AgGridColumn {
  /** The declared field the column filters (and sorts) on; defaults to the column id. */
  readonly field?: string;
  /** The filters the column offers; none when absent. */
  readonly filters?: readonly AgGridFilterType[];
  /** The only values a set filter may name (statuses, qualities): a typo is an error, not an empty grid. */
  readonly values?: readonly string[];
  /**
   * false: the column cannot be sorted. Otherwise it sorts on `field` (another declared
   * field: qualities by weight, not by name), `reversed` when that field runs the other
   * way (days in status sort opposite to the time the status began).
   */
  readonly sort?: false | { readonly field: string; readonly reversed?: boolean };
}

export interface AgGridDefinition {
  readonly columns: Readonly<Record<string, AgGridColumn>>;
  /** The order when the grid asks for none. Ties are broken by document id anyway. */
  readonly defaultSort?: readonly SortKey[];
  /** AG Grid's `inRangeInclusive` filter parameter; false (its default) when absent. */
  readonly inRangeInclusive?: boolean;
}

export interface AgGrid {
  /** The request's rows as a document-store query; throws ValidationError for anything the grid does not offer. */
  toQuery(request: unknown): Query;
  /** The request's shape for the API reference; each column's filter model is checked beyond it, by `toQuery`. */
  readonly request: z.ZodType;
}

/** AG Grid asks for blocks of 100 rows by default; the store answers at most 1000 at once. */
export const AG_GRID_MAX_ROWS = 1000;
const MAX_SORT_KEYS = 10;
const MAX_TEXT = 200;
const MAX_SET_VALUES = 1000;
const DAY_MS = 86_400_000;

const TEXT_TYPES = ['contains', 'equals'] as const;
const NUMBER_TYPES = ['equals', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'inRange'] as const;
const DATE_TYPES = ['equals', 'lessThan', 'greaterThan', 'inRange'] as const;

/** The field type each filter needs: a number filter on a string field could never match as the user meant. */
const FILTER_FIELD_TYPES: Readonly<Record<AgGridFilterType, readonly FieldType[]>> = {
  text: ['string'],
  number: ['number'],
  date: ['date'],
  set: ['string', 'number', 'boolean'],
};

// AG Grid writes filter dates as `YYYY-MM-DD hh:mm:ss` with a zero time; the day is what it compares.
const AG_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0{1,3})?)?Z?)?$/;
const agDate = z.string().transform((value, ctx) => {
  const day = AG_DATE.exec(value)?.[1];
  const ms = day === undefined ? undefined : parseIsoDate(day);
  if (ms === undefined) {
    ctx.addIssue({ code: 'custom', message: 'validation.date_invalid' });
    return z.NEVER;
  }
  return ms;
});

const rowIndex = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER - AG_GRID_MAX_ROWS);

const textFilter = z.strictObject({
  filterType: z.literal('text'),
  type: z.enum(TEXT_TYPES),
  filter: z.string().trim().min(1).max(MAX_TEXT),
});

const numberFilter = z
  .strictObject({
    filterType: z.literal('number'),
    type: z.enum(NUMBER_TYPES),
    filter: z.number(),
    filterTo: z.number().nullable().optional(),
  })
  .superRefine((model, ctx) => {
    if (model.type !== 'inRange') return;
    if (model.filterTo === undefined || model.filterTo === null)
      ctx.addIssue({ code: 'custom', path: ['filterTo'], message: 'validation.required' });
    else if (model.filterTo < model.filter)
      ctx.addIssue({ code: 'custom', path: ['filterTo'], message: 'validation.invalid_value' });
  });

const dateFilter = z
  .strictObject({
    filterType: z.literal('date'),
    type: z.enum(DATE_TYPES),
    dateFrom: agDate,
    dateTo: agDate.nullable().optional(),
  })
  .superRefine((model, ctx) => {
    if (model.type !== 'inRange') return;
    if (model.dateTo === undefined || model.dateTo === null)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.required' });
    else if (model.dateTo < model.dateFrom)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'validation.invalid_value' });
  });

type SetValue = string | number | boolean;

function setFilter(fieldType: FieldType, allowed: readonly string[] | undefined) {
  const value: z.ZodType<SetValue> =
    fieldType === 'number'
      ? z.union([z.number(), z.string().regex(/^-?\d+(?:\.\d+)?$/)]).transform(Number)
      : fieldType === 'boolean'
        ? z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true')
        : allowed
          ? z.enum(allowed as [string, ...string[]])
          : z.string().max(MAX_TEXT);
  return z.strictObject({ filterType: z.literal('set'), values: z.array(value).max(MAX_SET_VALUES) });
}

/** A checked column: its filter schemas and the declared fields it reads. */
interface CompiledColumn {
  readonly field: string;
  readonly filters: ReadonlyMap<AgGridFilterType, z.ZodType>;
  readonly sort: { readonly field: string; readonly reversed: boolean } | null;
}

type Errors = Record<string, string[]>;

export function agGrid(collection: Omit<CollectionDefinition, 'name'>, definition: AgGridDefinition): AgGrid {
  const columns = compileColumns(collection, definition);
  const sortable = new Map([...columns].filter(([, c]) => c.sort !== null).map(([id, c]) => [id, c.sort!]));
  const hasText = (collection.textFields ?? []).length > 0;
  const inclusive = definition.inRangeInclusive ?? false;

  const envelope = z
    .strictObject({
      startRow: rowIndex,
      endRow: rowIndex,
      sortModel: z
        .array(z.strictObject({ colId: z.string(), sort: z.enum(['asc', 'desc']) }))
        .max(MAX_SORT_KEYS)
        .nullable()
        .optional(),
      filterModel: z.record(z.string(), z.unknown()).nullable().optional(),
      ...(hasText ? { quick: z.string().trim().max(MAX_TEXT).nullable().optional() } : {}),
    })
    .superRefine((request, ctx) => {
      const rows = request.endRow - request.startRow;
      if (rows < 1 || rows > AG_GRID_MAX_ROWS)
        ctx.addIssue({ code: 'custom', path: ['endRow'], message: 'validation.invalid_value' });
    });

  return {
    request: envelope,
    toQuery(request) {
      const errors: Errors = Object.create(null) as Errors;
      const parsed = envelope.safeParse(request, { reportInput: true });
      if (!parsed.success) {
        collectIssues(parsed.error.issues, '', errors);
        throw invalid(errors);
      }
      const { startRow, endRow, sortModel, filterModel } = parsed.data;

      const sort: SortKey[] = [];
      const seen = new Set<string>();
      (sortModel ?? []).forEach(({ colId, sort: direction }, i) => {
        const target = sortable.get(colId);
        if (!target || seen.has(colId)) return addError(errors, `sortModel[${i}].colId`, 'validation.invalid_value');
        seen.add(colId);
        sort.push({ field: target.field, direction: target.reversed ? (direction === 'asc' ? 'desc' : 'asc') : direction });
      });

      const filters: Filter[] = [];
      for (const [colId, model] of Object.entries(filterModel ?? {})) {
        const path = `filterModel.${colId}`;
        const column = columns.get(colId);
        if (!column || column.filters.size === 0) {
          addError(errors, path, 'validation.unknown_field');
          continue;
        }
        filters.push(...columnFilters(column, model, path, errors, inclusive));
      }
      const quick = 'quick' in parsed.data ? parsed.data.quick : null;
      if (typeof quick === 'string' && quick !== '') filters.push({ op: 'text', value: quick });

      if (Object.keys(errors).length > 0) throw invalid(errors);
      return {
        filters,
        sort: sort.length > 0 ? sort : [...(definition.defaultSort ?? [])],
        offset: startRow,
        limit: endRow - startRow,
      };
    },
  };
}

function compileColumns(
  collection: Omit<CollectionDefinition, 'name'>,
  definition: AgGridDefinition,
): Map<string, CompiledColumn> {
  const fieldType = (colId: string, field: string): FieldType => {
    const declared = collection.fields[field];
    if (!declared) throw new Error(`Grid column ${colId}: field ${field} is not declared by the collection`);
    return declared.type;
  };
  const compiled = new Map<string, CompiledColumn>();
  for (const [colId, column] of Object.entries(definition.columns)) {
    const field = column.field ?? colId;
    const type = fieldType(colId, field);
    const filters = new Map<AgGridFilterType, z.ZodType>();
    for (const kind of column.filters ?? []) {
      if (!FILTER_FIELD_TYPES[kind].includes(type))
        throw new Error(`Grid column ${colId}: a ${kind} filter cannot filter a ${type} field`);
      if (kind === 'set' && column.values?.length === 0) throw new Error(`Grid column ${colId}: a set filter needs values`);
      filters.set(
        kind,
        kind === 'text'
          ? textFilter
          : kind === 'number'
            ? numberFilter
            : kind === 'date'
              ? dateFilter
              : setFilter(type, column.values),
      );
    }
    let sort: CompiledColumn['sort'] = null;
    if (column.sort !== false) {
      const target = column.sort ?? { field };
      fieldType(colId, target.field);
      sort = { field: target.field, reversed: target.reversed ?? false };
    }
    compiled.set(colId, { field, filters, sort });
  }
  for (const key of definition.defaultSort ?? []) fieldType('(default sort)', key.field);
  return compiled;
}

type TextModel = z.output<typeof textFilter>;
type NumberModel = z.output<typeof numberFilter>;
type DateModel = z.output<typeof dateFilter>;
type SetModel = { filterType: 'set'; values: SetValue[] };

/** One column's filter model as store filters, after checking it against what the column offers. */
function columnFilters(column: CompiledColumn, model: unknown, path: string, errors: Errors, inclusive: boolean): Filter[] {
  const filterType = typeof model === 'object' && model !== null ? (model as { filterType?: unknown }).filterType : undefined;
  if (typeof model !== 'object' || model === null || Array.isArray(model)) {
    addError(errors, path, 'validation.invalid_type');
    return [];
  }
  const schema = typeof filterType === 'string' ? column.filters.get(filterType as AgGridFilterType) : undefined;
  if (!schema) {
    addError(errors, `${path}.filterType`, filterType === undefined ? 'validation.required' : 'validation.invalid_value');
    return [];
  }
  const parsed = schema.safeParse(model, { reportInput: true });
  if (!parsed.success) {
    collectIssues(parsed.error.issues, path, errors);
    return [];
  }
  const field = column.field;
  const data = parsed.data as TextModel | NumberModel | DateModel | SetModel;
  switch (data.filterType) {
    case 'text':
      return [{ field, op: data.type, value: data.filter }];
    case 'number':
      return [numberRange(field, data, inclusive)];
    case 'date':
      return [dateRange(field, data, inclusive)];
    case 'set':
      return [{ field, op: 'in', values: data.values }];
    default:
      return unhandled(data);
  }
}

function numberRange(field: string, model: NumberModel, inclusive: boolean): Filter {
  const value = model.filter;
  switch (model.type) {
    case 'equals':
      return { field, op: 'equals', value };
    case 'lessThan':
      return { field, op: 'range', lt: value };
    case 'lessThanOrEqual':
      return { field, op: 'range', lte: value };
    case 'greaterThan':
      return { field, op: 'range', gt: value };
    case 'greaterThanOrEqual':
      return { field, op: 'range', gte: value };
    case 'inRange': {
      const to = model.filterTo!;
      return inclusive ? { field, op: 'range', gte: value, lte: to } : { field, op: 'range', gt: value, lt: to };
    }
    default:
      return unhandled(model.type);
  }
}

/** Whole UTC days: `equals 2026-11-03` is every instant of that day, `greaterThan` starts the day after. */
function dateRange(field: string, model: DateModel, inclusive: boolean): Filter {
  const iso = (ms: number) => new Date(ms).toISOString();
  const from = model.dateFrom;
  switch (model.type) {
    case 'equals':
      return { field, op: 'range', gte: iso(from), lt: iso(from + DAY_MS) };
    case 'lessThan':
      return { field, op: 'range', lt: iso(from) };
    case 'greaterThan':
      return { field, op: 'range', gte: iso(from + DAY_MS) };
    case 'inRange': {
      const to = model.dateTo!;
      return inclusive
        ? { field, op: 'range', gte: iso(from), lt: iso(to + DAY_MS) }
        : { field, op: 'range', gte: iso(from + DAY_MS), lt: iso(to) };
    }
    default:
      return unhandled(model.type);
  }
}

const addError = (errors: Errors, key: string, code: string): void => {
  const list = (errors[key] ??= []);
  if (!list.includes(code)) list.push(code);
};

/** `filterModel.status.values[2]`: object keys joined by dots, array indexes in brackets, as a client reads its own request. */
const keyOf = (prefix: string, path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (key, segment) =>
      typeof segment === 'number' ? `${key}[${segment}]` : key === '' ? String(segment) : `${key}.${String(segment)}`,
    prefix,
  );

function collectIssues(issues: readonly z.core.$ZodIssue[], prefix: string, errors: Errors): void {
  for (const issue of issues) {
    // A request that is not even an object has its error at the root, which the kit names `_`.
    const key = keyOf(prefix, issue.path) || '_';
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) addError(errors, keyOf(prefix, [...issue.path, name]), 'validation.unknown_field');
    } else if (issue.code === 'custom') {
      addError(errors, key, /^validation\.[a-z_]+$/.test(issue.message) ? issue.message : 'validation.invalid_value');
    } else if (issue.input === undefined || issue.input === null) {
      addError(errors, key, 'validation.required');
    } else if (issue.code === 'invalid_type') {
      // An integer expected and a fraction given is a wrong value, not a wrong type.
      addError(
        errors,
        key,
        issue.expected === 'int' && typeof issue.input === 'number' ? 'validation.invalid_value' : 'validation.invalid_type',
      );
    } else if (issue.code === 'too_small' && issue.origin === 'string') {
      addError(errors, key, 'validation.required');
    } else if (issue.code === 'too_big' && issue.origin === 'string') {
      addError(errors, key, 'validation.max_length');
    } else {
      addError(errors, key, 'validation.invalid_value');
    }
  }
}

const invalid = (errors: Errors): ValidationError =>
  new ValidationError(
    'validation.failed',
    errors,
    `Invalid grid request: ${Object.entries(errors)
      .map(([key, codes]) => `${key} (${codes.join(', ')})`)
      .join('; ')}`,
  );

function unhandled(value: never): never {
  throw new Error(`Unhandled grid filter ${JSON.stringify(value)}`);
}
