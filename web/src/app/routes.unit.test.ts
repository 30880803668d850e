import { describe, expect, it } from 'vitest';
import { embedJson } from '../server/index';
import { cookieValue, query } from './api';
import { formatDate, formatDateTime, formatMoney } from './format';
import { retryDelay, shouldRetry } from './query-client';
import { ApiError } from './api';
import { canonicalPath, filtersFrom, filtersQuery, matchRoute, pageType, routePatterns, withFilter } from './routes';

describe('the storefront routes', () => {
  it('reads a selector deep link', () => {
    expect(matchRoute('cz', '/vykup/mobilni-telefony/apple/iphone-13-128-gb/temne-inkoustova', '?device_condition=B')).toEqual({
      page: 'buyback',
      slugs: { type: 'mobilni-telefony', manufacturer: 'apple', model: 'iphone-13-128-gb', color: 'temne-inkoustova' },
      deviceCondition: 'B',
      deviceConditionChoices: null,
    });
    expect(
      matchRoute(
        'cz',
        '/vykup/mobilni-telefony/apple/iphone-13-128-gb/blue',
        '?device_condition_choices=display_worn,body_scratched',
      ),
    ).toMatchObject({ deviceConditionChoices: ['display_worn', 'body_scratched'] });
    expect(matchRoute('cz', '/vykup', '')).toMatchObject({ page: 'buyback', slugs: { type: null } });
    expect(matchRoute('cz', '/vykup/a/b/c/d/e', '')).toBeNull();
  });

  it('knows the thank-you, status and offer pages per market', () => {
    expect(matchRoute('cz', '/vykup/dekujeme', '?number=123&token=abc')).toEqual({ page: 'thanks', number: '123', token: 'abc' });
    expect(matchRoute('cz', '/vykup/stav/123', '?token=abc')).toEqual({ page: 'status', number: '123', token: 'abc' });
    expect(matchRoute('cz', '/vykup/nabidka/123', '?token=abc')).toEqual({ page: 'offer', number: '123', token: 'abc' });
    expect(matchRoute('ro', '/rascumparare/multumim', '?number=9')).toEqual({ page: 'thanks', number: '9', token: '' });
    expect(matchRoute('ro', '/rascumparare/stare/9', '?token=t')).toEqual({ page: 'status', number: '9', token: 't' });
    // The other market's buy-back is no page here ('/vykup' alone is a category name to look up).
    expect(matchRoute('ro', '/vykup/stav/9', '')).toBeNull();
  });

  it('serves the header pages and nothing else', () => {
    expect(matchRoute('cz', '/prodejny', '')).toEqual({ page: 'stores' });
    expect(matchRoute('ro', '/kontakt', '')).toEqual({ page: 'contact' });
    expect(matchRoute('cz', '/prihlasit', '')).toEqual({ page: 'login' });
    expect(matchRoute('cz', '/api/buyout/types', '')).toBeNull();
    expect(matchRoute('cz', '/admin', '')).toBeNull();
    expect(matchRoute('cz', '/favicon.ico', '')).toBeNull();
    expect(routePatterns('cz')).toEqual([
      '/',
      '/hledat',
      '/oblibene',
      '/caste-dotazy',
      '/produkt/:product',
      '/:category',
      '/vykup',
      '/vykup/{*path}',
      '/prodejny',
      '/kontakt',
      '/prihlasit',
      '/objednavka/:number',
      '/moje-objednavky/:number',
      '/assets/{*path}',
      '/images/buyout/{*path}',
    ]);
  });

  it('gives each page its analytics type', () => {
    expect(pageType(matchRoute('cz', '/vykup', ''))).toBe('catalog');
    expect(pageType(matchRoute('cz', '/vykup/mobilni-telefony/apple/iphone/cerna', ''))).toBe('product_detail');
    expect(pageType(matchRoute('cz', '/vykup/stav/1', '?token=a'))).toBe('home_page');
  });
});

