import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Market } from '@buyloop/kit';
import { principalOf } from '@buyloop/http';
import { isStoredHeader, type CachedAnswer, type PageCacheStore } from './store';
import { KIND_KEYS } from './keys';

/**
 * The response cache in front of the storefront's pages and the public
 * catalogue API. It is mounted after authentication and before every route,
 * so what it stores of a page is what went out: compressed bytes (the
 * storefront's compressor sits inside it), under the Accept-Encoding that
 * chose them.
 *
 * What is stored: a 200 answer to a GET that declares itself shareable
 * (`Cache-Control` with `public` or `s-maxage`, none of `private`, `no-store`,
 * `no-cache`), names its `Surrogate-Key`s, sets no cookie and varies on
 * nothing but the language and the encoding; rendered for a visitor (no
 * session, no ops token), so it cannot hold anyone's data even if a route
 * forgot to say `private`.
 *
 * Who is served from it: anyone, signed in or not. Shop pages and catalogue
 * answers are the same for everybody (the storefront renders favourites,
 * the cart badge and the signed-in name on the client), and a CDN in front
 * would do the same with these headers. A request with an Authorization
 * header (the ops token) goes past it.
 *
 * The key: market, answer language, Accept-Encoding, path and query (its
 * parameters sorted; on pages, tracking parameters such as utm_* dropped).
 */

/** Paths whose answers may be cached: the public catalogue API and pages; never the rest of the API or static files. */
export function isCacheablePath(path: string): boolean {
  if (path.startsWith('/api/')) return path.startsWith('/api/catalog/') || path === '/api/search';
  return !(
    path.startsWith('/assets/') ||
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/images/') ||
    path.startsWith('/favicon') ||
    path === '/health' ||
    path.startsWith('/health/') ||
    path === '/metrics' ||
    path.startsWith('/media/')
  );
}

/** Query parameters that never change a page: campaign tags and ad click ids. */
const TRACKING = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/i;

