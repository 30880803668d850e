import { describe, expect, it } from 'vitest';
import { seededRandom } from './random';

describe('seededRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: string): number[] => {
      const random = seededRandom(seed);
      return Array.from({ length: 8 }, () => random.next());
    };
    expect(draw('stock:100001')).toEqual(draw('stock:100001'));
    expect(draw('stock:100001')).not.toEqual(draw('stock:100002'));
  });

  it('keeps whole numbers within their bounds and reaches both ends', () => {
    const random = seededRandom('bounds');
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const value = random.int(2, 5);
      expect(Number.isInteger(value) && value >= 2 && value <= 5).toBe(true);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('samples distinct items in their order, never more than there are', () => {
    const random = seededRandom('sample');
    const items = ['a', 'b', 'c', 'd', 'e'];
    const chosen = random.sample(items, 3);
    expect(chosen).toHaveLength(3);
    expect(new Set(chosen).size).toBe(3);
    expect([...chosen].sort((x, y) => items.indexOf(x) - items.indexOf(y))).toEqual(chosen);
    expect(random.sample(items, 9)).toEqual(items);
    expect(() => random.pick([])).toThrow(RangeError);
  });
});
