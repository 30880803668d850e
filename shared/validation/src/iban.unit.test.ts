import { describe, expect, it } from 'vitest';
import { checkIban, normaliseIban } from './iban';

const invalid = { ok: false, errors: ['validation.iban_invalid'] };

describe('normaliseIban', () => {
  it.each([
    ['ro12 rncb 0082 0440 1234 0001', 'RO12RNCB0082044012340001'],
    [' RO12RNCB0082044012340001\t', 'RO12RNCB0082044012340001'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseIban(input)).toBe(expected);
  });
});

describe('checkIban', () => {
  it.each([
    // Romanian IBANs (check digits computed with MOD 97-10 for these vectors).
    ['RO12RNCB0082044012340001', 'RO', 'RO12RNCB0082044012340001', 'RO12 RNCB 0082 0440 1234 0001', 'RNCB'],
    ['ro12 rncb 0082 0440 1234 0001', 'RO', 'RO12RNCB0082044012340001', 'RO12 RNCB 0082 0440 1234 0001', 'RNCB'],
    ['RO65BTRLRONCRT0123456789', 'RO', 'RO65BTRLRONCRT0123456789', 'RO65 BTRL RONC RT01 2345 6789', 'BTRL'],
    ['RO65 BTRL RONC RT01 2345 6789', undefined, 'RO65BTRLRONCRT0123456789', 'RO65 BTRL RONC RT01 2345 6789', 'BTRL'],
    // Czech IBANs of accounts that pass the national check.
    ['CZ65 0800 0000 1920 0014 5399', 'CZ', 'CZ6508000000192000145399', 'CZ65 0800 0000 1920 0014 5399', '0800'],
    ['CZ7001000000000000123457', undefined, 'CZ7001000000000000123457', 'CZ70 0100 0000 0000 0012 3457', '0100'],
    // Another country when none is asked for.
    ['DE77100100100123456789', undefined, 'DE77100100100123456789', 'DE77 1001 0010 0123 4567 89', '1001'],
  ] as const)('%j (country %s) → %s', (input, country, iban, friendly, bankCode) => {
    expect(checkIban(input, country === undefined ? {} : { country })).toEqual({
      ok: true,
      iban,
      friendly,
      country: iban.slice(0, 2),
      bankCode,
    });
  });

  it.each([
    ['RO13RNCB0082044012340001', 'RO', 'wrong check digits'],
    ['RO12RNCB0082044012340002', 'RO', 'a changed digit'],
    ['RO12RNCB008204401234000', 'RO', '23 characters'],
    ['RO12RNCB00820440123400011', 'RO', '25 characters'],
    ['RO12RNC10082044012340001', 'RO', 'a digit in the bank code'],
    ['RO12-RNCB-0082-0440-1234-0001', 'RO', 'dashes'],
    ['CZ6508000000192000145399', 'RO', 'a Czech IBAN on the Romanian market'],
    ['RO12RNCB0082044012340001', 'CZ', 'a Romanian IBAN where a Czech one is asked for'],
    // Czech IBANs with valid MOD 97 check digits that fail the national check or name no current bank.
    ['CZ0801000000010000123457', undefined, 'prefix 000001 fails the weights'],
    ['CZ4701000000001234567890', undefined, 'number 1234567890 fails the weights'],
    ['CZ3261000000000000123457', undefined, 'bank code 6100 was withdrawn'],
    ['XX12RNCB0082044012340001', undefined, 'no such country'],
    ['RO', undefined, 'country only'],
  ])('%j (country %s): %s', (input, country, _reason) => {
    expect(checkIban(input, country === undefined ? {} : { country })).toEqual(invalid);
  });

  it('checks the Czech bank code against the list it is given', () => {
    expect(checkIban('CZ3261000000000000123457', { bankCodes: new Set(['6100']) })).toMatchObject({ ok: true, bankCode: '6100' });
  });

  it('takes the country in any case', () => {
    expect(checkIban('RO12RNCB0082044012340001', { country: 'ro' })).toMatchObject({ ok: true });
  });

  it.each([[''], [' '], [undefined], [12]])('asks for an IBAN when given %j', (input) => {
    expect(checkIban(input, { country: 'RO' })).toEqual({ ok: false, errors: ['validation.required'] });
  });
});
