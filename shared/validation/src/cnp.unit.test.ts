import { describe, expect, it } from 'vitest';
import { checkCnp, cnpCheckDigit } from './cnp';

/** 15 January 2026, local time, as the validators read it. */
const today = new Date(2026, 0, 15);
const invalid = { ok: false, errors: ['validation.cnp_invalid'] };
/** Decoding only: no adult rule. */
const decodeOnly = { today, requireAdult: false } as const;

describe('cnpCheckDigit', () => {
  it.each([
    ['185031540123', 1],
    ['500010170001', 6],
    ['185031540007', 1], // weighted sum mod 11 is 10, which becomes 1
  ])('%s → %i', (first12, digit) => {
    expect(cnpCheckDigit(first12)).toBe(digit);
  });
});

describe('checkCnp: decoding valid codes', () => {
  it.each([
    // S AA LL ZZ JJ NNN C, check digits computed from the rule for these vectors.
    ['1850315401231', '1985-03-15', 'male', false],
    ['2850315401233', '1985-03-15', 'female', false],
    [' 1850315401231 ', '1985-03-15', 'male', false],
    ['1 850315 40 123 1', '1985-03-15', 'male', false],
    ['1850315400071', '1985-03-15', 'male', false], // remainder 10 → check digit 1
    ['3991231123455', '1899-12-31', 'male', false], // 3/4: born 1800–1899
    ['6080116123453', '2008-01-16', 'female', false], // 5/6: born 2000–2099
    // County 70: every CNP generated since 8 May 2024, wherever the birth.
    ['5000101700016', '2000-01-01', 'male', false],
    ['6000229700014', '2000-02-29', 'female', false],
    ['5240229700018', '2024-02-29', 'male', false],
    ['1800131700016', '1980-01-31', 'male', false],
    // Other county codes at the edges of their ranges.
    ['1960110460018', '1996-01-10', 'male', false], // 46 Bucharest sector 6
    ['1800131470013', '1980-01-31', 'male', false], // 47 former sector 7
    ['1800131480010', '1980-01-31', 'male', false], // 48 former sector 8
    ['1800131510014', '1980-01-31', 'male', false], // 51 Călărași
    ['1800131520011', '1980-01-31', 'male', false], // 52 Giurgiu
    ['1800131019990', '1980-01-31', 'male', false], // NNN 999
    // 7/8/9: the latest century that does not put the date in the future.
    ['7000101402343', '2000-01-01', 'male', false],
    ['8000101402345', '2000-01-01', 'female', false],
    ['7260601400016', '1926-06-01', 'male', false], // 2026-06-01 would be in the future
    // 80–83: accepted, flagged for review.
    ['1800315800050', '1980-03-15', 'male', true],
    ['1800315830052', '1980-03-15', 'male', true],
  ] as const)('%j → %s, %s, review %s', (input, birthDate, gender, review) => {
    expect(checkCnp(input, decodeOnly)).toEqual({ ok: true, birthDate, gender, normalised: input.replace(/\s/g, ''), review });
  });

  it('gives no gender for S = 9 (a foreigner) and does not cross-check one', () => {
    expect(checkCnp('9000101402347', decodeOnly)).toEqual({
      ok: true,
      birthDate: '2000-01-01',
      normalised: '9000101402347',
      review: false,
    });
    expect(checkCnp('9000101402347', { today, gender: 'female', birthDate: '2000-01-01' })).toMatchObject({ ok: true });
  });
});

describe('checkCnp: refusals', () => {
  it.each([
    ['1850315401232', 'wrong check digit'],
    ['1850315401230', 'wrong check digit'],
    ['0800101123459', 'S = 0'],
    ['1800131000014', 'county 00'],
    ['1800131490018', 'county 49'],
    ['1800131500017', 'county 50'],
    ['1800131530019', 'county 53'],
    ['1800131690017', 'county 69'],
    ['1800131710013', 'county 71'],
    ['1800131840011', 'county 84'],
    ['1800131010003', 'NNN 000'],
    ['1801301123459', 'month 13'],
    ['1800431123458', '31 April'],
    ['1000229402349', '29 February 1900: not a leap year'],
    ['2900229402348', '29 February 1990'],
    ['4000229401238', '29 February 1800'],
    ['5260601400012', 'born in June 2026, in the future'],
    ['185031540123', 'twelve digits'],
    ['18503154012311', 'fourteen digits'],
    ['185031540123A', 'a letter'],
    ['1850315-401231', 'a dash'],
  ])('%j (%s)', (input) => {
    expect(checkCnp(input, decodeOnly)).toEqual(invalid);
  });

  it.each([[''], ['  '], [undefined], [1850315401231]])('asks for a code when given %j', (input) => {
    expect(checkCnp(input, { today })).toEqual({ ok: false, errors: ['validation.required'] });
  });
});

describe('checkCnp: cross-checks with the form and the adult rule', () => {
  it.each([
    ['1850315401231', { gender: 'male', birthDate: '1985-03-15' }, []],
    ['2850315401233', { gender: 'female' }, []],
    ['1800315800050', { gender: 'male', birthDate: '1980-03-15' }, []],
    ['1850315401231', { gender: 'female' }, ['validation.cnp_gender_mismatch']],
    ['2850315401233', { birthDate: '1985-03-16' }, ['validation.cnp_birth_date_mismatch']],
    [
      '1850315401231',
      { gender: 'female', birthDate: '1958-03-15' },
      ['validation.cnp_gender_mismatch', 'validation.cnp_birth_date_mismatch'],
    ],
    // Under 18 on 15 January 2026: born 16 January 2008, and in 2010.
    ['6080116123453', {}, ['validation.seller_not_adult']],
    ['5100505123459', { gender: 'male', birthDate: '2010-05-05' }, ['validation.seller_not_adult']],
  ] as const)('%j with %j → %j', (input, form, errors) => {
    const result = checkCnp(input, { today, ...form });
    expect(result.ok ? [] : result.errors).toEqual(errors);
  });

  it('counts 18 years to the day', () => {
    expect(checkCnp('6080116123453', { today: new Date(2026, 0, 16) })).toMatchObject({ ok: true, birthDate: '2008-01-16' });
  });

  it('keeps the review flag when the cross-checks pass', () => {
    expect(checkCnp('1800315830052', { today, gender: 'male' })).toMatchObject({ ok: true, review: true });
  });

  it('takes the century of a 7/8/9 code from the day passed in', () => {
    // On 1 June 2026 the 7260601… resident was born that day, not in 1926.
    expect(checkCnp('7260601400016', { today: new Date(2026, 5, 1), requireAdult: false })).toMatchObject({
      ok: true,
      birthDate: '2026-06-01',
    });
  });
});
