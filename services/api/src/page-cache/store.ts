/**
 * The in-process store of cached answers: bounded by bytes (least recently
 * used goes first), indexed by surrogate key and by URL so a purge finds
 * exactly its entries without walking the cache.
 *
 * A JavaScript Map keeps insertion order, so moving an entry to the end on
 * every hit makes its first entry the least recently used one; that is the
 * whole LRU, which is why no cache library is pulled in for it.
 */

export interface CachedAnswer {
  readonly status: number;
  /** The headers the route set (never the request's own: request id, cookies, Date). */
  readonly headers: Readonly<Record<string, string | readonly string[]>>;
  /** The bytes as they went out, compressed if the compressor sat inside the cache. */
  readonly body: Buffer;
  readonly surrogateKeys: readonly string[];
  /** How long a shared cache may keep it (s-maxage, else max-age), in ms. */
  readonly ttlMs: number;
}

export interface CacheEntry extends CachedAnswer {
  readonly key: string;
  /** Path and normalised query: what a URL purge names. */
  readonly url: string;
  readonly storedAt: number;
  readonly bytes: number;
  /** Soft-purged: served only while another request renders its replacement. */
  stale: boolean;
}

export type Lookup =
  | { readonly kind: 'miss' }
  | { readonly kind: 'fresh'; readonly entry: CacheEntry }
  /** `revalidating`: another request is rendering the replacement right now. */
  | { readonly kind: 'stale'; readonly entry: CacheEntry; readonly revalidating: boolean };

export interface PageCacheStats {
  readonly entries: number;
  readonly bytes: number;
  readonly maxBytes: number;
  readonly hits: number;
  readonly misses: number;
  readonly purged: number;
}

/** What one purge did: entries removed (hard) or marked stale (soft). */
export interface PurgeResult {
  readonly purged: number;
}

/** Header names that belong to one request and connection, never to the stored answer. */
const PER_REQUEST_HEADERS = new Set([
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'age',
  'x-cache',
  'x-request-id',
]);

export const isStoredHeader = (name: string): boolean => !PER_REQUEST_HEADERS.has(name.toLowerCase());

/** Past this many remembered purge marks the oldest are forgotten, and the store behaves as if everything was purged then. */
const MAX_PURGE_MARKS = 50_000;

export class PageCacheStore {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly byKey = new Map<string, Set<string>>();
  private readonly byUrl = new Map<string, Set<string>>();
  private readonly revalidating = new Set<string>();
  private totalBytes = 0;
  private hits = 0;
  private misses = 0;
  private purgedCount = 0;
  /**
   * Purges are numbered. A render that started before a purge of one of its
   * keys may carry what the purge was about (a price read a moment before
   * it changed): `put` refuses it, so a purge can never be undone by a slow
   * render finishing after it.
   */
  private sequence = 0;
  private readonly keyPurgedAt = new Map<string, number>();
  private readonly urlPurgedAt = new Map<string, number>();
  private allPurgedAt = 0;

  constructor(
    private readonly options: {
      readonly maxBytes: number;
      /** One answer larger than this is never stored (it would push out many pages). */
      readonly maxEntryBytes?: number;
      readonly now?: () => number;
    },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  get maxEntryBytes(): number {
    return this.options.maxEntryBytes ?? Math.max(1, Math.floor(this.options.maxBytes / 8));
  }

  /** The purge sequence now: pass it to `put` for an answer rendered from here on. */
  mark(): number {
    return this.sequence;
  }

  lookup(key: string): Lookup {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return { kind: 'miss' };
    }
    if (this.now() - entry.storedAt >= entry.ttlMs) {
      this.remove(entry);
      this.misses++;
      return { kind: 'miss' };
    }
    // Most recently used goes to the end of the Map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (entry.stale) return { kind: 'stale', entry, revalidating: this.revalidating.has(key) };
    this.hits++;
    return { kind: 'fresh', entry };
  }

  /** A request renders the replacement of a stale entry; others are served the stale one until `finishRevalidation`. */
  startRevalidation(key: string): void {
    this.revalidating.add(key);
  }

  finishRevalidation(key: string): void {
    this.revalidating.delete(key);
  }

