/**
 * The pure half of the MongoDB adapter: how validated input (../input.ts, the
 * same validation, folding and typed values every engine uses) maps onto
 * MongoDB documents, filters, sorts and indexes. No I/O here, so every rule
 * below is unit-tested without a server (mapping.unit.test.ts).
 *
 * Stored shape of one read-model document (one MongoDB document per id):
 *
 * ```
 * {
 *   _id: '<document id>',
 *   document:    { ...the JSON document exactly as written (dates stay ISO strings)... },
 *   fields:      { <declared name>: typed copy: string, number, boolean or BSON Date },
 *   fields_null: { <declared name>: 1 when the value is null or missing, else 0 },
 *   folded:      { <declared string name>: foldText(value) },
 *   search:      'the folded text fields joined by \n',
 *   stamp:       'the writer's marker' (only when the write gave one),
 * }
 * ```
 *
 * `fields` and `folded` hold only the declared fields that have a value (like
 * PostgreSQL's `keys`/`folded` columns); `fields_null` holds every declared
 * field, so sorts can put nulls last. User fields live only under `document`,
 * so they can never clash with ours, and filters only ever touch the derived
 * fields, whose keys are declared field names (FIELD_NAME: letters, digits,
 * underscore). Every value that reaches a filter has been typed by
 * normaliseQuery (a scalar of the declared type; objects and arrays are
 * refused there), so no caller value can act as an operator; `contains` and
 * `text` needles are regex-escaped.
 *
 * The same semantics as the PostgreSQL adapter, key by key:
 * - strings compare and sort by their folded form, then as written, by code
 *   point (MongoDB's binary order of UTF-8 = PostgreSQL's `collate "C"`);
 *   equality and `in` are exact (the folded condition is implied; it is there
 *   so an index on the folded copy serves them);
 * - numbers numerically, dates as instants (BSON Date here, epoch ms there,
 *   both millisecond precision), booleans false before true;
 * - nulls last in both directions, ties broken by id ascending.
 */
import type { CompiledField, DerivedValues, NormalisedFilter, NormalisedQuery } from '../input';

/** The derived values stored beside a document. */
export interface StoredValues {
  readonly fields: Record<string, string | number | boolean | Date>;
  readonly fields_null: Record<string, 0 | 1>;
  readonly folded: Record<string, string>;
  readonly search: string;
}

/** Makes a folded needle a literal inside a regular expression (PCRE and JavaScript alike). */
export const escapeRegex = (value: string): string => value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

export function storedValues(fields: Iterable<CompiledField>, derived: DerivedValues): StoredValues {
  const typed: StoredValues['fields'] = {};
  const nulls: StoredValues['fields_null'] = {};
  for (const field of fields) {
    const value = derived.keys[field.name];
    nulls[field.name] = value === undefined ? 1 : 0;
    if (value !== undefined) typed[field.name] = field.type === 'date' ? new Date(value as number) : value;
  }
  return { fields: typed, fields_null: nulls, folded: { ...derived.folded }, search: derived.search };
}

/** A typed filter value as it is stored under `fields.<name>`: dates arrive as epoch milliseconds. */
const stored = (field: CompiledField, value: string | number | boolean): string | number | boolean | Date =>
  field.type === 'date' ? new Date(value as number) : value;

const typedKey = (field: CompiledField): string => `fields.${field.name}`;
const foldedKey = (field: CompiledField): string => `folded.${field.name}`;

function condition(filter: NormalisedFilter): Record<string, unknown>[] {
  switch (filter.kind) {
    case 'null':
      // Matches a stored null and a missing key alike, and an index on the field serves it.
      return [{ [typedKey(filter.field)]: { $eq: null } }];
    case 'equals':
      if (filter.folded !== undefined)
        return [{ [foldedKey(filter.field)]: { $eq: filter.folded }, [typedKey(filter.field)]: { $eq: filter.value } }];
      return [{ [typedKey(filter.field)]: { $eq: stored(filter.field, filter.value) } }];
    case 'in': {
      const field = filter.field;
      if (filter.folded !== undefined)
        return [{ [foldedKey(field)]: { $in: [...filter.folded] }, [typedKey(field)]: { $in: [...filter.values] } }];
      // An empty list matches nothing, as in PostgreSQL.
      return [{ [typedKey(field)]: { $in: filter.values.map((v) => stored(field, v)) } }];
    }
    case 'range': {
      const bounds: Record<string, string | number | boolean | Date> = {};
      for (const bound of ['gte', 'gt', 'lte', 'lt'] as const) {
        const value = filter[bound];
        if (value !== undefined) bounds[`$${bound}`] = stored(filter.field, value);
      }
      return [{ [typedKey(filter.field)]: bounds }];
    }
    case 'contains':
      return [{ [foldedKey(filter.field)]: { $regex: escapeRegex(filter.folded) } }];
    case 'text':
      // No words matches everything; each word must occur somewhere in the joined text fields.
      return filter.words.map((word) => ({ search: { $regex: escapeRegex(word) } }));
  }
}

export function mongoFilter(filters: readonly NormalisedFilter[]): Record<string, unknown> {
  const conditions = filters.flatMap(condition);
  // MongoDB refuses an empty $and.
  return conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0]! : { $and: conditions };
}

export function mongoSort(sort: NormalisedQuery['sort']): Map<string, 1 | -1> {
  const keys = new Map<string, 1 | -1>();
  for (const { field, direction } of sort) {
    const nullKey = `fields_null.${field.name}`;
    // A repeated field cannot change the order (ties on it are ties on it again), as in SQL's `order by a, a desc`;
    // setting it again would only move its direction in the Map, so the first occurrence decides.
    if (keys.has(nullKey)) continue;
    const dir = direction === 'asc' ? 1 : -1;
    // Nulls last in both directions: the null flag sorts first, always ascending.
    keys.set(nullKey, 1);
    if (field.type === 'string') keys.set(foldedKey(field), dir);
    keys.set(typedKey(field), dir);
  }
  // Ties are broken by id, so paging is stable.
  keys.set('_id', 1);
  return keys;
}

/** Index this adapter owns; the name is derived from the keys, so a changed declaration is a new index. */
export const INDEX_PREFIX = 'buyloop:';

export function indexSpec(fields: readonly CompiledField[]): { readonly name: string; readonly keys: Record<string, 1> } {
  // String fields are indexed by their folded copy: what they sort by, and what equality checks first.
  const paths = fields.map((f) => (f.type === 'string' ? foldedKey(f) : typedKey(f)));
  return { name: `${INDEX_PREFIX}${paths.join(',')}`, keys: Object.fromEntries(paths.map((p) => [p, 1 as const])) };
}
