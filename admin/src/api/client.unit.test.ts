import { describe, expect, it } from 'vitest';
import { ApiError, cookieValue, retryDelay, shouldRetry } from './client';

describe('API client', () => {
  it('reads the CSRF cookie', () => {
    expect(cookieValue('a=1; buyloop_csrf=abc%2Dd; b=2', 'buyloop_csrf')).toBe('abc-d');
    expect(cookieValue('a=1', 'buyloop_csrf')).toBeNull();
  });

  it('retries three times with 1 s doubled up to 30 s, and never a refusal', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(shouldRetry(0, new TypeError('network'))).toBe(true);
    expect(shouldRetry(3, new TypeError('network'))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 503, code: 'x' }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ status: 403, code: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 412, code: 'x' }))).toBe(false);
  });
});
