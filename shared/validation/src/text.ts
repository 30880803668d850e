import { z } from 'zod';

/**
 * The one rule for free text a person types (names, streets, notes, staff
 * references): what they see must be what we store. Refused, each with the
 * same message key:
 *
 * - C0 and C1 control characters and DEL (U+0000–U+001F, U+007F–U+009F); a
 *   field that allows line breaks keeps \n, \r and \t;
 * - lone surrogates (half of a UTF-16 pair), which no font draws and
 *   PostgreSQL's JSON cannot hold;
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 *   U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C), which
 *   make text read differently from how it is stored ("exe.pdf");
 * - zero-width and other invisible characters: every format character
 *   (category Cf: U+200B, U+2060, U+FEFF, U+00AD, tags…) and every
 *   default-ignorable one (the combining grapheme joiner U+034F, the
 *   variation selectors U+FE00–U+FE0F and U+E0100–U+E01EF, the Hangul
 *   fillers U+115F, U+1160, U+3164, U+FFA0…), plus the blank braille
 *   pattern U+2800, which draws as a space but is not one. They make two
 *   different texts look the same. Emoji are written with two of them, and
 *   only there are they kept: the emoji presentation selector U+FE0F right
 *   after an emoji (or in a keycap, 1️⃣), and the zero-width joiner between
 *   two emoji (👨‍👩‍👧, 🏳️‍🌈);
 * - line and paragraph separators (U+2028, U+2029) outside multi-line fields.
 *
 * The event store refuses U+0000 too, but only as a last line: a route that
 * checks its fields with this rule answers with the field's own name.
 */
export const TEXT_CHARACTERS_INVALID = 'validation.text_characters_invalid';

export interface TextRuleOptions {
  /** A note: line breaks and tabs are part of the text. */
  readonly multiline?: boolean;
}

/**
 * Cc except the line breaks and tab a note may hold; every Cf and every default-ignorable code point (which
 * include U+034F, the variation selectors and the Hangul fillers); the blank braille pattern; U+2028/U+2029.
 */
const FORBIDDEN_MULTILINE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/u;
const FORBIDDEN_SINGLE_LINE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/u;
/**
 * The invisible characters an emoji sequence is made of, only where they belong: U+FE0F right after an emoji or
 * between a keycap's key and U+20E3; U+200D after an emoji (with its skin tone or U+FE0F) and before another.
 * Every lookaround reads the text as given, so what one removal takes away never makes another look legitimate.
 */
const EMOJI_SEQUENCE_PARTS =
  /(?<=\p{Extended_Pictographic})\uFE0F|(?<=[0-9#*])\uFE0F(?=\u20E3)|(?<=\p{Extended_Pictographic}[\p{Emoji_Modifier}\uFE0F]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether the text holds nothing the rule refuses. */
export function isSafeText(text: string, options: TextRuleOptions = {}): boolean {
  // A lone surrogate is what isWellFormed exists for; the regexps below would read it as a code point of its own.
  if (!text.isWellFormed()) return false;
  const forbidden = options.multiline ? FORBIDDEN_MULTILINE : FORBIDDEN_SINGLE_LINE;
  const withoutEmojiParts = text.includes('\u200D') || text.includes('\uFE0F') ? text.replace(EMOJI_SEQUENCE_PARTS, '') : text;
  return !forbidden.test(withoutEmojiParts);
}

/** Message keys for a text the rule refuses; [] when it is fine. */
export function checkText(text: string, options: TextRuleOptions = {}): string[] {
  return isSafeText(text, options) ? [] : [TEXT_CHARACTERS_INVALID];
}

/**
 * A zod string field under the rule, trimmed, with the length limits the
 * route gives (in UTF-16 units, as zod counts). `parseInput` reports the
 * refusal under the field's own path with TEXT_CHARACTERS_INVALID.
 */
export function textField(limits: { min?: number; max: number }, options: TextRuleOptions = {}) {
  return z
    .string()
    .trim()
    .min(limits.min ?? 1)
    .max(limits.max)
    .refine((value) => isSafeText(value, options), { message: TEXT_CHARACTERS_INVALID });
}

/** Like textField, but absent, null or blank is allowed (and stays as given: '' or null). */
export function optionalTextField(max: number, options: TextRuleOptions = {}) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((value) => isSafeText(value, options), { message: TEXT_CHARACTERS_INVALID })
    .nullable()
    .optional();
}
