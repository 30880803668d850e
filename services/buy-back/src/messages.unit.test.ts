import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasMessage } from '@buyloop/i18n';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.includes('.test.')
        ? [join(dir, entry.name)]
        : [],
  );

describe('buy-back messages', () => {
  it('every error code and field message the buy-back context can answer with is in the cs / ro / en catalogue', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const codes = new Set<string>();
    for (const file of sourceFiles(here))
      for (const match of readFileSync(file, 'utf8').matchAll(/'((?:buyback|validation)\.[a-z_.]+)'/g)) codes.add(match[1]!);
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !hasMessage(code))).toEqual([]);
  });
});
