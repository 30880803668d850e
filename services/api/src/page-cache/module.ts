import { SecuredRouter } from '@buyloop/http';
import type { Module, SettingsReader } from '@buyloop/projector';
import { pageCacheMessages } from './messages';
import type { ReadSide } from './keys';
import { pageCacheMiddleware } from './middleware';
import { CachePurger } from './purger';
import { pageCacheRoutes } from './routes';
import { PageCacheStore } from './store';

/**
 * The read models the shop's pages and catalogue answers are rendered from
 * (the catalogue's shop part keeps them in memory, fed by the projector's
 * changes, and its routes wait until it has taken in every change heard): a
 * purge waits until the one an event changes has folded it, so the page
 * rendered after the purge shows the change.
 */
export const SHOP_READ_MODELS: Readonly<Record<ReadSide, readonly string[]>> = {
  products: ['catalogue_shop_products'],
  masters: ['catalogue_masters'],
  reference: ['catalogue_reference'],
  categories: ['catalogue_category_tree'],
  locations: ['catalogue_shop_locations'],
};

export interface PageCacheSettings {
  readonly enabled: boolean;
  readonly maxBytes: number;
}

const PAGE_CACHE = { name: 'PAGE_CACHE', expected: 'on or off (default on)' };
const PAGE_CACHE_MB = { name: 'PAGE_CACHE_MB', expected: 'whole megabytes from 1 to 4096, e.g. 128 (the default)' };

export const pageCacheSettings: SettingsReader<PageCacheSettings> = {
  variables: [PAGE_CACHE, PAGE_CACHE_MB],
  read(env) {
    const errors: string[] = [];
    const switchText = (env[PAGE_CACHE.name] || 'on').toLowerCase();
    if (switchText !== 'on' && switchText !== 'off')
      errors.push(`${PAGE_CACHE.name} must be ${PAGE_CACHE.expected}, got ${JSON.stringify(env[PAGE_CACHE.name])}`);
    const sizeText = env[PAGE_CACHE_MB.name] || '128';
    const megabytes = /^\d{1,4}$/.test(sizeText) ? Number(sizeText) : NaN;
    if (!(megabytes >= 1 && megabytes <= 4096))
      errors.push(`${PAGE_CACHE_MB.name} must be ${PAGE_CACHE_MB.expected}, got ${JSON.stringify(sizeText)}`);
    if (errors.length > 0) return { ok: false, errors };
    return { ok: true, settings: { enabled: switchText === 'on', maxBytes: megabytes * 1024 * 1024 } };
  },
};

export interface PageCacheHandle {
  readonly store: PageCacheStore;
  readonly purger: CachePurger;
  readonly enabled: boolean;
}

/**
 * The page and catalogue-answer cache as a module: its router holds the
 * cache in front of every later route (list it before the modules whose
 * answers it caches) and the back office's purge; its purger follows the
 * catalogue's events. It has no events or projections of its own.
 */
export function pageCacheModule(
  options: { readonly renderedFrom?: Readonly<Partial<Record<ReadSide, readonly string[]>>> } = {},
): Module<PageCacheHandle> {
  return {
    name: 'page-cache',
    // The purge is the catalogue managers' work: the same people change what the cache holds.
    capabilities: ['catalogue.manage'],
    projections: [],
    streams: {},
    settings: pageCacheSettings,
    messages: pageCacheMessages,
    async open(context) {
      const settings = context.settings as PageCacheSettings;
      const store = new PageCacheStore({ maxBytes: settings.maxBytes });
      const purger = new CachePurger({
        events: context.events,
        store,
        market: context.market,
        logger: context.logger,
        renderedFrom: options.renderedFrom ?? SHOP_READ_MODELS,
        waitFor: context.waitFor,
      });
      const cache = new SecuredRouter({ tag: 'Cache' });
      if (settings.enabled) cache.router.use(pageCacheMiddleware({ store, market: context.market }));
      return {
        routes: [cache, pageCacheRoutes(store)],
        handle: { store, purger, enabled: settings.enabled },
        async start() {
          purger.start();
        },
        async stop() {
          await purger.stop();
        },
      };
    },
  };
}
