import { ValidationError, findNonJson, type FieldErrors } from '@buyloop/kit';
import { foldText } from './fold';
import { isPlainJson } from './plain-json';
import type { CollectionDefinition, FieldType, Filter, Query, SortKey } from './port';

/**
 * Everything an adapter must decide the same way, without touching an
 * engine: which definitions, documents and queries are valid, and the typed
 * values a document's declared fields contribute. Every adapter calls these
 * first, so a malformed call is the same ValidationError on every engine and
 * never reaches a driver, and a query means the same thing everywhere.
 */

export const COLLECTION_NAME = /^[a-z][a-z0-9_]{0,50}$/;
// Field names end up inside SQL (as literal jsonb keys of index expressions), so they are a closed alphabet.
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
export const MAX_IDS = 10_000;
export const MAX_OPERATIONS = 10_000;
const MAX_ID_LENGTH = 1000;
const MAX_FILTERS = 50;
const MAX_SORT_KEYS = 10;
const MAX_IN_VALUES = 1000;
const MAX_SEARCH_LENGTH = 1000;
const MAX_INDEXES = 32;
const FIELD_TYPES: readonly FieldType[] = ['string', 'number', 'boolean', 'date'];

type Problems = Record<string, string[]>;

const add = (problems: Problems, field: string, code: string): void => {
  (problems[field] ??= []).push(code);
};

const hasProblems = (problems: Problems): boolean => Object.keys(problems).length > 0;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

export interface CompiledField {
  readonly name: string;
  readonly path: readonly string[];
  readonly type: FieldType;
}

export interface CompiledCollection {
  readonly name: string;
  readonly definition: CollectionDefinition;
  readonly fields: ReadonlyMap<string, CompiledField>;
  readonly textFields: readonly CompiledField[];
  /** Each declared index as its fields, in order. */
  readonly indexes: ReadonlyArray<readonly CompiledField[]>;
  /**
   * What the derived values of a document depend on. When it changes, values
   * stored for existing documents must be derived again.
   */
  readonly derivationSignature: string;
}

export function validateCollectionName(name: unknown, field = 'collection'): string {
  if (typeof name !== 'string' || !COLLECTION_NAME.test(name))
    throw new ValidationError('documentstore.invalid_input', { [field]: ['documentstore.collection_name_invalid'] });
  return name;
}

export function compileCollection(definition: CollectionDefinition): CompiledCollection {
  const problems: Problems = {};
  if (!isPlainObject(definition))
    throw new ValidationError('documentstore.invalid_definition', { definition: ['documentstore.definition_invalid'] });
  if (typeof definition.name !== 'string' || !COLLECTION_NAME.test(definition.name))
    add(problems, 'name', 'documentstore.collection_name_invalid');
  const fields = new Map<string, CompiledField>();
  if (!isPlainObject(definition.fields)) add(problems, 'fields', 'documentstore.fields_invalid');
  else {
    for (const [name, raw] of Object.entries(definition.fields)) {
      const key = `fields.${name}`;
      if (!FIELD_NAME.test(name)) add(problems, key, 'documentstore.field_name_invalid');
      if (!isPlainObject(raw)) {
        add(problems, key, 'documentstore.field_invalid');
        continue;
      }
      const path = typeof raw.path === 'string' ? raw.path.split('.') : [];
      if (path.length === 0 || path.some((segment) => segment === '' || /[\u0000-\u001f]/.test(segment)))
        add(problems, `${key}.path`, 'documentstore.field_path_invalid');
      if (!FIELD_TYPES.includes(raw.type)) add(problems, `${key}.type`, 'documentstore.field_type_invalid');
      fields.set(name, { name, path, type: raw.type });
    }
  }
  const lookUp = (name: unknown, key: string): CompiledField | undefined => {
    const field = typeof name === 'string' ? fields.get(name) : undefined;
    if (!field) add(problems, key, 'documentstore.field_unknown');
    return field;
  };
  const indexes: CompiledField[][] = [];
  if (definition.indexes !== undefined) {
    if (!Array.isArray(definition.indexes) || definition.indexes.length > MAX_INDEXES)
      add(problems, 'indexes', 'documentstore.indexes_invalid');
    else
      definition.indexes.forEach((entry, i) => {
        const names: readonly unknown[] = Array.isArray(entry) ? entry : [entry];
        if (names.length === 0) add(problems, `indexes[${i}]`, 'documentstore.index_empty');
        const resolved = names.map((name, j) => lookUp(name, Array.isArray(entry) ? `indexes[${i}][${j}]` : `indexes[${i}]`));
        if (resolved.every((f): f is CompiledField => f !== undefined)) indexes.push(resolved);
      });
  }
  const textFields: CompiledField[] = [];
  if (definition.textFields !== undefined) {
    if (!Array.isArray(definition.textFields)) add(problems, 'textFields', 'documentstore.text_fields_invalid');
    else
      definition.textFields.forEach((name, i) => {
        const field = lookUp(name, `textFields[${i}]`);
        if (field && field.type !== 'string') add(problems, `textFields[${i}]`, 'documentstore.text_field_not_string');
        else if (field) textFields.push(field);
      });
  }
  if (hasProblems(problems))
    throw new ValidationError('documentstore.invalid_definition', problems, describe('Invalid collection definition', problems));
  const signature = JSON.stringify({
    fields: [...fields.values()].sort((a, b) => (a.name < b.name ? -1 : 1)).map((f) => [f.name, f.path, f.type]),
    text: textFields.map((f) => f.name),
  });
  return { name: definition.name, definition, fields, textFields, indexes, derivationSignature: signature };
}

