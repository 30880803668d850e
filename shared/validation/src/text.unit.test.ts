import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HOSTILE_TEXTS } from './hostile-texts';
import { checkText, isSafeText, optionalTextField, TEXT_CHARACTERS_INVALID, textField } from './text';

describe('the text rule', () => {
  it('keeps what people write: any script, diacritics, punctuation, emoji, emoji sequences joined by ZWJ', () => {
    for (const text of [
      'Jiří Novák',
      'Ștefan-Cristian Țărână',
      "O'Brien",
      'Ulice 28. října 1234/5',
      '東京都',
      'محمد',
      'Prodám 📱 v pořádku 👍🏽',
      'Rodina 👨‍👩‍👧 a 🏳️‍🌈',
      'Srdce ❤️, klávesa 1️⃣, programátorka 👩🏽‍💻',
      'a\u0301', // a decomposed accent (a combining mark, not a format character)
    ])
      expect(checkText(text), text).toEqual([]);
  });

  it.each(Object.entries(HOSTILE_TEXTS))('refuses %s', (_name, text) => {
    expect(checkText(text)).toEqual([TEXT_CHARACTERS_INVALID]);
    expect(checkText(text, { multiline: true })).toEqual([TEXT_CHARACTERS_INVALID]);
  });

  it('keeps emoji’s joiner and presentation selector only inside an emoji sequence', () => {
    for (const text of [
      'a\uFE0F', // a presentation selector after a letter
      '1\uFE0F', // a keycap's selector without the keycap
      '\u{1F600}\uFE0F\uFE0F', // a second selector after the first
      '\u200D\u{1F600}', // a joiner with no emoji before it
      '\u{1F600}\u200D', // a joiner with no emoji after it
      'a\uFE0F\u200D\u{1F600}', // a selector after a letter cannot lend the joiner an emoji
      '\u{1F600}\u200D\u200D\u{1F600}', // two joiners in a row
    ])
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
  });

  it('lets a note keep its line breaks and tabs, and nothing else of the control characters', () => {
    expect(isSafeText('first line\nsecond\r\nthird\tcolumn', { multiline: true })).toBe(true);
    expect(isSafeText('first line\nsecond')).toBe(false);
    expect(isSafeText('a\u000Bb', { multiline: true })).toBe(false);
    expect(isSafeText('a\u2029b', { multiline: true })).toBe(false);
  });

  it('a zod field reports the rule under the field’s own path as a custom issue, which parseInput turns into its key', () => {
    const schema = z.strictObject({
      first_name: textField({ max: 100 }),
      note: optionalTextField(1000, { multiline: true }),
      nested: z.strictObject({ city: textField({ max: 100 }) }),
    });
    expect(schema.parse({ first_name: '  Eva ', note: 'line\nline', nested: { city: 'Brno' } })).toEqual({
      first_name: 'Eva',
      note: 'line\nline',
      nested: { city: 'Brno' },
    });
    const refused = schema.safeParse({ first_name: 'a\u0000b', note: 'x\u202Ey', nested: { city: 'Br\u200Bno' } });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.code, issue.message])).toEqual([
      ['first_name', 'custom', TEXT_CHARACTERS_INVALID],
      ['note', 'custom', TEXT_CHARACTERS_INVALID],
      ['nested.city', 'custom', TEXT_CHARACTERS_INVALID],
    ]);
  });
});