/** Path plus the query with its parameters in a stable order (pages also without tracking parameters). */
export function normalisedUrl(originalUrl: string): string {
  const at = originalUrl.indexOf('?');
  const path = at === -1 ? originalUrl : originalUrl.slice(0, at);
  if (at === -1) return path;
  const params = new URLSearchParams(originalUrl.slice(at + 1));
  const page = !path.startsWith('/api/');
  const entries = [...params].filter(([name]) => !(page && TRACKING.test(name)));
  // Sorted by name only: the order of repeated names (colour=a&colour=b) may mean something to a route.
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries).toString()}`;
}

/** How long a shared cache may keep an answer, in ms; null: it may not be shared. */
export function sharedLifetimeMs(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string | undefined>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value] = part.trim().split('=');
    if (name) directives.set(name, value?.replace(/"/g, ''));
  }
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const seconds = (name: string) => {
    const value = directives.get(name);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const shared = seconds('s-maxage') ?? (directives.has('public') ? seconds('max-age') : undefined);
  if (shared === undefined) return null;
  return shared * 1000;
}

const ALLOWED_VARY = new Set(['accept-encoding', 'accept-language']);

export interface PageCacheMiddlewareOptions {
  readonly store: PageCacheStore;
  readonly market: Market;
}

/** How long a request waits for the same page rendered by another before it renders it itself. */
const COALESCE_WAIT_MS = 10_000;

export function pageCacheMiddleware(options: PageCacheMiddlewareOptions): RequestHandler {
  const { store } = options;
  /**
   * Keys being rendered right now. Requests for an entry nobody has stored
   * yet wait for the one render in flight instead of each rendering the page
   * (32 visitors arriving together would otherwise render it 32 times).
   */
  const rendering = new Map<string, Promise<void>>();
  /** Keys whose last answer could not be stored (a no-store page): their requests never wait for one another. */
  const unshareable = new Set<string>();

  const serve = (req: Request, res: Response, next: NextFunction, key: string, url: string, waited: boolean): void => {
    const found = store.lookup(key);
    if (found.kind === 'fresh' || (found.kind === 'stale' && found.revalidating)) {
      replay(req, res, found.entry, found.kind === 'fresh' ? 'HIT' : 'STALE', Date.now());
      return;
    }
    const inFlight = rendering.get(key);
    if (found.kind === 'miss' && inFlight && !waited && !unshareable.has(key)) {
      let timer: NodeJS.Timeout | undefined;
      const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, COALESCE_WAIT_MS)));
      void Promise.race([inFlight, patience]).then(() => {
        clearTimeout(timer);
        if (!res.writableEnded && !res.destroyed) serve(req, res, next, key, url, true);
      });
      return;
    }
    if (found.kind === 'stale') store.startRevalidation(key);
    const renderedFrom = store.mark();
    res.setHeader('X-Cache', 'MISS');
    if (req.method === 'HEAD') {
      // A HEAD answer has no body to keep; it is still served from what a GET stored.
      if (found.kind === 'stale') res.once('close', () => store.finishRevalidation(key));
      return next();
    }
    let finished: () => void = () => undefined;
    if (!inFlight) {
      rendering.set(key, new Promise<void>((resolve) => (finished = resolve)));
    }
    capture(res, store.maxEntryBytes, (body) => {
      if (found.kind === 'stale') store.finishRevalidation(key);
      const answer = body ? storable(res, body) : null;
      if (answer) {
        store.put(key, url, answer, renderedFrom);
        unshareable.delete(key);
      } else if (body) {
        // Bounded: forgetting only means one more wait for a page that turns out not to be shareable.
        if (unshareable.size >= 10_000) unshareable.clear();
        unshareable.add(key);
      }
      if (!inFlight) {
        rendering.delete(key);
        finished();
      }
    });
    next();
  };

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCacheablePath(req.path) || req.get('authorization')) return next();
    const url = normalisedUrl(req.originalUrl);
    const language = typeof res.locals.language === 'string' ? res.locals.language : '';
    const encoding = (req.get('accept-encoding') ?? '').toLowerCase().replace(/\s+/g, '');
    serve(req, res, next, `${options.market}|${language}|${encoding}|${url}`, url, false);
  };
}

function replay(req: Request, res: Response, entry: CachedAnswer & { storedAt: number }, state: string, now: number): void {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value as string | string[]);
  res.setHeader('Age', String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))));
  res.setHeader('X-Cache', state);
  res.status(entry.status);
  // A browser that holds this version (its ETag) is told so instead of being sent it again.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(entry.body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(entry.body);
}

/** The answer as the cache keeps it, or null when it must not be shared. */
function storable(res: Response, body: Buffer): CachedAnswer | null {
  if (res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return null;
  if (principalOf(res).via !== 'visitor') return null;
  const ttlMs = sharedLifetimeMs(headerText(res.getHeader('cache-control')));
  if (ttlMs === null || ttlMs <= 0) return null;
  const declared = headerText(res.getHeader('surrogate-key'))?.split(/\s+/).filter(Boolean) ?? [];
  if (declared.length === 0) return null;
  const vary = headerText(res.getHeader('vary'));
  if (vary && vary.split(',').some((name) => !ALLOWED_VARY.has(name.trim().toLowerCase()))) return null;
  const type = headerText(res.getHeader('content-type')) ?? '';
  const kind = type.startsWith('text/html') ? KIND_KEYS.html : KIND_KEYS.api;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders()))
    if (value !== undefined && isStoredHeader(name)) headers[name] = typeof value === 'number' ? String(value) : value;
  return { status: 200, headers, body, surrogateKeys: [...new Set([...declared, kind])], ttlMs };
}

function headerText(value: string | number | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Collects the bytes the response sends (after the compressor, which writes
 * through these functions), then calls `done` with them once it has ended
 * whole; with null when it was too large, or the connection closed first.
 */
function capture(res: Response, limit: number, done: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  let finished = false;
  const take = (chunk: unknown, encoding: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;
    if (!buffer) return;
    size += buffer.length;
    if (size > limit) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((...args: unknown[]) => {
    take(args[0], args[1]);
    return write(...args);
  }) as Response['write'];
  res.end = ((...args: unknown[]) => {
    take(args[0], args[1]);
    const result = end(...args);
    if (!finished) {
      finished = true;
      done(overflow ? null : Buffer.concat(chunks));
    }
    return result;
  }) as Response['end'];
  res.once('close', () => {
    if (finished) return;
    finished = true;
    done(null);
  });
}