  /**
   * Stores an answer rendered after purge sequence `renderedFrom`; refused
   * (false) when it is too large or a purge of its keys or URL came since.
   */
  put(key: string, url: string, answer: CachedAnswer, renderedFrom: number): boolean {
    const bytes = answer.body.length + key.length + url.length + headerBytes(answer.headers);
    if (bytes > this.maxEntryBytes || answer.ttlMs <= 0) return false;
    if (this.allPurgedAt > renderedFrom || (this.urlPurgedAt.get(url) ?? 0) > renderedFrom) return false;
    for (const surrogate of answer.surrogateKeys) if ((this.keyPurgedAt.get(surrogate) ?? 0) > renderedFrom) return false;
    const existing = this.entries.get(key);
    if (existing) this.remove(existing);
    const entry: CacheEntry = { ...answer, key, url, storedAt: this.now(), bytes, stale: false };
    this.entries.set(key, entry);
    this.totalBytes += bytes;
    for (const surrogate of entry.surrogateKeys) addTo(this.byKey, surrogate, key);
    addTo(this.byUrl, url, key);
    this.evict();
    return true;
  }

  purgeKeys(keys: readonly string[], soft: boolean): PurgeResult {
    const seq = ++this.sequence;
    const found = new Set<string>();
    for (const surrogate of keys) {
      this.keyPurgedAt.set(surrogate, seq);
      for (const key of this.byKey.get(surrogate) ?? []) found.add(key);
    }
    this.forgetOldMarks(seq);
    return this.purgeEntries(found, soft);
  }

  purgeUrl(url: string, soft: boolean): PurgeResult {
    const seq = ++this.sequence;
    this.urlPurgedAt.set(url, seq);
    this.forgetOldMarks(seq);
    return this.purgeEntries(new Set(this.byUrl.get(url) ?? []), soft);
  }

  purgeAll(soft: boolean): PurgeResult {
    this.allPurgedAt = ++this.sequence;
    this.keyPurgedAt.clear();
    this.urlPurgedAt.clear();
    return this.purgeEntries(new Set(this.entries.keys()), soft);
  }

  stats(): PageCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.totalBytes,
      maxBytes: this.options.maxBytes,
      hits: this.hits,
      misses: this.misses,
      purged: this.purgedCount,
    };
  }

  /** The surrogate keys an entry is indexed under (tests and the ops view). */
  keysOf(key: string): readonly string[] | undefined {
    return this.entries.get(key)?.surrogateKeys;
  }

  private purgeEntries(keys: ReadonlySet<string>, soft: boolean): PurgeResult {
    let purged = 0;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      purged++;
      if (soft) entry.stale = true;
      else this.remove(entry);
    }
    this.purgedCount += purged;
    return { purged };
  }

  private forgetOldMarks(seq: number): void {
    if (this.keyPurgedAt.size + this.urlPurgedAt.size <= MAX_PURGE_MARKS) return;
    // Forgetting a mark could let an old render in; treating everything as purged now keeps every in-flight one out.
    this.allPurgedAt = seq;
    this.keyPurgedAt.clear();
    this.urlPurgedAt.clear();
  }

  private evict(): void {
    while (this.totalBytes > this.options.maxBytes) {
      const oldest = this.entries.values().next();
      if (oldest.done) return;
      this.remove(oldest.value);
    }
  }

  private remove(entry: CacheEntry): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.totalBytes -= entry.bytes;
    for (const surrogate of entry.surrogateKeys) removeFrom(this.byKey, surrogate, entry.key);
    removeFrom(this.byUrl, entry.url, entry.key);
  }
}

function headerBytes(headers: CachedAnswer['headers']): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers))
    bytes += name.length + (typeof value === 'string' ? value.length : value.join('').length);
  return bytes;
}

function addTo(index: Map<string, Set<string>>, name: string, key: string): void {
  let keys = index.get(name);
  if (!keys) index.set(name, (keys = new Set()));
  keys.add(key);
}

function removeFrom(index: Map<string, Set<string>>, name: string, key: string): void {
  const keys = index.get(name);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(name);
}
