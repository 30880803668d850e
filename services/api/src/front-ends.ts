import compression from 'compression';
import type { Market } from '@buyloop/kit';
import { SecuredRouter } from '@buyloop/http';
import { storefront } from '@buyloop/web';
import { backOffice } from '@buyloop/admin';

/**
 * The storefront (server-rendered pages) and the back office (a single-page
 * app) served by the API's own process, on the paths their packages name.
 * Pages are public; what a page may show or do is the API's decision on
 * each call it makes.
 */
export function frontEndRoutes(options: { market: Market; webDist?: string; adminDist?: string }): SecuredRouter {
  const router = new SecuredRouter();
  // Pages, scripts and styles go out compressed: a phone on a slow line waits for every byte. (The API's own
  // answers are small, and its streamed ones must not wait in a compressor, so only this router compresses.)
  router.router.use(compression());
  const web = storefront({ market: options.market, ...(options.webDist ? { distDir: options.webDist } : {}) });
  const admin = backOffice(options.adminDist ? { distDir: options.adminDist } : {});
  for (const { path } of [...web.routes]) router.get(path, 'public', web.handler);
  for (const { path } of [...admin.routes]) router.get(path, 'public', admin.handler);
  return router;
}
