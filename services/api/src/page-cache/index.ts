export { pageCacheModule, pageCacheSettings, SHOP_READ_MODELS, type PageCacheHandle, type PageCacheSettings } from './module';
export { PageCacheStore, type CachedAnswer, type PageCacheStats } from './store';
export { CachePurger } from './purger';
export { CatalogueIndex, keysFor, surrogate } from './keys';
