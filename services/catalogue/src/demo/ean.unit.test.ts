import { describe, expect, it } from 'vitest';
import { eanCheckDigit, inStoreEan, isValidEan13 } from './ean';

describe('EAN-13', () => {
  it('computes the GS1 check digit of published examples', () => {
    expect(eanCheckDigit('400638133393')).toBe(1);
    expect(eanCheckDigit('590123412345')).toBe(7);
    expect(eanCheckDigit('871125300120')).toBe(2);
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
  });

  it('numbers demo codes under the in-store prefix 29 with a valid check digit', () => {
    expect(inStoreEan(100_001)).toBe('2900001000017');
    for (const sequence of [0, 1, 99, 123_456, 9_999_999_999]) {
      const ean = inStoreEan(sequence);
      expect(ean).toMatch(/^29\d{11}$/);
      expect(isValidEan13(ean)).toBe(true);
    }
  });

  it('refuses a sequence that does not fit ten digits', () => {
    expect(() => inStoreEan(-1)).toThrow(RangeError);
    expect(() => inStoreEan(10_000_000_000)).toThrow(RangeError);
    expect(() => inStoreEan(1.5)).toThrow(RangeError);
    expect(() => eanCheckDigit('12345')).toThrow(RangeError);
  });
});
