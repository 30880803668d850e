/**
 * What the API answers a server render used say about caching the page built from them.
 *
 * A shared page may be kept only as long as, and purged by everything that, its data may:
 * its surrogate keys are the union of its answers' keys (the API knows what a product's
 * detail shows: gifts, offers, insurance, warranty…, the page does not have to guess), and
 * its shared lifetime is the shortest of theirs (a listing changes when a product starts
 * matching, which no key announces).
 *
 * An answer the page cache served as STALE (soft-purged, kept only while its replacement
 * renders) carries data a purge already declared old: a page built from it must not be
 * stored, or it would outlive the purge as a fresh entry.
 */
export interface ApiAnswerHeaders {
  readonly status: number;
  readonly surrogateKey: string | null;
  readonly cacheControl: string | null;
  readonly xCache: string | null;
}

export interface PageCachePolicy {
  readonly cacheable: boolean;
  readonly surrogateKeys: readonly string[];
  /** Seconds a shared cache may keep the page. */
  readonly sharedMaxAge: number;
}

/** The longest a page is kept even when every answer allows more: a purge is what keeps it right, not the clock. */
export const PAGE_MAX_SHARED_SECONDS = 3600;

/** `s-maxage` (or a public `max-age`) in seconds; null when the answer may not be kept by a shared cache. */
export function sharedSeconds(cacheControl: string | null): number | null {
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
  return seconds('s-maxage') ?? (directives.has('public') ? (seconds('max-age') ?? null) : null);
}

/**
 * The page's caching from its answers. Not cacheable when there were none (nothing names
 * what it shows), when one was stale, failed (an error state no purge would clear), could
 * not be shared, or named no keys.
 */
export function pageCachePolicy(answers: readonly ApiAnswerHeaders[]): PageCachePolicy {
  const keys = new Set<string>();
  let maxAge = PAGE_MAX_SHARED_SECONDS;
  let cacheable = answers.length > 0;
  for (const answer of answers) {
    const seconds = sharedSeconds(answer.cacheControl);
    const named = answer.surrogateKey?.split(/\s+/).filter(Boolean) ?? [];
    if (answer.xCache?.toUpperCase() === 'STALE' || answer.status >= 300 || seconds === null || named.length === 0)
      cacheable = false;
    named.forEach((key) => keys.add(key));
    if (seconds !== null) maxAge = Math.min(maxAge, seconds);
  }
  if (maxAge <= 0) cacheable = false;
  return cacheable
    ? { cacheable, surrogateKeys: [...keys], sharedMaxAge: maxAge }
    : { cacheable, surrogateKeys: [], sharedMaxAge: 0 };
}

/**
 * Query parameters that never change a page: campaign tags and ad click ids. The page cache drops the same ones
 * from its keys (services/api/src/page-cache/middleware.ts, TRACKING); keep the two lists alike.
 */
const TRACKING = /^(utm_[a-z]+|gclid|fbclid|msclkid)$/i;

const comparable = (url: URL): string => {
  const entries = [...url.searchParams].filter(([name]) => !TRACKING.test(name));
  entries.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(entries).toString()}`;
};

/**
 * Whether the address asked for is the page's canonical one (parameters in any order, tracking ones aside).
 * Only such a page is stored: every other query parameter (`?x=<random>`) would otherwise be one more entry
 * in the page cache for the same page.
 */
export function isCanonicalAddress(url: string, canonical: string): boolean {
  const base = 'http://storefront.invalid';
  if (!URL.canParse(url, base) || !URL.canParse(canonical, base)) return false;
  return comparable(new URL(url, base)) === comparable(new URL(canonical, base));
}
