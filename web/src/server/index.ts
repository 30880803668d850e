import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { matchRoute, routePatterns } from '../app/routes';
import type { Market } from '../app/market';
import type { RenderContext, RenderResult } from '../app/render-types';
import { deviceImages } from './device-image';

/** The storefront built next to this package: web/dist. */
const DEFAULT_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist');
const STATE_ELEMENT_ID = 'buyloop-state';

interface Built {
  readonly template: string;
  readonly render: (url: string, context: RenderContext) => Promise<RenderResult>;
}

/** JSON inside a <script type="application/json">: nothing in it may close the element or open a comment. */
export const embedJson = (value: unknown): string =>
  JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Storefront not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The storefront is not built</h1><p>Run <code>pnpm build</code> (or <code>pnpm --filter @buyloop/web build</code>) and reload.</p>
</body></html>`;

/**
 * The storefront as Express middleware: built assets under /assets (immutable), and the pages
 * of the buy-back (and stores, contact, sign-in) rendered on the server with their data, then
 * hydrated. Every other request goes on to `next()`: the API answers its own routes.
 */
/**
 * Where the page's data comes from: the address and port this very request
 * arrived on, never the Host header, which the visitor writes (it would make
 * the server fetch from, and send the visitor's cookie to, any host named).
 */
function ownAddress(req: Request): string {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

/**
 * What a page a shared cache may keep says to caches: fresh there as long as the shortest-lived API answer it
 * was built from (an hour at most; purged by its keys), revalidated by browsers.
 */
export const sharedCacheControl = (seconds: number | undefined): string =>
  `public, max-age=0, s-maxage=${Math.max(0, Math.min(3600, Math.floor(seconds ?? 3600)))}`;

export function storefront(options: { market: Market; distDir?: string; apiBase?: string; publicUrl?: string }): {
  routes: ReadonlyArray<{ path: string }>;
  handler: RequestHandler;
  /**
   * The shop's "page not found" for any address nobody else answered (the API mounts it last,
   * for browsers only): the page in the shop's frame with status 404. Unbuilt, it passes on.
   */
  notFound: RequestHandler;
} {
  const dist = options.distDir ?? DEFAULT_DIST;
  const clientDir = join(dist, 'client');
  const serverEntry = join(dist, 'server', 'entry-server.js');
  const assets = express.static(join(clientDir, 'assets'), {
    immutable: true,
    maxAge: '1y',
    index: false,
    fallthrough: false,
  });
  let built: { version: number; loading: Promise<Built> } | null = null;

  /** The built template and renderer, loaded again after a new build (the template's mtime changed). */
  const load = (): Promise<Built> | null => {
    if (!existsSync(serverEntry) || !existsSync(join(clientDir, 'index.html'))) return null;
    const version = statSync(join(clientDir, 'index.html')).mtimeMs;
    if (built && built.version === version) return built.loading;
    const loading = (async () => {
      const module = (await import(`${pathToFileURL(serverEntry).href}?v=${version}`)) as { render: Built['render'] };
      return { template: readFileSync(join(clientDir, 'index.html'), 'utf8'), render: module.render };
    })();
    built = { version, loading };
    loading.catch(() => (built = null));
    return loading;
  };

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    if (req.path.startsWith('/assets/')) {
      if (!existsSync(clientDir)) return next();
      req.url = req.url.slice('/assets'.length);
      return assets(req, res, (error?: unknown) => {
        req.url = `/assets${req.url}`;
        if (error && (error as { status?: number }).status === 404) return res.status(404).type('text/plain').send('Not found');
        next(error);
      });
    }
    if (req.path.startsWith('/images/buyout/')) return deviceImages(req, res, next);
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    if (!matchRoute(options.market, req.path, search)) return next();
    const loading = load();
    if (!loading) {
      res.status(503).set('Cache-Control', 'no-store').type('html').send(NOT_BUILT);
      return;
    }
    renderPage(loading, req, res, next);
  };

  const notFound: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const loading = load();
    if (!loading) return next();
    // Rendered as the address it was asked for: no route matches it, so the app shows its not-found page (404).
    renderPage(loading, req, res, next);
  };

  const renderPage = (loading: Promise<Built>, req: Request, res: Response, next: NextFunction) => {
    void (async () => {
      const { template, render } = await loading;
      const result = await render(req.originalUrl, {
        market: options.market,
        apiBase: options.apiBase ?? ownAddress(req),
        cookie: req.get('cookie'),
        acceptLanguage: req.get('accept-language'),
        publicUrl: options.publicUrl,
      });
      // An address that is no page of ours (a single slug that names no category) is the API's 404 to a client
      // that does not ask for HTML first: it gets the problem+json answer like every other unknown address.
      const guessed = matchRoute(options.market, req.path, '')?.page === 'category';
      if (guessed && result.status === 404 && req.accepts(['json', 'html']) !== 'html') return next();
      // Replacement functions, not strings: a page's text may hold `$&` or `$'`, which a replacement string expands.
      const state = `<script type="application/json" id="${STATE_ELEMENT_ID}">${embedJson({
        market: options.market,
        dehydratedState: result.dehydratedState,
      })}</script>`;
      const page = template
        .replace('<!--app-lang-->', () => (options.market === 'ro' ? 'ro' : 'cs'))
        .replace('<!--app-head-->', () => result.head)
        .replace('<!--app-html-->', () => result.html)
        .replace('<!--app-state-->', () => state);
      // A shared page (rendered without the visitor's cookie, in the market's language) may be kept by a cache
      // and purged by its keys; the buy-back's own pages never are.
      if (result.cacheable)
        res.set('Cache-Control', sharedCacheControl(result.sharedMaxAge)).set('Surrogate-Key', result.surrogateKeys.join(' '));
      else res.set('Cache-Control', 'no-store');
      res.status(result.status).type('html').send(page);
    })().catch(next);
  };

  return { routes: routePatterns(options.market).map((path) => ({ path })), handler, notFound };
}

// The render's caching rule, for the API's tests of the page cache in front of it.
export { pageCachePolicy } from '../app/render-cache';
