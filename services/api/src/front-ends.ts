import compression from 'compression';
import type { RequestHandler } from 'express';
import { NotFound, type Market } from '@buyloop/kit';
import { SecuredRouter } from '@buyloop/http';
import { storefront } from '@buyloop/web';
import { backOffice } from '@buyloop/admin';
import { platformContracts } from './platform-contracts';

/** Static files: hashed scripts, styles and images of the two builds. */
const isAssetPath = (path: string): boolean => path.startsWith('/assets/') || path.startsWith('/admin/assets/');

/**
 * A missing static file is answered like every other unknown address, as
 * application/problem+json through the API's problem handler, instead of
 * the packages' own plain-text 404. Pages keep their own answers (a deep
 * link naming a device we do not buy is an HTML page with 404).
 */
function assetsAnswerProblems(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!isAssetPath(req.path)) return handler(req, res, next);
    const { send, end } = res;
    let refused = false;
    const restore = () => {
      res.send = send;
      res.end = end;
    };
    const refuse = () => {
      refused = true;
      restore();
      res.removeHeader('Content-Type');
      next(new NotFound('route.not_found', `There is no ${req.method} ${req.path}`, { method: req.method, path: req.path }));
      return res;
    };
    res.send = function (this: typeof res, body?: unknown) {
      if (res.statusCode === 404 && !res.headersSent) return refuse();
      restore();
      return send.call(this, body);
    } as typeof res.send;
    res.end = function (this: typeof res, ...args: unknown[]) {
      if (res.statusCode === 404 && !res.headersSent) return refuse();
      restore();
      return (end as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.end;
    handler(req, res, (error?: unknown) => {
      restore();
      if (!refused) next(error);
    });
  };
}

/**
 * The storefront (server-rendered pages) and the back office (a single-page
 * app) served by the API's own process, on the paths their packages name.
 * Pages are public; what a page may show or do is the API's decision on
 * each call it makes.
 */
export function frontEndRoutes(options: { market: Market; webDist?: string; adminDist?: string }): SecuredRouter {
  const router = new SecuredRouter({ tag: 'Pages' });
  // Pages, scripts and styles go out compressed: a phone on a slow line waits for every byte. (The API's own
  // answers are small, and its streamed ones must not wait in a compressor, so only this router compresses.)
  router.router.use(compression());
  const web = storefront({ market: options.market, ...(options.webDist ? { distDir: options.webDist } : {}) });
  const admin = backOffice(options.adminDist ? { distDir: options.adminDist } : {});
  for (const { path } of [...web.routes]) router.get(path, 'public', platformContracts.page, assetsAnswerProblems(web.handler));
  for (const { path } of [...admin.routes])
    router.get(path, 'public', platformContracts.page, assetsAnswerProblems(admin.handler));
  return router;
}
