import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { cookieValue } from '../app/api';
import { Batcher, type PageType, type Visit } from './batcher';
import { VISIBLE_RATIO, ViewTimer } from './view-timer';

export type { PageType, Visit } from './batcher';

/**
 * Spec 9's analytics, to our own endpoint only: a page view when a page
 * starts (its type and whether the visitor is signed in) and a view when an
 * element has been at least half visible for a second. Nothing runs during
 * the server render: every browser API is reached from an effect.
 */

const ENDPOINT = '/api/analytics/events';
const CSRF_COOKIE = 'buyloop_csrf';

let csrfFetch: Promise<string> | null = null;

/** The CSRF cookie the API checks on every POST, the analytics one included (fetched once when the page has none). */
async function csrfToken(): Promise<string> {
  const cookie = cookieValue(document.cookie, CSRF_COOKIE);
  if (cookie) return cookie;
  csrfFetch ??= fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => response.json() as Promise<{ csrf_token?: string }>)
    .then((body) => cookieValue(document.cookie, CSRF_COOKIE) ?? body.csrf_token ?? '')
    .catch(() => '');
  return csrfFetch;
}

/**
 * `keepalive` lets the request outlive the page like `navigator.sendBeacon`
 * would; a beacon cannot carry the CSRF header the API asks of every POST.
 * Failures are dropped: counting must never disturb shopping.
 */
function post(visits: readonly Visit[]): void {
  void csrfToken()
    .then((token) =>
      fetch(ENDPOINT, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ events: visits }),
      }),
    )
    .catch(() => undefined);
}

interface Tracker {
  readonly batcher: Batcher;
  readonly timer: ViewTimer<Element>;
  readonly observer: IntersectionObserver | null;
  readonly kinds: Map<string, string>;
  page: { readonly path: string; readonly type: PageType } | null;
}

let tracker: Tracker | null = null;

/** The one tracker of this page (browser only): one observer for every tracked element, one queue. */
function trackerOf(): Tracker | null {
  if (typeof window === 'undefined') return null;
  if (tracker) return tracker;
  const batcher = new Batcher(post);
  const kinds = new Map<string, string>();
  const created: Tracker = {
    batcher,
    kinds,
    page: null,
    timer: new ViewTimer<Element>((id) => {
      const page = created.page;
      if (page) batcher.push({ type: 'view', element_id: id, element_kind: kinds.get(id) ?? 'element', page_type: page.type });
    }),
    observer:
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries)
                created.timer.intersection(entry.target, entry.isIntersecting ? entry.intersectionRatio : 0);
            },
            { threshold: [0, VISIBLE_RATIO, 1] },
          ),
  };
  document.addEventListener('visibilitychange', () => {
    const visible = document.visibilityState === 'visible';
    created.timer.visibility(visible);
    // Hidden may be the last moment this page runs (mobile browsers rarely fire unload).
    if (!visible) batcher.flush();
  });
  window.addEventListener('pagehide', () => batcher.flush());
  created.timer.visibility(document.visibilityState === 'visible');
  tracker = created;
  return created;
}

/**
 * Reports the page view once when the page starts: `pageType` of spec 2
 * (home_page, catalog, product_detail, …) and whether the visitor is signed
 * in. Pass `registered: null` while that is not known yet (the session is
 * read after hydration); the view is reported once it is. A new path is a
 * new page view, and every element may be seen again on it.
 */
export function usePageView(pageType: PageType, registered: boolean | null): void {
  const { pathname } = useLocation();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const current = trackerOf();
    if (!current) return;
    // Query and fragment stay out: they may hold access tokens or search terms.
    const path = pathname.slice(0, 300);
    if (current.page?.path !== path) current.timer.reset();
    current.page = { path, type: pageType };
    if (registered === null || reported.current === path) return;
    reported.current = path;
    current.batcher.push({ type: 'page_view', page_type: pageType, registered, path });
  }, [pathname, pageType, registered]);
}

/**
 * A ref for an element whose views count (a product tile, a banner): the
 * element is reported once per page view when at least half of it has been
 * visible for a second. `id` names what it shows (the product code), `kind`
 * what it is (`product_tile`, `banner`, `category_tile`…).
 */
export function useViewTracking<T extends Element>(id: string, kind: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const element = ref.current;
    const current = trackerOf();
    if (!element || !current?.observer) return;
    current.kinds.set(id, kind);
    current.timer.observe(element, id);
    current.observer.observe(element);
    return () => {
      current.observer?.unobserve(element);
      current.timer.unobserve(element);
    };
  }, [id, kind]);
  return ref;
}
