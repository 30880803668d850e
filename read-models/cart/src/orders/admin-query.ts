import { z } from 'zod';
import {
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  UNFINISHED_AFTER_MINUTES,
  type AdminOrderQuery,
} from '@buyloop/contracts/cart/orders';
import type { DocumentStore, Filter, SortKey } from '@buyloop/document-store';
import { ValidationError } from '@buyloop/kit';
import { ORDERS_PROJECTION, type OrderDocument } from './projection';

/** The back office's order grids (orders, their deliveries) read the same documents with AG Grid's models. */
export interface AdminQueryDeps {
  readonly documents: Pick<DocumentStore, 'find'>;
  readonly collection: (projection: string) => Promise<string>;
}

/** A page of order documents for AG Grid's infinite model, and how many match. */
export async function findOrderPage(
  deps: AdminQueryDeps,
  query: AdminOrderQuery,
  now: Date,
): Promise<{ readonly documents: OrderDocument[]; readonly total: number }> {
  const startRow = query.startRow ?? 0;
  const endRow = Math.min(query.endRow ?? startRow + 100, startRow + 1000);
  const filters: Filter[] = [...filtersOf(query.filterModel)];
  if (query.unfinished === 'true')
    filters.push(
      { field: 'awaiting', op: 'equals', value: true },
      { field: 'placed_at', op: 'range', lte: new Date(now.getTime() - UNFINISHED_AFTER_MINUTES * 60_000).toISOString() },
    );
  const page = await deps.documents.find<OrderDocument>(await deps.collection(ORDERS_PROJECTION), {
    filters,
    sort: sortOf(query.sortModel),
    offset: startRow,
    limit: Math.max(1, endRow - startRow),
  });
  return { documents: page.items.map(({ document }) => document), total: page.total };
}

const sortModelSchema = z.array(z.strictObject({ colId: z.enum(ORDER_SORT_FIELDS), sort: z.enum(['asc', 'desc']) })).max(4);
const filterModelSchema = z.strictObject({
  status: z
    .union([
      z.object({ filterType: z.literal('set'), values: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length) }),
      z.object({ filterType: z.literal('text'), type: z.string().optional(), filter: z.enum(ORDER_STATUSES) }),
    ])
    .optional(),
  number: z
    .object({ filterType: z.literal('text'), type: z.string().optional(), filter: z.string().regex(/^\d{10}$/) })
    .optional(),
});

function parseJson<T>(schema: z.ZodType<T>, text: string | undefined, field: string): T | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError('validation.failed', { [field]: ['validation.invalid_value'] }, `${field} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ValidationError('validation.failed', { [field]: ['validation.invalid_value'] }, `${field} is not valid`);
  return parsed.data;
}

function sortOf(text: string | undefined): SortKey[] {
  const model = parseJson(sortModelSchema, text, 'sortModel') ?? [{ colId: 'placed_at' as const, sort: 'desc' as const }];
  return model.map((key) => ({ field: key.colId, direction: key.sort }));
}

function filtersOf(text: string | undefined): Filter[] {
  const model = parseJson(filterModelSchema, text, 'filterModel') ?? {};
  const filters: Filter[] = [];
  if (model.status)
    filters.push(
      model.status.filterType === 'set'
        ? { field: 'status', op: 'in', values: model.status.values }
        : { field: 'status', op: 'equals', value: model.status.filter },
    );
  if (model.number) filters.push({ field: 'number', op: 'equals', value: model.number.filter });
  return filters;
}
