import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasMessage } from './i18n';

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.includes('.test.')
        ? [join(dir, entry.name)]
        : [],
  );

/**
 * For a context's messages test: every quoted code with one of `prefixes`
 * in the sources under `dir` (tests left out), and those the catalogue lacks.
 */
export function messageCodesIn(dir: string, prefixes: readonly string[]): { codes: string[]; missing: string[] } {
  const pattern = new RegExp(`'((?:${prefixes.join('|')})\\.[a-z_.]+)'`, 'g');
  const codes = new Set<string>();
  for (const file of sourceFiles(dir)) for (const match of readFileSync(file, 'utf8').matchAll(pattern)) codes.add(match[1]!);
  return { codes: [...codes], missing: [...codes].filter((code) => !hasMessage(code)) };
}
