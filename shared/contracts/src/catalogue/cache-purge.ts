import { z } from 'zod';

/**
 * The back office's cache purge (spec 2/7: POST /api/new/core/fastly/purge),
 * purging the API's own page and catalogue-answer cache. Modes: `key` purges
 * the answers tagged with any of the surrogate keys (`product-<CODE>`,
 * `category-<id>`, `categories`, `stores`, `store-<id>`, `search`, `catalog`,
 * and the cache's own `html` and `api`); `url` purges one address; `full`
 * purges everything. A soft purge marks answers stale: each is served once
 * more while it is rendered anew, instead of every visitor waiting for it.
 */
export const CACHE_PURGE_MODES = ['key', 'url', 'full'] as const;
export type CachePurgeMode = (typeof CACHE_PURGE_MODES)[number];

/** The default purge of spec 7: every HTML page and every catalogue endpoint (tags the cache adds by itself). */
export const DEFAULT_PURGE_KEYS = ['html', 'api'] as const;

export const SURROGATE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/;

export const cachePurgeRequestSchema = z
  .strictObject({
    mode: z.enum(CACHE_PURGE_MODES),
    keys: z
      .array(z.string().regex(SURROGATE_KEY_PATTERN))
      .min(1)
      .max(500)
      .optional()
      .meta({ description: 'Mode key: the surrogate keys to purge' }),
    url: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: 'Mode url: the full URL (or the path) of the page or answer to purge' }),
    soft_purge: z.boolean().optional().meta({ description: 'Mark stale instead of removing (default false)' }),
  })
  .meta({ id: 'CachePurgeRequest' });
export type CachePurgeRequest = z.infer<typeof cachePurgeRequestSchema>;

export const cachePurgeResultSchema = z
  .strictObject({
    mode: z.enum(CACHE_PURGE_MODES),
    soft_purge: z.boolean(),
    /** Cached answers removed (or marked stale). */
    purged: z.number().int().min(0),
  })
  .meta({ id: 'CachePurgeResult' });
export type CachePurgeResult = z.infer<typeof cachePurgeResultSchema>;

/** Field error codes of the purge request beyond the generic ones. */
export const CACHE_PURGE_ERRORS = {
  keysRequired: 'cache.keys_required',
  urlRequired: 'cache.url_required',
  urlInvalid: 'cache.url_invalid',
} as const;