describe('the shop’s routes', () => {
  it('names the shop’s pages in the market’s language', () => {
    expect(matchRoute('cz', '/', '')).toEqual({ page: 'home' });
    expect(matchRoute('ro', '/', '')).toEqual({ page: 'home' });
    expect(matchRoute('cz', '/mobilni-telefony', '')).toEqual({ page: 'category', seo: 'mobilni-telefony', filters: {} });
    expect(matchRoute('ro', '/telefoane/', '')).toMatchObject({ page: 'category', seo: 'telefoane' });
    expect(matchRoute('cz', '/produkt/apple-iphone-13-128-gb-modra', '')).toEqual({
      page: 'product',
      seo: 'apple-iphone-13-128-gb-modra',
    });
    expect(matchRoute('ro', '/produs/apple-iphone-13', '')).toEqual({ page: 'product', seo: 'apple-iphone-13' });
    // The other market's slug is a category name to look up (and not found), not that market's page.
    expect(matchRoute('cz', '/produs/apple-iphone-13', '')).toBeNull();
    expect(matchRoute('cz', '/hledat', '?q=%20samsung%20galxy%20')).toEqual({ page: 'search', q: 'samsung galxy' });
    expect(matchRoute('ro', '/cautare', '?q=ziskat')).toEqual({ page: 'search', q: 'ziskat' });
    // Cut to the API's longest term, counted as it counts: code points (an emoji is one).
    expect(matchRoute('cz', '/hledat', `?q=${'a'.repeat(5000)}`)).toMatchObject({ q: 'a'.repeat(100) });
    expect(matchRoute('cz', '/hledat', `?q=${encodeURIComponent('😀'.repeat(150))}`)).toMatchObject({ q: '😀'.repeat(100) });
    expect(matchRoute('cz', '/oblibene', '')).toEqual({ page: 'favourites' });
    expect(matchRoute('ro', '/favorite', '')).toEqual({ page: 'favourites' });
    expect(matchRoute('cz', '/caste-dotazy', '')).toEqual({ page: 'faq' });
    expect(matchRoute('ro', '/intrebari-frecvente', '')).toEqual({ page: 'faq' });
    expect(matchRoute('cz', '/Mobilni Telefony', '')).toBeNull();
    expect(matchRoute('cz', '/produkt/a/b', '')).toBeNull();
  });

  it('keeps only valid filters, in one order, defaults left out', () => {
    expect(
      filtersFrom('?page=2&sort=price_asc&manufacturer=apple&colour=modra&attr.ram=8-gb&utm_source=x&in_stock=true&page_size=48'),
    ).toEqual({
      manufacturer: 'apple',
      colour: 'modra',
      'attr.ram': '8-gb',
      in_stock: 'true',
      sort: 'price_asc',
      page_size: '48',
      page: '2',
    });
    // What the API would refuse (400) is left out: the page shows what it can.
    expect(filtersFrom('?sort=cheapest&page=0&page_size=10000&in_stock=yes&price_from=-5')).toEqual({});
    expect(filtersFrom('?sort=best_selling&page=1&page_size=24')).toEqual({});
    expect(filtersFrom('?price_from=5000&price_to=1000')).toEqual({});
    expect(filtersFrom('?price_from=1000&price_to=5000')).toEqual({ price_from: '1000', price_to: '5000' });
    // What the API would refuse (400) is left out: a page past its last, an attribute code outside its pattern.
    expect(filtersFrom('?page=20000&attr.ram_size=8&attr.ram-size=8')).toEqual({ 'attr.ram-size': '8' });
    expect(filtersFrom('?page=10000')).toEqual({ page: '10000' });
    expect(filtersQuery({ manufacturer: 'apple', page: '3' })).toBe('?manufacturer=apple&page=3');
    expect(filtersQuery({})).toBe('');
  });

  it('starts again at page 1 when a filter changes, not when the page does', () => {
    const filters = filtersFrom('?manufacturer=apple&page=3');
    expect(withFilter(filters, 'quality', 'A')).toEqual({ manufacturer: 'apple', quality: 'A' });
    expect(withFilter(filters, 'manufacturer', null)).toEqual({});
    expect(withFilter(filters, 'page', '4')).toEqual({ manufacturer: 'apple', page: '4' });
  });

  it('gives each page its type and canonical address', () => {
    expect(pageType(matchRoute('cz', '/', ''))).toBe('home_page');
    expect(pageType(matchRoute('cz', '/tablety', ''))).toBe('catalog');
    expect(pageType(matchRoute('cz', '/produkt/ipad', ''))).toBe('product_detail');
    expect(canonicalPath('cz', matchRoute('cz', '/tablety', '?page=2&utm_source=x')!)).toBe('/tablety?page=2');
    expect(canonicalPath('ro', matchRoute('ro', '/produs/ipad', '')!)).toBe('/produs/ipad');
    expect(canonicalPath('cz', matchRoute('cz', '/vykup/stav/1', '?token=a')!)).toBeNull();
  });
});

describe('formats and fetching', () => {
  it('shows money without decimals and dates as DD.MM.YYYY', () => {
    expect(formatMoney(8800, 'CZK', 'cs-CZ')).toBe('8\u00a0800\u00a0Kč');
    expect(formatMoney(1234, 'RON', 'ro-RO')).toMatch(/^1\.234\s?(Lei|lei)$/);
    expect(formatDate('2026-11-22T09:00:00.000Z', 'Europe/Prague')).toBe('22.11.2026');
    expect(formatDateTime('2026-11-22T09:05:00.000Z', 'Europe/Prague')).toBe('22.11.2026 10:05');
    expect(formatDateTime('2026-07-01T21:30:00.000Z', 'Europe/Bucharest')).toBe('02.07.2026 00:30');
  });

  it('retries 3 times with 1 s doubled up to 30 s, never a client error', () => {
    expect([0, 1, 2, 3, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30000, 30000]);
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(3, new Error('network'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, null))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, null))).toBe(true);
  });

  it('reads cookies and builds query strings', () => {
    expect(cookieValue('a=1; buyloop_csrf=x%3Dy; b=2', 'buyloop_csrf')).toBe('x=y');
    expect(cookieValue('a=1', 'buyloop_csrf')).toBeNull();
    expect(query({ type: 'phone', manufacturer: null, model: '' })).toBe('?type=phone');
    expect(query({})).toBe('');
  });

  it('embeds state that cannot close its script element', () => {
    expect(embedJson({ a: '</script><!--' })).not.toContain('<');
    expect(JSON.parse(embedJson({ a: '</script>&' }))).toEqual({ a: '</script>&' });
  });
});