export function validateId(id: unknown, field: string, problems: Problems): void {
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH || /[\u0000-\u001f\u007f]/.test(id) || !id.isWellFormed())
    add(problems, field, 'documentstore.id_invalid');
}

/** A write's stamp: absent, or a string under the same rules as an id. */
export function validateStamp(stamp: unknown, field: string, problems: Problems): void {
  if (stamp === undefined) return;
  const own: Problems = {};
  validateId(stamp, field, own);
  if (hasProblems(own)) add(problems, field, 'documentstore.stamp_invalid');
}

export function assertId(id: unknown, field = 'id'): string {
  const problems: Problems = {};
  validateId(id, field, problems);
  if (hasProblems(problems)) throw new ValidationError('documentstore.invalid_input', problems);
  return id as string;
}

export function assertIds(ids: unknown): readonly string[] {
  const problems: Problems = {};
  if (!Array.isArray(ids) || ids.length > MAX_IDS) add(problems, 'ids', 'documentstore.ids_invalid');
  else ids.forEach((id, i) => validateId(id, `ids[${i}]`, problems));
  if (hasProblems(problems)) throw new ValidationError('documentstore.invalid_input', problems);
  return ids as readonly string[];
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/**
 * Milliseconds since the epoch of an ISO 8601 date (`2024-05-01`, read as
 * UTC midnight) or date-time with its offset (`…T10:00:00Z`, `…+02:00`).
 * A time without an offset is refused: its instant would depend on the
 * server's time zone, so engines would disagree.
 */
export function parseIsoDate(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [, y, m, d, hh, mm, ss, oh, om] = match;
  if (Number(hh ?? 0) > 23 || Number(mm ?? 0) > 59 || Number(ss ?? 0) > 59 || Number(oh ?? 0) > 23 || Number(om ?? 0) > 59)
    return undefined;
  // Date.parse rolls 2024-02-30 over into March; a date that does not exist is a mistake, not March.
  const day = new Date(Date.parse(`${y}-${m}-${d}`));
  if (Number.isNaN(day.getTime()) || day.getUTCMonth() + 1 !== Number(m) || day.getUTCDate() !== Number(d)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Typed values of a document's declared fields, as every engine indexes and compares them. */
export interface DerivedValues {
  /** Declared fields that hold a value: strings as written, numbers, booleans, dates as epoch milliseconds. */
  readonly keys: Readonly<Record<string, string | number | boolean>>;
  /** Declared string fields, folded (foldText): what `contains` matches and strings sort by. */
  readonly folded: Readonly<Record<string, string>>;
  /** The folded text fields joined by newlines: what `text` matches (a word never spans two fields). */
  readonly search: string;
}

const valueAt = (document: Readonly<Record<string, unknown>>, path: readonly string[]): unknown => {
  let current: unknown = document;
  for (const segment of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[segment];
  }
  return current;
};

/**
 * Validates a document against its collection and derives its typed values.
 * Problems are keyed `${at}.<path>`; undefined is returned when there are any.
 */
export function deriveValues(
  collection: CompiledCollection,
  document: unknown,
  at: string,
  problems: Problems,
): DerivedValues | undefined {
  if (!isPlainObject(document)) {
    add(problems, at, 'documentstore.document_not_object');
    return undefined;
  }
  const nonJson = isPlainJson(document) ? undefined : findNonJson(document, at);
  if (nonJson) {
    add(problems, nonJson.path, 'documentstore.not_json');
    return undefined;
  }
  const keys: Record<string, string | number | boolean> = {};
  const folded: Record<string, string> = {};
  let ok = true;
  for (const field of collection.fields.values()) {
    const value = valueAt(document, field.path);
    if (value === undefined || value === null) continue;
    const typed = field.type === 'date' ? dateValue(value) : typedValue(field.type, value);
    if (typed === undefined) {
      add(problems, `${at}.${field.path.join('.')}`, `documentstore.field_not_${field.type}`);
      ok = false;
      continue;
    }
    keys[field.name] = typed;
    if (typeof typed === 'string') folded[field.name] = foldedValue(typed);
  }
  if (!ok) return undefined;
  const search = collection.textFields
    .map((f) => folded[f.name])
    .filter((v): v is string => v !== undefined)
    .join('\n');
  return { keys, folded, search };
}

/**
 * Most documents a projector writes repeat the values of the version before
 * (a name, a status, the date it was placed): their folded form and instant
 * are remembered, in a bounded memo emptied when full.
 */
const MEMO_SIZE = 10_000;
const foldedMemo = new Map<string, string>();
const dateMemo = new Map<string, number | undefined>();

function foldedValue(text: string): string {
  let folded = foldedMemo.get(text);
  if (folded === undefined) {
    if (foldedMemo.size >= MEMO_SIZE) foldedMemo.clear();
    folded = foldText(text);
    foldedMemo.set(text, folded);
  }
  return folded;
}

function dateValue(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (dateMemo.has(value)) return dateMemo.get(value);
  if (dateMemo.size >= MEMO_SIZE) dateMemo.clear();
  const instant = parseIsoDate(value);
  dateMemo.set(value, instant);
  return instant;
}

function typedValue(type: FieldType, value: unknown): string | number | boolean | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'date':
      return parseIsoDate(value);
  }
}

/** A query every engine can translate without deciding anything further. */
export type NormalisedFilter =
  | { readonly kind: 'null'; readonly field: CompiledField }
  /** `value` is typed like DerivedValues.keys; `folded` is set for strings. */
  | {
      readonly kind: 'equals';
      readonly field: CompiledField;
      readonly value: string | number | boolean;
      readonly folded?: string;
    }
  | {
      readonly kind: 'in';
      readonly field: CompiledField;
      readonly values: ReadonlyArray<string | number | boolean>;
      readonly folded?: readonly string[];
    }
  | {
      readonly kind: 'range';
      readonly field: CompiledField;
      readonly gte?: number;
      readonly gt?: number;
      readonly lte?: number;
      readonly lt?: number;
    }
  /** `folded` is the folded needle: a plain substring, wildcards included. */
  | { readonly kind: 'contains'; readonly field: CompiledField; readonly folded: string }
  /** Folded words; each must occur in the document's `search` text. None matches everything. */
  | { readonly kind: 'text'; readonly words: readonly string[] };

export interface NormalisedQuery {
  readonly filters: readonly NormalisedFilter[];
  readonly sort: ReadonlyArray<{ readonly field: CompiledField; readonly direction: 'asc' | 'desc' }>;
  readonly offset: number;
  readonly limit: number;
}

export function normaliseQuery(collection: CompiledCollection, query: Query | undefined): NormalisedQuery {
  const problems: Problems = {};
  const q: Partial<Query> = isPlainObject(query) ? query : {};
  if (query !== undefined && !isPlainObject(query)) add(problems, 'query', 'documentstore.query_invalid');
  const filters: NormalisedFilter[] = [];
  if (q.filters !== undefined) {
    if (!Array.isArray(q.filters) || q.filters.length > MAX_FILTERS) add(problems, 'filters', 'documentstore.filters_invalid');
    else q.filters.forEach((filter, i) => normaliseFilter(collection, filter, `filters[${i}]`, problems, filters));
  }
  const sort: { field: CompiledField; direction: 'asc' | 'desc' }[] = [];
  if (q.sort !== undefined) {
    if (!Array.isArray(q.sort) || q.sort.length > MAX_SORT_KEYS) add(problems, 'sort', 'documentstore.sort_invalid');
    else
      q.sort.forEach((key: SortKey, i) => {
        const field = isPlainObject(key) && typeof key.field === 'string' ? collection.fields.get(key.field) : undefined;
        if (!field) add(problems, `sort[${i}].field`, 'documentstore.field_unknown');
        const direction = isPlainObject(key) ? key.direction : undefined;
        if (direction !== 'asc' && direction !== 'desc') add(problems, `sort[${i}].direction`, 'documentstore.direction_invalid');
        else if (field) sort.push({ field, direction });
      });
  }
  const offset = q.offset ?? 0;
  if (!Number.isSafeInteger(offset) || offset < 0) add(problems, 'offset', 'documentstore.offset_invalid');
  const limit = q.limit ?? DEFAULT_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIMIT) add(problems, 'limit', 'documentstore.limit_invalid');
  if (hasProblems(problems))
    throw new ValidationError('documentstore.invalid_query', problems, describe(`Invalid query on ${collection.name}`, problems));
  return { filters, sort, offset, limit };
}

