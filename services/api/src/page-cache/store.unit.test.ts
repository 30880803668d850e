import { describe, expect, it } from 'vitest';
import { PageCacheStore, type CachedAnswer } from './store';

const answer = (keys: readonly string[], body = 'x'.repeat(100), ttlMs = 60_000): CachedAnswer => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: Buffer.from(body),
  surrogateKeys: keys,
  ttlMs,
});

function clocked(maxBytes = 10_000) {
  let now = 1_000_000;
  const store = new PageCacheStore({ maxBytes, maxEntryBytes: maxBytes, now: () => now });
  return { store, advance: (ms: number) => void (now += ms) };
}

describe('page cache store', () => {
  it('finds what it stored and forgets it after its shared lifetime', () => {
    const { store, advance } = clocked();
    expect(store.put('a', '/a', answer(['product-A']), store.mark())).toBe(true);
    expect(store.lookup('a').kind).toBe('fresh');
    advance(60_000);
    expect(store.lookup('a').kind).toBe('miss');
    expect(store.stats().entries).toBe(0);
  });

  it('evicts the least recently used entries once the bytes pass the bound', () => {
    const { store } = clocked(1_000);
    for (const name of ['a', 'b', 'c']) store.put(name, `/${name}`, answer([`k-${name}`], 'x'.repeat(250)), store.mark());
    // 'a' is used, so 'b' is now the least recently used one.
    expect(store.lookup('a').kind).toBe('fresh');
    store.put('d', '/d', answer(['k-d'], 'x'.repeat(250)), store.mark());
    expect(store.lookup('b').kind).toBe('miss');
    expect(store.lookup('a').kind).toBe('fresh');
    expect(store.lookup('d').kind).toBe('fresh');
    expect(store.stats().bytes).toBeLessThanOrEqual(1_000);
  });

  it('never stores an answer larger than the entry bound', () => {
    const store = new PageCacheStore({ maxBytes: 10_000, maxEntryBytes: 500 });
    expect(store.put('big', '/big', answer(['k'], 'x'.repeat(600)), store.mark())).toBe(false);
    expect(store.lookup('big').kind).toBe('miss');
  });

  it('a hard purge of a key removes exactly the entries tagged with it, across variants', () => {
    const { store } = clocked();
    store.put('cz|cs|gzip|/p/a', '/p/a', answer(['product-A', 'html']), store.mark());
    store.put('cz|cs||/p/a', '/p/a', answer(['product-A', 'html']), store.mark());
    store.put('cz|cs||/api/catalog/products/a', '/api/catalog/products/a', answer(['product-A', 'api']), store.mark());
    store.put('cz|cs||/p/b', '/p/b', answer(['product-B', 'html']), store.mark());
    expect(store.purgeKeys(['product-A'], false).purged).toBe(3);
    expect(store.lookup('cz|cs|gzip|/p/a').kind).toBe('miss');
    expect(store.lookup('cz|cs||/api/catalog/products/a').kind).toBe('miss');
    expect(store.lookup('cz|cs||/p/b').kind).toBe('fresh');
    // The index forgets removed entries: purging again finds nothing.
    expect(store.purgeKeys(['product-A'], false).purged).toBe(0);
  });

  it('a soft purge keeps the entry, stale, and tells whether someone is already rendering its replacement', () => {
    const { store } = clocked();
    store.put('a', '/a', answer(['product-A']), store.mark());
    expect(store.purgeKeys(['product-A'], true).purged).toBe(1);
    const first = store.lookup('a');
    expect(first).toMatchObject({ kind: 'stale', revalidating: false });
    store.startRevalidation('a');
    expect(store.lookup('a')).toMatchObject({ kind: 'stale', revalidating: true });
    store.put('a', '/a', answer(['product-A'], 'new'), store.mark());
    store.finishRevalidation('a');
    const replaced = store.lookup('a');
    expect(replaced.kind).toBe('fresh');
    expect(replaced.kind === 'fresh' && replaced.entry.body.toString()).toBe('new');
  });

  it('refuses an answer whose render started before a purge of one of its keys (it may hold the old price)', () => {
    const { store } = clocked();
    const startedBefore = store.mark();
    store.purgeKeys(['product-A'], false);
    expect(store.put('a', '/a', answer(['product-A', 'html']), startedBefore)).toBe(false);
    // Another product's render is not held back by it.
    expect(store.put('b', '/b', answer(['product-B', 'html']), startedBefore)).toBe(true);
    expect(store.put('a', '/a', answer(['product-A', 'html']), store.mark())).toBe(true);
  });

  it('purges by URL every variant of that address, and full purges everything', () => {
    const { store } = clocked();
    store.put('cz|cs|gzip|/a?page=2', '/a?page=2', answer(['category-1']), store.mark());
    store.put('cz|cs||/a?page=2', '/a?page=2', answer(['category-1']), store.mark());
    store.put('cz|cs||/a', '/a', answer(['category-1']), store.mark());
    expect(store.purgeUrl('/a?page=2', false).purged).toBe(2);
    expect(store.lookup('cz|cs||/a').kind).toBe('fresh');
    const before = store.mark();
    expect(store.purgeAll(false).purged).toBe(1);
    expect(store.stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect(store.put('x', '/x', answer(['k']), before)).toBe(false);
  });
});
