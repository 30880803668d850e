import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { compareCheckpoints } from './checkpoint';

describe('compareCheckpoints', () => {
  it('orders by the first number, then the second, numerically', () => {
    expect(compareCheckpoints('9/100', '10/1')).toBeLessThan(0);
    expect(compareCheckpoints('1295/100', '1295/99')).toBeGreaterThan(0);
    expect(compareCheckpoints('7/7', '7/7')).toBe(0);
    expect(compareCheckpoints('18446744073709551615/1', '18446744073709551614/9')).toBeGreaterThan(0);
  });

  it('refuses what is not a checkpoint', () => {
    expect(() => compareCheckpoints('start', '1/1')).toThrow(ValidationError);
    expect(() => compareCheckpoints('1/1', '1/-1')).toThrow(ValidationError);
  });
});