function normaliseFilter(
  collection: CompiledCollection,
  filter: Filter,
  at: string,
  problems: Problems,
  out: NormalisedFilter[],
): void {
  if (!isPlainObject(filter)) return add(problems, at, 'documentstore.filter_invalid');
  if (filter.op === 'text') {
    if (collection.textFields.length === 0) return add(problems, `${at}.op`, 'documentstore.no_text_fields');
    if (typeof filter.value !== 'string' || filter.value.length > MAX_SEARCH_LENGTH || findNonJson(filter.value, 'v'))
      return add(problems, `${at}.value`, 'documentstore.value_invalid');
    const words = foldText(filter.value)
      .split(/\s+/u)
      .filter((w) => w !== '');
    out.push({ kind: 'text', words });
    return;
  }
  const field = typeof filter.field === 'string' ? collection.fields.get(filter.field) : undefined;
  if (!field) return add(problems, `${at}.field`, 'documentstore.field_unknown');
  const badValue = (key = 'value') => add(problems, `${at}.${key}`, `documentstore.value_not_${field.type}`);
  switch (filter.op) {
    case 'equals': {
      if (filter.value === null) return void out.push({ kind: 'null', field });
      const value = typedFilterValue(field.type, filter.value);
      if (value === undefined) return badValue();
      out.push({ kind: 'equals', field, value, ...(typeof value === 'string' ? { folded: foldText(value) } : {}) });
      return;
    }
    case 'in': {
      if (!Array.isArray(filter.values) || filter.values.length > MAX_IN_VALUES)
        return add(problems, `${at}.values`, 'documentstore.values_invalid');
      const values = filter.values.map((v) => typedFilterValue(field.type, v));
      if (values.some((v) => v === undefined)) return badValue('values');
      const typed = values as Array<string | number | boolean>;
      const folded = field.type === 'string' ? { folded: (typed as string[]).map(foldText) } : {};
      out.push({ kind: 'in', field, values: typed, ...folded });
      return;
    }
    case 'range': {
      if (field.type !== 'number' && field.type !== 'date') return add(problems, `${at}.op`, 'documentstore.op_not_applicable');
      const bounds: { gte?: number; gt?: number; lte?: number; lt?: number } = {};
      let invalid = false;
      for (const bound of ['gte', 'gt', 'lte', 'lt'] as const) {
        if (filter[bound] === undefined) continue;
        const value = typedFilterValue(field.type, filter[bound]);
        if (typeof value === 'number') bounds[bound] = value;
        else {
          badValue(bound);
          invalid = true;
        }
      }
      if (invalid) return;
      // A range without bounds is a client bug that would quietly match every document with a value.
      if (Object.keys(bounds).length === 0) return add(problems, at, 'documentstore.range_empty');
      out.push({ kind: 'range', field, ...bounds });
      return;
    }
    case 'contains': {
      if (field.type !== 'string') return add(problems, `${at}.op`, 'documentstore.op_not_applicable');
      if (typeof filter.value !== 'string' || filter.value.length > MAX_SEARCH_LENGTH || findNonJson(filter.value, 'v'))
        return add(problems, `${at}.value`, 'documentstore.value_invalid');
      out.push({ kind: 'contains', field, folded: foldText(filter.value) });
      return;
    }
    default:
      return add(problems, `${at}.op`, 'documentstore.op_invalid');
  }
}

function typedFilterValue(type: FieldType, value: unknown): string | number | boolean | undefined {
  // Strings are checked like document strings: a value no document can hold must not reach the engine.
  if (typeof value === 'string' && findNonJson(value, 'v')) return undefined;
  return typedValue(type, value);
}

const describe = (what: string, problems: FieldErrors): string =>
  `${what}: ${Object.entries(problems)
    .map(([key, codes]) => `${key} (${codes.join(', ')})`)
    .join('; ')}`;

export { add as addProblem, hasProblems, type Problems };
