import { z } from 'zod';
import { PAGE_TYPES } from './events';

/**
 * The HTTP contract of the analytics endpoint and its back-office summary.
 * Strict everywhere: an unknown field, page type or an oversized batch is a
 * 400 naming the field, so a broken tracker shows up at once instead of
 * filling the counts with noise.
 */

/** Most a browser sends at once: a long category page's tiles, seen while scrolling, fit easily. */
export const MAX_BATCH = 50;

const pageType = z.enum(PAGE_TYPES).meta({ description: 'Which kind of page (spec 2: home_page, catalog, product_detail)' });

/** A path only: no query or fragment (they can hold access tokens and search terms), no spaces or controls. */
const path = z
  .string()
  .max(300)
  .regex(/^\/[^\s?#]*$/)
  .meta({ description: 'The page’s path, without query or fragment', example: '/mobilni-telefony' });

const elementId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N}_.:/-]+$/u)
  .meta({ description: 'What was seen: a product code, a banner’s id', example: 'product:IPH15-128-BLK' });

const elementKind = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z][a-z0-9_]*$/)
  .meta({ description: 'The kind of element: product_tile, banner, category_tile…', example: 'product_tile' });

export const pageViewInputSchema = z.strictObject({
  type: z.literal('page_view'),
  page_type: pageType,
  registered: z.boolean().meta({ description: 'Whether the visitor is signed in (spec 6)' }),
  path,
});

export const elementViewInputSchema = z.strictObject({
  type: z.literal('view'),
  element_id: elementId,
  element_kind: elementKind,
  page_type: pageType,
});

export const visitInputSchema = z.discriminatedUnion('type', [pageViewInputSchema, elementViewInputSchema]);
export type VisitInput = z.infer<typeof visitInputSchema>;

export const visitBatchSchema = z.strictObject({
  events: z.array(visitInputSchema).min(1).max(MAX_BATCH),
});
export type VisitBatch = z.infer<typeof visitBatchSchema>;

export const visitBatchResultSchema = z.strictObject({
  accepted: z.number().int().nonnegative().meta({ description: 'How many events were recorded' }),
});

const day = z.iso.date().meta({ description: 'A day in the market’s time zone, YYYY-MM-DD' });

/** The back office asks for at most this many days at once (a quarter). */
export const MAX_SUMMARY_DAYS = 92;

export const summaryQuerySchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  top: z.coerce.number().int().min(1).max(100).default(20),
});

export const dailyCountSchema = z.strictObject({
  day,
  page_type: pageType,
  type: z.enum(['page_view', 'view']),
  count: z.number().int().nonnegative(),
  registered: z.number().int().nonnegative().meta({ description: 'Of count, how many by signed-in visitors (page views)' }),
});

export const topElementSchema = z.strictObject({
  element_id: z.string(),
  element_kind: z.string(),
  count: z.number().int().nonnegative(),
});

export const summarySchema = z.strictObject({
  from: day,
  to: day,
  counts: z.array(dailyCountSchema),
  top_elements: z.array(topElementSchema),
  /** False when the period held more element-days than the summary reads; the list then counts the busiest of them. */
  top_complete: z.boolean(),
});
export type AnalyticsSummary = z.infer<typeof summarySchema>;
