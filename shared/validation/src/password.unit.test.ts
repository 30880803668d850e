import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password';

const RULES = 'validation.password_rules';
const SHORT = 'validation.password_too_short';
const LONG = 'validation.password_too_long';
const REQUIRED = 'validation.required';

describe('checkPassword', () => {
  it('asks for at least 10 and at most 128 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it.each([
    // Fine: one upper-case letter, one lower-case letter, one digit, one special character, 10–128 characters.
    ['Řeřicha-2024', []],
    ['Correct-Horse-9', []],
    ['Ștefan cel Mare 1457', []],
    ['ŽLUŤOUČKÝ kůň 7', []],
    ['Aa1!aaaaaa', []],
    // Missing or empty.
    ['', [REQUIRED]],
    [undefined, [REQUIRED]],
    [null, [REQUIRED]],
    [1234567890, [REQUIRED]],
    [['Řeřicha-2024'], [REQUIRED]],
    // Entirely numeric.
    ['1234567890', [RULES]],
    ['١٢٣٤٥٦٧٨٩٠١', [RULES]],
    // One kind of character missing.
    ['abcdefghij1!', [RULES]],
    ['ABCDEFGHIJ1!', [RULES]],
    ['Abcdefghij!!', [RULES]],
    ['Abcdefghij12', [RULES]],
    ['Řeřicha2024', [RULES]],
    ['řeřicha-2024', [RULES]],
    // Too short, too long, and both length and rules.
    ['Ab1!', [SHORT]],
    ['Aa1!aaaaa', [SHORT]],
    ['abc', [SHORT, RULES]],
  ] as const)('%j → %j', (password, expected) => {
    expect(checkPassword(password)).toEqual(expected);
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    // Ten characters, twelve UTF-16 units (two emoji are surrogate pairs), many more UTF-8 bytes.
    expect(checkPassword('Žž1😀😀abcde')).toEqual([]);
    expect(checkPassword('Žž1😀😀abcd')).toEqual([SHORT]);
    const longest = 'Ř1-' + 'ř'.repeat(PASSWORD_MAX_LENGTH - 3);
    expect(checkPassword(longest)).toEqual([]);
    expect(checkPassword(longest + 'ř')).toEqual([LONG]);
    expect(checkPassword('Aa1!' + 'a'.repeat(124))).toEqual([]);
    expect(checkPassword('Aa1!' + 'a'.repeat(125))).toEqual([LONG]);
    expect(checkPassword('a'.repeat(200))).toEqual([LONG, RULES]);
  });

  it('treats a decomposed diacritic as part of its letter, not as a special character', () => {
    const decomposed = 'R\u030Ceřicha2024'; // 'Řeřicha2024' typed with a combining caron: no special character.
    expect(checkPassword(decomposed)).toEqual([RULES]);
    expect(checkPassword('R\u030Ceřicha-2024')).toEqual([]);
  });

  it('reports each problem once', () => {
    for (const password of ['', 'a', '12', 'x'.repeat(300)]) {
      const errors = checkPassword(password);
      expect(new Set(errors).size).toBe(errors.length);
    }
  });
});
