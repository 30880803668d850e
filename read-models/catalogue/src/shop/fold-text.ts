/**
 * Text as the shop's search compares it: decomposed (NFD) with the combining
 * marks dropped and lower-cased, so "získat", "ZISKAT" and "ziskat" are one
 * word, and Romanian "ș"/"ş" and "ț"/"ţ" (comma and cedilla) both become s
 * and t. The same function folds what is indexed and what is asked.
 */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A URL slug of a text: folded, `+` as "plus", words joined by single hyphens. */
export const slugOf = (text: string): string =>
  foldText(text)
    .replace(/\+/g, ' plus ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
