import { describe, expect, it } from 'vitest';
import { checkCzechBankAccount, isValidAccountNumber, isValidAccountPrefix } from './bank-account';
import { CZECH_BANK_CODES, parseCnbBankCodes } from './bank-codes';

const NUMBER = 'validation.bank_account_invalid';
const PREFIX = 'validation.bank_account_prefix_invalid';
const CODE = 'validation.bank_code_invalid';

describe('checkCzechBankAccount: valid accounts', () => {
  it.each([
    // Vectors checked by hand: prefix weights 10 5 8 4 2 1, number weights 6 3 7 9 10 5 8 4 2 1, sums divisible by 11.
    ['19-2000145399/0800', '19-2000145399/0800', '19', '2000145399', '0800'],
    ['000019-2000145399/0800', '19-2000145399/0800', '19', '2000145399', '0800'],
    [' 19 - 2000145399 / 0800 ', '19-2000145399/0800', '19', '2000145399', '0800'],
    ['123457/0100', '123457/0100', '', '123457', '0100'],
    ['0000123457/0100', '123457/0100', '', '123457', '0100'],
    ['0-123457/0100', '123457/0100', '', '123457', '0100'],
    ['000000-123457/0100', '123457/0100', '', '123457', '0100'],
    ['670100-2000145399/6210', '670100-2000145399/6210', '670100', '2000145399', '6210'], // six-digit prefix
    ['1000000005/2010', '1000000005/2010', '', '1000000005', '2010'], // exactly two non-zero digits
    ['19/3030', '19/3030', '', '19', '3030'], // the shortest number
    ['86-19/8660', '86-19/8660', '86', '19', '8660'],
  ] as const)('%j → %s', (input, normalised, prefix, number, bankCode) => {
    expect(checkCzechBankAccount(input)).toEqual({ ok: true, normalised, prefix, number, bankCode });
  });
});

describe('checkCzechBankAccount: refusals', () => {
  it.each([
    // The number.
    ['1234567890/0100', [NUMBER]],
    ['123456/0100', [NUMBER]],
    ['11/0100', [NUMBER]],
    ['00/0100', [NUMBER]], // passes mod 11 but has no non-zero digit
    ['0000000000/0100', [NUMBER]],
    ['7000000000/0100', [NUMBER]],
    ['1/0100', [NUMBER]], // one digit
    ['12345678901/0100', [NUMBER]], // eleven digits
    ['12345A/0100', [NUMBER]],
    ['/0100', [NUMBER]],
    // The prefix.
    ['1-123457/0100', [PREFIX]],
    ['10-123457/0100', [PREFIX]],
    ['670101-123457/0100', [PREFIX]],
    ['1234567-123457/0100', [PREFIX]], // seven digits
    ['-123457/0100', [PREFIX]],
    // The bank code: withdrawn since 2024, unknown, or the wrong shape.
    ['123457/6100', [CODE]],
    ['123457/2020', [CODE]],
    ['123457/3050', [CODE]],
    ['123457/4000', [CODE]],
    ['123457/9999', [CODE]],
    ['123457/010', [CODE]],
    ['123457/01000', [CODE]],
    ['123457/0100/0100', [CODE]],
    ['123457', [CODE]], // no bank code
    ['123457/', [CODE]],
    // Several parts wrong at once.
    ['1-1234567890/6100', [PREFIX, NUMBER, CODE]],
    ['1-123457/6100', [PREFIX, CODE]],
    // Missing.
    ['', ['validation.required']],
    ['  ', ['validation.required']],
    [undefined, ['validation.required']],
    [1234570100, ['validation.required']],
  ] as const)('%j → %j', (input, errors) => {
    expect(checkCzechBankAccount(input)).toEqual({ ok: false, errors });
  });

  it('checks the bank code against the list it is given', () => {
    const codes = new Set(['6100']);
    expect(checkCzechBankAccount('123457/6100', { bankCodes: codes })).toMatchObject({ ok: true, normalised: '123457/6100' });
    expect(checkCzechBankAccount('123457/0100', { bankCodes: codes })).toEqual({ ok: false, errors: [CODE] });
  });
});

describe('account prefix and number checks', () => {
  it.each([
    ['', true],
    ['0', true],
    ['000000', true],
    ['19', true],
    ['35', true],
    ['670100', true],
    ['1', false],
    ['670101', false],
    ['1234567', false],
  ])('prefix %j → %s', (prefix, expected) => {
    expect(isValidAccountPrefix(prefix)).toBe(expected);
  });

  it.each([
    ['2000145399', true],
    ['123457', true],
    ['0000123457', true],
    ['00', false],
    ['0000000019', true],
    ['2000145398', false],
    ['1', false],
  ])('number %j → %s', (number, expected) => {
    expect(isValidAccountNumber(number)).toBe(expected);
  });
});

describe('bank codes', () => {
  it('ships the ČNB list of January 2026 without the codes withdrawn since 2024', () => {
    expect(CZECH_BANK_CODES.size).toBe(47);
    for (const code of ['0100', '0300', '0600', '0710', '0800', '2010', '3030', '5500', '6210', '8660'])
      expect(CZECH_BANK_CODES.has(code), code).toBe(true);
    for (const code of ['6100', '2020', '3050', '4000']) expect(CZECH_BANK_CODES.has(code), code).toBe(false);
    for (const code of CZECH_BANK_CODES) expect(code).toMatch(/^\d{4}$/);
  });

  it("reads the codes from ČNB's CSV", () => {
    const csv = [
      'Kód platebního styku;Název;SWIFT-BIC;CERTIS',
      '0100;Komerční banka, a.s.;KOMBCZPP;A',
      '"0300";Československá obchodní banka, a. s.;CEKOCZPP;A',
      '',
      '6363;Partners Banka, a.s.;;A',
      '999;not a code;;',
      'x100;not a code either;;',
    ].join('\r\n');
    expect([...parseCnbBankCodes(csv)]).toEqual(['0100', '0300', '6363']);
  });
});
