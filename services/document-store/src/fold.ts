/**
 * Accent- and case-folding for search and string sorting, done in TypeScript
 * so every engine compares the same folded text: PGlite has no `unaccent`
 * extension, PGlite's and a server's `lower()` disagree outside ASCII under
 * the C locale, and MongoDB collations fold differently again.
 *
 * NFKD splits letters from their diacritics (Czech č ř ž ě ů, Romanian ă â î
 * and both ș ț with comma below and the legacy ş ţ with cedilla) and also
 * unfolds compatibility forms people paste from documents (ligatures,
 * no-break spaces, full-width letters). The table covers letters that have no
 * decomposition at all, which customers' names in a Czech or Romanian shop
 * still carry (Polish ł, German ß, Scandinavian ø æ, Croatian đ, …).
 */
const UNDECOMPOSABLE: Readonly<Record<string, string>> = {
  ł: 'l',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
};
const UNDECOMPOSABLE_PATTERN = new RegExp(`[${Object.keys(UNDECOMPOSABLE).join('')}]`, 'gu');

export function foldText(value: string): string {
  return (
    value
      // Lower-cased first so the table needs lower-case letters only (Ł → ł, ẞ → ß).
      .toLowerCase()
      // Before NFKD, which would turn ŀ into l and a stray middle dot.
      .replace(UNDECOMPOSABLE_PATTERN, (ch) => UNDECOMPOSABLE[ch] ?? ch)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      // Compatibility forms can unfold into capitals (ℌ → H); folding must be idempotent.
      .toLowerCase()
  );
}
