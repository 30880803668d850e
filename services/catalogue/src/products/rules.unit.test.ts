import { describe, expect, it } from 'vitest';
import { isValidEan, SEO_NAME } from './rules';

describe('EAN check digits', () => {
  it('accepts EAN-13 and EAN-8 with the right check digit', () => {
    expect(isValidEan('4006381333931')).toBe(true);
    expect(isValidEan('5901234123457')).toBe(true);
    expect(isValidEan('96385074')).toBe(true);
    expect(isValidEan('0000000000000')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isValidEan('4006381333932')).toBe(false);
    expect(isValidEan('96385075')).toBe(false);
    expect(isValidEan('400638133393')).toBe(false);
    expect(isValidEan('400638133393A')).toBe(false);
    expect(isValidEan(' 4006381333931')).toBe(false);
  });
});

describe('seo names', () => {
  it('are lower-case words of a-z and 0-9 joined by single hyphens', () => {
    expect(SEO_NAME.test('apple-iphone-15-pro')).toBe(true);
    for (const bad of ['Apple', 'iphone--15', '-iphone', 'iphone-', 'iphone 15', 'iphoně', ''])
      expect(SEO_NAME.test(bad), bad).toBe(false);
  });
});
