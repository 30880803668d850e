/** The SEO texts grid's requests, apart from the page so they can be tested without a browser. */
import { paths } from './api';
import type { SeoTextRow } from './types';

/** The query of one block: the API filters by kind and words, and pages; it does not sort. */
export function seoTextsUrl(block: { startRow: number; endRow: number }, kind: '' | SeoTextRow['kind'], quick: string): string {
  const params = new URLSearchParams({ startRow: String(block.startRow), endRow: String(block.endRow) });
  if (kind) params.set('kind', kind);
  if (quick.trim()) params.set('quick', quick.trim());
  return `${paths.seoTexts}?${params.toString()}`;
}

/**
 * Where a row's texts are saved, and what: a master's through the SEO texts
 * route, a category's with the category (the categories area owns them).
 * Blank is none.
 */
export function seoTextSave(
  row: Pick<SeoTextRow, 'kind' | 'id'>,
  values: { seo_title: string; seo_description: string },
): { path: string; body: { seo_title: string | null; seo_description: string | null } } {
  return {
    path: row.kind === 'master' ? paths.seoText(row.id) : paths.category(row.id),
    body: { seo_title: values.seo_title.trim() || null, seo_description: values.seo_description.trim() || null },
  };
}
