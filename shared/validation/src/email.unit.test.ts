import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_MAX_LENGTH, normaliseEmail } from './email';

describe('normaliseEmail', () => {
  it.each([
    ['jan.novak@seznam.cz', 'jan.novak@seznam.cz'],
    ['  Jan.Novak@Seznam.CZ \n', 'jan.novak@seznam.cz'],
    ['ANA.POPESCU@YAHOO.RO', 'ana.popescu@yahoo.ro'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });
});

describe('checkEmail', () => {
  it.each([
    ['jan.novak@seznam.cz', []],
    ['  Ana.Popescu@Yahoo.RO  ', []],
    ['jana+shop@example.co.uk', []],
    ["o'neil@example.ie", []],
    ['a_b-c@mail-server.example.com', []],
    ['', ['validation.required']],
    ['   ', ['validation.required']],
    [undefined, ['validation.required']],
    [42, ['validation.required']],
    ['jan.novak', ['validation.email_invalid']],
    ['jan.novak@', ['validation.email_invalid']],
    ['@seznam.cz', ['validation.email_invalid']],
    ['jan@seznam', ['validation.email_invalid']],
    ['jan@@seznam.cz', ['validation.email_invalid']],
    ['jan..novak@seznam.cz', ['validation.email_invalid']],
    ['jan novak@seznam.cz', ['validation.email_invalid']],
    ['jan@-seznam.cz', ['validation.email_invalid']],
    ['jan@seznam-.cz', ['validation.email_invalid']],
    ['jan@seznam.cz,ana@yahoo.ro', ['validation.email_invalid']],
    ['<jan@seznam.cz>', ['validation.email_invalid']],
  ] as const)('%j → %j', (input, expected) => {
    expect(checkEmail(input)).toEqual(expected);
  });

  it('accepts up to 254 characters and a local part up to 64', () => {
    // 64 + '@' + 58 + '.' + 63 + '.' + 63 + '.cz' = 254 characters.
    const address = (first: number) => `${'x'.repeat(64)}@${'a'.repeat(first)}.${'b'.repeat(63)}.${'c'.repeat(63)}.cz`;
    expect(address(58)).toHaveLength(EMAIL_MAX_LENGTH);
    expect(checkEmail(address(58))).toEqual([]);
    expect(checkEmail(address(59))).toEqual(['validation.email_invalid']);
    expect(checkEmail(`${'x'.repeat(65)}@seznam.cz`)).toEqual(['validation.email_invalid']);
    expect(checkEmail(`jan@${'a'.repeat(64)}.cz`)).toEqual(['validation.email_invalid']);
  });
});
