import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '@buyloop/i18n';

/** Every source file of the products area, write side and read side. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.includes('.test.') ? [path] : [];
  });
}

describe('the products area’s error codes', () => {
  it('have a Czech, Romanian and English text each', () => {
    const here = new URL('.', import.meta.url).pathname;
    const files = [...sources(here), ...sources(join(here, '../../../../read-models/catalogue/src/products'))];
    const codes = new Set<string>();
    for (const file of files)
      for (const match of readFileSync(file, 'utf8').matchAll(/'(catalogue\.product\.[a-z_.]+)'/g)) codes.add(match[1]!);
    for (const kind of ['accessory', 'insurance', 'warranty_extension']) codes.add(`catalogue.product.relation_kind_${kind}`);
    expect(codes.size).toBeGreaterThan(40);
    for (const code of codes)
      for (const language of ['cs', 'ro', 'en'] as const)
        expect(translate(code, language), `${code} in ${language}`).not.toBe(code);
  });
});
