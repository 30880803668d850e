import { describe, expect, it } from 'vitest';
import { pageCachePolicy, type ApiAnswerHeaders } from './render-cache';

const answer = (surrogateKey: string, seconds: number, extra: Partial<ApiAnswerHeaders> = {}): ApiAnswerHeaders => ({
  status: 200,
  surrogateKey,
  cacheControl: `public, max-age=0, s-maxage=${seconds}`,
  xCache: 'MISS',
  ...extra,
});

describe('how a server-rendered page may be cached, from the API answers it used', () => {
  it('is purged by every key its answers name and kept no longer than the shortest-lived of them', () => {
    const policy = pageCachePolicy([
      answer('catalog categories', 300),
      answer('catalog product-100010 product-100011 product-430001 product-GIFT1 product-WARRANTY2', 3600),
    ]);
    expect(policy.cacheable).toBe(true);
    expect(policy.surrogateKeys).toEqual([
      'catalog',
      'categories',
      'product-100010',
      'product-100011',
      'product-430001',
      'product-GIFT1',
      'product-WARRANTY2',
    ]);
    expect(policy.sharedMaxAge).toBe(300);
    expect(pageCachePolicy([answer('catalog categories', 300), answer('catalog search', 60)]).sharedMaxAge).toBe(60);
  });

  it('is not stored when an answer was a soft-purged (stale) copy, failed, was private or named no keys', () => {
    expect(
      pageCachePolicy([answer('catalog categories', 300), answer('catalog product-1', 3600, { xCache: 'STALE' })]).cacheable,
    ).toBe(false);
    expect(pageCachePolicy([answer('catalog', 300, { status: 404 })]).cacheable).toBe(false);
    expect(pageCachePolicy([answer('catalog', 300, { cacheControl: 'private, max-age=60' })]).cacheable).toBe(false);
    expect(pageCachePolicy([answer('', 300)]).cacheable).toBe(false);
    expect(pageCachePolicy([]).cacheable).toBe(false);
  });
});
