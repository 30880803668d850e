import { describe, expect, it } from 'vitest';
import { checkPostcode, normalisePostcode } from './postcode';

const invalid = ['validation.postcode_invalid'];

describe('checkPostcode', () => {
  it.each([
    // Czechia: NNN NN, first digit 1–7.
    ['110 00', 'CZ', []],
    ['11000', 'CZ', []],
    [' 602 00 ', 'CZ', []],
    ['795 01', 'cz', []],
    ['012 34', 'CZ', invalid],
    ['812 34', 'CZ', invalid],
    ['1100', 'CZ', invalid],
    ['110 000', 'CZ', invalid],
    ['11 000', 'CZ', invalid],
    ['110  00', 'CZ', invalid],
    ['110-00', 'CZ', invalid],
    ['ABC DE', 'CZ', invalid],
    // Slovakia: the same shape, first digit 0, 8 or 9.
    ['811 01', 'SK', []],
    ['04001', 'SK', []],
    ['110 00', 'SK', invalid],
    // Romania: six digits.
    ['010011', 'RO', []],
    ['700259', 'RO', []],
    ['70025', 'RO', invalid],
    ['7002591', 'RO', invalid],
    ['700 259', 'RO', invalid],
    ['70025A', 'RO', invalid],
    // Other countries: 2–10 letters, digits, spaces or dashes.
    ['SW1A 1AA', 'GB', []],
    ['1012 AB', 'NL', []],
    ['10115', 'DE', []],
    ['00-950', 'PL', []],
    ['K1A 0B1', 'CA', []],
    ['1', 'DE', invalid],
    ['12345678901', 'DE', invalid],
    ['--', 'DE', invalid],
    ['1012_AB', 'NL', invalid],
    ['ČR 110', 'AT', invalid],
    // Missing.
    ['', 'CZ', ['validation.required']],
    ['  ', 'RO', ['validation.required']],
    [undefined, 'CZ', ['validation.required']],
    [11000, 'CZ', ['validation.required']],
  ] as const)('%j in %s → %j', (input, country, expected) => {
    expect(checkPostcode(input, country)).toEqual(expected);
  });
});

describe('normalisePostcode', () => {
  it.each([
    ['11000', 'CZ', '110 00'],
    [' 110 00 ', 'CZ', '110 00'],
    ['81101', 'sk', '811 01'],
    [' 700259 ', 'RO', '700259'],
    ['sw1a  1aa', 'GB', 'SW1A 1AA'],
    [' 00-950', 'PL', '00-950'],
    // Invalid input is only trimmed, never reshaped into something that looks valid.
    [' 1100 ', 'CZ', '1100'],
    ['abc', 'RO', 'abc'],
  ])('%j in %s → %j', (input, country, expected) => {
    expect(normalisePostcode(input, country)).toBe(expected);
  });
});
