/** What the storefront reports (the API's POST /api/analytics/events takes these). */
export type PageType =
  | 'home_page'
  | 'catalog'
  | 'product_detail'
  | 'search'
  | 'favourites'
  | 'stores'
  | 'contact'
  | 'login'
  | 'faq'
  | 'buyback'
  | 'other';

export type Visit =
  | { readonly type: 'page_view'; readonly page_type: PageType; readonly registered: boolean; readonly path: string }
  | { readonly type: 'view'; readonly element_id: string; readonly element_kind: string; readonly page_type: PageType };

/** The API refuses a whole batch over one bad event, so what it would refuse is dropped here (mirrors its contract). */
const ELEMENT_ID = /^[\p{L}\p{N}_.:/-]{1,100}$/u;
const ELEMENT_KIND = /^[a-z][a-z0-9_]{0,39}$/;
const PATH = /^\/[^\s?#]{0,299}$/;

export function acceptable(visit: Visit): boolean {
  switch (visit.type) {
    case 'page_view':
      return PATH.test(visit.path);
    case 'view':
      return ELEMENT_ID.test(visit.element_id) && ELEMENT_KIND.test(visit.element_kind);
    default: {
      const unknown: never = visit;
      return unknown;
    }
  }
}

/** The API's largest batch. */
export const MAX_BATCH = 50;

/**
 * Collects visits and hands them to `send` in batches: after `delayMs` of
 * quiet, at once when `flushAt` are waiting, and whenever `flush` is called
 * (the page is being hidden or left). One request per batch, however busy
 * the page, is what keeps the endpoint's per-client throttle out of sight.
 */
export class Batcher {
  private queue: Visit[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (visits: readonly Visit[]) => void,
    private readonly delayMs = 2_000,
    private readonly flushAt = 20,
  ) {}

  push(visit: Visit): void {
    if (!acceptable(visit)) return;
    this.queue.push(visit);
    if (this.queue.length >= this.flushAt) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length > 0) this.send(this.queue.splice(0, MAX_BATCH));
  }
}
