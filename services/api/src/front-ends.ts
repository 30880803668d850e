import compression from 'compression';
import type { RequestHandler } from 'express';
import { NotFound, type Market } from '@buyloop/kit';
import { SecuredRouter } from '@buyloop/http';
import { storefront } from '@buyloop/web';
import { backOffice } from '@buyloop/admin';
import { platformContracts } from './platform-contracts';

/**
 * The shop's icon (the storefront's logo: two arrows going round on the brand's blue), for the
 * tab of every page of both front ends. Browsers that never read the pages' <link rel="icon">
 * ask for /favicon.ico: it answers the same picture rather than a 404 on every page.
 */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="2" y="2" width="28" height="28" rx="8" fill="#0b5fff"/><path d="M10 16a6 6 0 0 1 10.5-4M22 16a6 6 0 0 1-10.5 4" stroke="#fff" stroke-width="2.6" fill="none" stroke-linecap="round"/><path d="M20 8.5l1 3.6-3.6.9M12 23.5l-1-3.6 3.6-.9" stroke="#fff" stroke-width="2.2" fill="none" stroke-linecap="round"/></svg>`;

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
export function frontEndRoutes(options: {
  market: Market;
  webDist?: string;
  adminDist?: string;
  /** Where visitors reach the shop (PUBLIC_URL): canonical links name it, not the address the server listens on. */
  publicUrl?: string;
}): SecuredRouter {
  const router = new SecuredRouter({ tag: 'Pages' });
  // Pages, scripts and styles go out compressed: a phone on a slow line waits for every byte. (The API's own
  // answers are small, and its streamed ones must not wait in a compressor, so only this router compresses.)
  router.router.use(compression());
  const web = storefront({
    market: options.market,
    ...(options.webDist ? { distDir: options.webDist } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  for (const path of ['/favicon.svg', '/favicon.ico'])
    router.get(path, 'public', platformContracts.page, (_req, res) => {
      res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(FAVICON);
    });
  const admin = backOffice(options.adminDist ? { distDir: options.adminDist } : {});
  for (const { path } of [...web.routes]) router.get(path, 'public', platformContracts.page, assetsAnswerProblems(web.handler));
  for (const { path } of [...admin.routes])
    router.get(path, 'public', platformContracts.page, assetsAnswerProblems(admin.handler));
  // Last of all routes: an address nobody answered is the shop's 404 page to a browser (which asks for HTML
  // first); the API's own addresses and clients asking for JSON still get the problem+json answer.
  router.router.use((req, res, next) => {
    if (req.path.startsWith('/api/') || isAssetPath(req.path) || req.accepts(['json', 'html']) !== 'html') return next();
    web.notFound(req, res, next);
  });
  return router;
}
