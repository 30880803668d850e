import { describe, expect, it } from 'vitest';
import { embedJson } from '../server/index';
import { cookieValue, query } from './api';
import { formatDate, formatDateTime, formatMoney } from './format';
import { retryDelay, shouldRetry } from './query-client';
import { ApiError } from './api';
import { matchRoute, pageType, routePatterns } from './routes';

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
    expect(matchRoute('ro', '/vykup', '')).toBeNull();
  });

  it('serves the header pages and nothing else', () => {
    expect(matchRoute('cz', '/prodejny', '')).toEqual({ page: 'stores' });
    expect(matchRoute('ro', '/kontakt', '')).toEqual({ page: 'contact' });
    expect(matchRoute('cz', '/prihlasit', '')).toEqual({ page: 'login' });
    expect(matchRoute('cz', '/api/buyout/types', '')).toBeNull();
    expect(matchRoute('cz', '/vykupy', '')).toBeNull();
    expect(routePatterns('cz')).toEqual([
      '/vykup',
      '/vykup/{*path}',
      '/prodejny',
      '/kontakt',
      '/prihlasit',
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
