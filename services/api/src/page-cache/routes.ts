import {
  CACHE_PURGE_ERRORS,
  cachePurgeRequestSchema,
  cachePurgeResultSchema,
  type CachePurgeResult,
} from '@buyloop/contracts/catalogue/cache-purge';
import { json, SecuredRouter, type RouteContract } from '@buyloop/http';
import { assertNever, parseInput, ValidationError } from '@buyloop/kit';
import { normalisedUrl } from './middleware';
import type { PageCacheStore } from './store';

const contracts = {
  purge: {
    summary: 'Purge the page and catalogue-answer cache by surrogate keys, by URL, or all of it',
    description:
      'mode key purges the answers tagged with any of `keys` (the default purge of the back office sends `html` and `api`: every page and every catalogue endpoint); mode url purges the answers of one address (a full URL or a path, query included); mode full purges everything. With soft_purge the answers are marked stale: each is served once more while it is rendered anew.',
    body: cachePurgeRequestSchema,
    responses: { 200: json('What was purged', cachePurgeResultSchema) },
  },
} as const satisfies Readonly<Record<string, RouteContract>>;

/** The path and query a purge URL names: a full http(s) URL or a path, as the cache keys it. */
export function purgeTarget(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) {
    const parsed = new URL(url, 'http://localhost');
    return normalisedUrl(`${parsed.pathname}${parsed.search}`);
  }
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return normalisedUrl(`${parsed.pathname}${parsed.search}`);
}

export function pageCacheRoutes(store: PageCacheStore): SecuredRouter {
  const router = new SecuredRouter({ tag: 'Cache' });
  router.post('/api/new/core/fastly/purge', 'catalogue.manage', contracts.purge, (req, res) => {
    const input = parseInput(cachePurgeRequestSchema, req.body ?? {});
    const soft = input.soft_purge ?? false;
    let purged: number;
    switch (input.mode) {
      case 'key':
        if (!input.keys)
          throw new ValidationError('validation.failed', { keys: [CACHE_PURGE_ERRORS.keysRequired] }, 'Name the keys to purge');
        purged = store.purgeKeys(input.keys, soft).purged;
        break;
      case 'url': {
        if (input.url === undefined)
          throw new ValidationError('validation.failed', { url: [CACHE_PURGE_ERRORS.urlRequired] }, 'Name the URL to purge');
        const target = purgeTarget(input.url);
        if (target === null)
          throw new ValidationError('validation.failed', { url: [CACHE_PURGE_ERRORS.urlInvalid] }, 'The URL is not valid');
        purged = store.purgeUrl(target, soft).purged;
        break;
      }
      case 'full':
        purged = store.purgeAll(soft).purged;
        break;
      default:
        return assertNever(input.mode);
    }
    const result: CachePurgeResult = { mode: input.mode, soft_purge: soft, purged };
    res.set('Cache-Control', 'no-store').json(result);
  });
  return router;
}
