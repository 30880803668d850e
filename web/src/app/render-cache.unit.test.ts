import { describe, expect, it } from 'vitest';
import { isCanonicalAddress, pageCachePolicy, type ApiAnswerHeaders } from './render-cache';

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

describe('which addresses of a page are stored', () => {
  it('only its canonical one, parameters in any order and tracking ones aside', () => {
    expect(isCanonicalAddress('/telefony?page=2&sort=price_asc', '/telefony?sort=price_asc&page=2')).toBe(true);
    expect(isCanonicalAddress('/telefony?utm_source=news&gclid=1', '/telefony')).toBe(true);
    expect(isCanonicalAddress('/hledat?q=samsung%20galaxy', '/hledat?q=samsung%20galaxy')).toBe(true);
    expect(isCanonicalAddress('/telefony?x=8f3a1c', '/telefony')).toBe(false);
    expect(isCanonicalAddress('/telefony?page=1', '/telefony')).toBe(false);
    expect(isCanonicalAddress('///', '/')).toBe(false);
  });
});
