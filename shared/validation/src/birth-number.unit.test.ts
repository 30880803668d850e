import { describe, expect, it } from 'vitest';
import { checkBirthNumber } from './birth-number';

/** 15 January 2026, local time, as the validators read it. */
const today = new Date(2026, 0, 15);
const invalid = { ok: false, errors: ['validation.birth_number_invalid'] };
/** Decoding only: no adult rule. */
const decodeOnly = { today, requireAdult: false } as const;

describe('checkBirthNumber: decoding valid numbers', () => {
  it.each([
    // Ten digits, check digit = first nine mod 11 (vectors computed from the rule).
    ['855215/0013', '1985-02-15', 'female', '855215/0013'],
    ['8552150013', '1985-02-15', 'female', '855215/0013'],
    [' 855215 / 0013 ', '1985-02-15', 'female', '855215/0013'],
    ['855 215 0013', '1985-02-15', 'female', '855215/0013'],
    ['540101/0010', '1954-01-01', 'male', '540101/0010'], // YY 54 is the first ten-digit year of the 1900s
    ['995101/0014', '1999-01-01', 'female', '995101/0014'],
    ['000229/1234', '2000-02-29', 'male', '000229/1234'], // 2000 was a leap year
    ['080229/1237', '2008-02-29', 'male', '080229/1237'],
    ['081108/0127', '2008-11-08', 'male', '081108/0127'],
    ['260115/0013', '2026-01-15', 'male', '260115/0013'], // born today
    // Remainder 10: the tenth digit is 0, accepted whatever the year.
    ['800101/1030', '1980-01-01', 'male', '800101/1030'],
    ['855215/0080', '1985-02-15', 'female', '855215/0080'],
    ['040121/1020', '2004-01-21', 'male', '040121/1020'],
    ['042101/0030', '2004-01-01', 'male', '042101/0030'],
    // +20 (man) and +70 (woman) month codes from 2004 on, beside the usual ones.
    ['040121/1239', '2004-01-21', 'male', '040121/1239'],
    ['045121/1233', '2004-01-21', 'female', '045121/1233'],
    ['042101/1239', '2004-01-01', 'male', '042101/1239'],
    ['047101/1233', '2004-01-01', 'female', '047101/1233'],
    ['047229/1237', '2004-02-29', 'female', '047229/1237'],
    // Nine digits: births before 1954, no check digit; the ending 000 is valid.
    ['530101/001', '1953-01-01', 'male', '530101/001'],
    ['535101/001', '1953-01-01', 'female', '535101/001'],
    ['450101/000', '1945-01-01', 'male', '450101/000'],
    ['450101000', '1945-01-01', 'male', '450101/000'],
    ['000101/123', '1900-01-01', 'male', '000101/123'],
  ] as const)('%j → %s, %s', (input, birthDate, gender, normalised) => {
    expect(checkBirthNumber(input, decodeOnly)).toEqual({ ok: true, birthDate, gender, normalised });
  });
});

describe('checkBirthNumber: refusals', () => {
  it.each([
    ['855215/0014', 'wrong check digit'],
    ['855215/0010', 'remainder 3 but 0 given'],
    ['800101/1031', 'remainder 10 needs a 0'],
    ['540101/001', 'nine digits from 1954 on'],
    ['995101/001', 'nine digits from 1954 on'],
    ['530101/0011', 'YY 53 with ten digits is 2053, in the future'],
    ['000229/123', 'nine digits: 29 February 1900 did not exist'],
    ['032101/1230', '+20 month code in 2003'],
    ['037101/1234', '+70 month code in 2003'],
    ['040171/1233', 'day 71'],
    ['855015/0015', 'month code 50'],
    ['851301/1232', 'month 13'],
    ['853301/1234', 'month code 33'],
    ['043301/1238', 'month code 33 even after 2004'],
    ['850431/1233', '31 April'],
    ['080301/1237', 'check digit of another number'],
    ['260116/0012', 'born tomorrow'],
    ['85521/50013', 'slash after the fifth digit'],
    ['855215//0013', 'two slashes'],
    ['855215-0013', 'a dash'],
    ['855215/00133', 'eleven digits'],
    ['855215/01', 'eight digits'],
    ['85521A/0013', 'a letter'],
  ])('%j (%s)', (input) => {
    expect(checkBirthNumber(input, decodeOnly)).toEqual(invalid);
  });

  it.each([[''], ['  '], [undefined], [null], [8552150013]])('asks for a number when given %j', (input) => {
    expect(checkBirthNumber(input, { today })).toEqual({ ok: false, errors: ['validation.required'] });
  });
});

describe('checkBirthNumber: cross-checks with the form and the adult rule', () => {
  it.each([
    // The form's gender and date of birth agree.
    ['855215/0013', { gender: 'female', birthDate: '1985-02-15' }, []],
    ['047101/1233', { gender: 'female', birthDate: '2004-01-01' }, []],
    ['047101/1233', { gender: 'male' }, ['validation.birth_number_gender_mismatch']],
    ['530101/001', { gender: 'male' }, []],
    // They disagree.
    ['855215/0013', { gender: 'male' }, ['validation.birth_number_gender_mismatch']],
    ['855215/0013', { birthDate: '1985-02-16' }, ['validation.birth_number_birth_date_mismatch']],
    ['855215/0013', { birthDate: '15.02.1985' }, ['validation.birth_number_birth_date_mismatch']],
    [
      '855215/0013',
      { gender: 'male', birthDate: '1985-02-14' },
      ['validation.birth_number_gender_mismatch', 'validation.birth_number_birth_date_mismatch'],
    ],
    // Under 18 on 15 January 2026.
    ['080229/1237', {}, ['validation.seller_not_adult']],
    ['260115/0013', { gender: 'male', birthDate: '2026-01-15' }, ['validation.seller_not_adult']],
    ['080229/1237', { gender: 'female' }, ['validation.birth_number_gender_mismatch', 'validation.seller_not_adult']],
  ] as const)('%j with %j → %j', (input, form, errors) => {
    const result = checkBirthNumber(input, { today, ...form });
    expect(result.ok ? [] : result.errors).toEqual(errors);
  });

  it('counts 18 years to the day, a 29 February birthday falling on 28 February', () => {
    // 080229/1237: born 29 February 2008.
    expect(checkBirthNumber('080229/1237', { today: new Date(2026, 1, 27) })).toEqual({
      ok: false,
      errors: ['validation.seller_not_adult'],
    });
    expect(checkBirthNumber('080229/1237', { today: new Date(2026, 1, 28) })).toMatchObject({ ok: true });
    // 081108/0127: born 8 November 2008.
    expect(checkBirthNumber('081108/0127', { today: new Date(2026, 10, 7) })).toMatchObject({ ok: false });
    expect(checkBirthNumber('081108/0127', { today: new Date(2026, 10, 8) })).toMatchObject({ ok: true });
  });

  it('checks the adult rule only when asked to', () => {
    expect(checkBirthNumber('080229/1237', { today, requireAdult: false })).toMatchObject({ ok: true });
  });

  it('judges the future by the day passed in, never the clock', () => {
    expect(checkBirthNumber('260116/0012', { today: new Date(2026, 0, 16), requireAdult: false })).toMatchObject({
      ok: true,
      birthDate: '2026-01-16',
    });
  });
});
