import { describe, expect, it } from 'vitest';
import { backoffDelay } from './process-manager';

describe('back-off', () => {
  it('doubles from the base delay and stops at the cap', () => {
    const policy = { baseDelayMs: 5_000, maxDelayMs: 30 * 60_000, maxAttempts: 20 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, policy))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffDelay(10, policy)).toBe(30 * 60_000);
    expect(backoffDelay(5_000, policy)).toBe(30 * 60_000);
  });
});
