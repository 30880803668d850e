import { describe, expect, it } from 'vitest';
import { checkImei, normaliseImei, passesLuhn } from './imei';

const invalid = ['validation.imei_invalid'];
// Fifteen digits whose last does not check: the length is right, so the message must not say it is not.
const checkDigit = ['validation.imei_check_digit'];
const notReal = ['validation.imei_not_real'];

describe('normaliseImei', () => {
  it.each([
    ['490154203237518', '490154203237518'],
    [' 49 015420 323751 8 ', '490154203237518'],
    ['35-209900-176148-1', '352099001761481'],
    ['352099/00/176148/1', '352099001761481'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseImei(input)).toBe(expected);
  });
});

describe('checkImei', () => {
  it.each([
    // Valid: 15 digits, the last the Luhn check digit over the first 14 (computed for these vectors).
    ['490154203237518', []],
    ['352099001761481', []],
    ['35-209900-176148-1', []],
    ['35 209900 176148 1', []],
    ['352099/00/176148/1', []],
    ['356938035643809', []],
    ['861234567890127', []],
    [' 012345678901237 ', []],
    // Wrong check digit.
    ['490154203237517', checkDigit],
    ['352099001761480', checkDigit],
    ['356938035643808', checkDigit],
    ['35-209900-176148-0', checkDigit],
    // Two adjacent digits swapped: Luhn catches it.
    ['940154203237518', checkDigit],
    // Wrong length: 14-digit IMEI without the check digit, 16-digit IMEISV, too short.
    ['49015420323751', invalid],
    ['4901542032375180', invalid],
    ['1234567', invalid],
    // Placeholders that pass Luhn.
    ['000000000000000', notReal],
    ['00000000 000000 0', notReal],
    ['000000001234566', notReal], // an all-zero TAC
    ['111111111111119', notReal], // one digit repeated, with its check digit
    // Characters other than digits and the allowed separators.
    ['49015420323751A', invalid],
    ['490154203237518.', invalid],
    ['490154_203237518', invalid],
    ['+490154203237518', invalid],
    // Missing.
    ['', ['validation.required']],
    ['   ', ['validation.required']],
    [undefined, ['validation.required']],
    [490154203237518, ['validation.required']],
  ] as const)('%j → %j', (input, expected) => {
    expect(checkImei(input)).toEqual(expected);
  });
});

describe('passesLuhn', () => {
  it.each([
    ['79927398713', true],
    ['79927398710', false],
    ['0', true],
    ['18', true],
    ['19', false],
  ])('%s → %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected);
  });
});
