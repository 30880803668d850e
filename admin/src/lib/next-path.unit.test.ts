import { describe, expect, it } from 'vitest';
import { isOwnPath } from './next-path';

describe('where the back office goes after signing in', () => {
  it.each(['/buybacks', '/buybacks/261124000001?tab=timeline', '/'])('%s is ours', (path) => {
    expect(isOwnPath(path)).toBe(true);
  });

  it.each([
    null,
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example',
    'evil',
    '/login?next=/x',
    '/a\\b',
  ])('%s is not', (path) => {
    expect(isOwnPath(path)).toBe(false);
  });
});
