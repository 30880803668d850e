/**
 * Texts the text rule refuses, one per family it names: what the outside
 * review sent (U+0000, U+202E, zero-width characters, lone surrogates), their
 * relatives, and the invisible characters a second review found passing
 * (default-ignorable ones, the blank braille pattern, emoji's joiner and
 * presentation selector where no emoji is). The routes' fuzz tests send
 * each of them in every free-text field; JSON carries every one of them,
 * lone surrogates included.
 */
export const HOSTILE_TEXTS: Readonly<Record<string, string>> = {
  nul: 'a\u0000b',
  bell: 'a\u0007b',
  escape: 'a\u001b[31mb',
  delete: 'a\u007fb',
  c1: 'a\u0085b',
  csi: 'a\u009bb',
  'right-to-left override': 'invoice\u202Etxt.exe',
  'left-to-right embedding': 'a\u202Ab',
  'first strong isolate': 'a\u2068b',
  'pop directional isolate': 'a\u2069b',
  'right-to-left mark': 'a\u200Fb',
  'arabic letter mark': 'a\u061Cb',
  'zero-width space': 'Jan\u200BNovák',
  'zero-width non-joiner': 'a\u200Cb',
  'zero-width joiner between letters': 'a\u200Db',
  'word joiner': 'a\u2060b',
  'byte order mark inside': 'a\uFEFFb',
  'soft hyphen': 'Nová\u00ADk',
  'tag character': 'a\u{E0041}b',
  'lone high surrogate': 'a\uD800b',
  'lone low surrogate': 'a\uDC00b',
  'line separator': 'a\u2028b',
  'combining grapheme joiner': 'a\u034Fb',
  'variation selector 1': 'a\uFE00b',
  'emoji presentation selector after a letter': 'Nov\uFE0Fák',
  'ideographic variation selector': 'a\u{E0100}b',
  'hangul choseong filler': 'a\u115Fb',
  'hangul jungseong filler': 'a\u1160b',
  'hangul filler': 'Jan\u3164Novák',
  'halfwidth hangul filler': 'a\uFFA0b',
  'blank braille pattern': 'Jan\u2800Novák',
  'zero-width joiner after a letter and a presentation selector': 'a\uFE0F\u200D\u{1F600}',
  'zero-width joiner after an emoji, before a letter': '\u{1F600}\u200Da',
};
