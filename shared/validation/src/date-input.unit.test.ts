import { describe, expect, it } from 'vitest';
import { formatDate, parseDateInput } from './date-input';

/** 15 January 2026, local time, as the validators read it. */
const today = new Date(2026, 0, 15);
const invalid = { ok: false, errors: ['validation.date_invalid'] };

describe('parseDateInput', () => {
  it.each([
    // Day, month, year with the same separator twice, an optional space after each.
    ['01.02.1985', '1985-02-01'],
    ['1.2.1985', '1985-02-01'],
    ['1. 2. 1985', '1985-02-01'],
    ['1.2. 1985', '1985-02-01'],
    ['01/02/1985', '1985-02-01'],
    ['01-02-1985', '1985-02-01'],
    ['  31.12.1999  ', '1999-12-31'],
    // Leap years: 2024 and 2000 were, 1900 was not.
    ['29.02.2024', '2024-02-29'],
    ['29.02.2000', '2000-02-29'],
    ['31.01.2026', '2026-01-31'],
    ['30.04.2026', '2026-04-30'],
    // Two-digit years go to the nearest century (in 2026: 00–75 → 2000–2075, 76–99 → 1976–1999).
    ['01.02.85', '1985-02-01'],
    ['01.02.76', '1976-02-01'], // 50 years either way: the tie goes to the past
    ['01.02.75', '2075-02-01'],
    ['01.02.26', '2026-02-01'],
    ['01.02.00', '2000-02-01'],
    ['29.02.24', '2024-02-29'],
    ['1/2/99', '1999-02-01'],
  ])('%j → %s', (input, iso) => {
    expect(parseDateInput(input, today)).toEqual({ ok: true, iso });
  });

  it.each([
    ['29.02.2023', 'not a leap year'],
    ['29.02.1900', '1900 was not a leap year'],
    ['31.04.2026', '31 April'],
    ['32.01.2026', 'day 32'],
    ['00.01.2026', 'day 0'],
    ['01.00.2026', 'month 0'],
    ['01.13.2026', 'month 13'],
    ['1985-02-01', 'ISO order'],
    ['1985.02.01', 'year first'],
    ['01.02-1985', 'mixed separators'],
    ['01/02.1985', 'mixed separators'],
    ['01.02.985', 'three-digit year'],
    ['01.02.19850', 'five-digit year'],
    ['01.02.0985', 'a year before 1000'],
    ['01.02.1', 'one-digit year'],
    ['001.02.1985', 'three-digit day'],
    ['01 .02.1985', 'a space before the separator'],
    ['01.  02.1985', 'two spaces'],
    ['01 02 1985', 'spaces as separators'],
    ['01021985', 'no separators'],
    ['1.2.', 'no year'],
    ['1.2', 'no year'],
    ['první února', 'words'],
    ['01.02.1985 12:00', 'a time'],
  ])('%j (%s)', (input) => {
    expect(parseDateInput(input, today)).toEqual(invalid);
  });

  it.each([[''], ['   ']])('asks for a date when given %j', (input) => {
    expect(parseDateInput(input, today)).toEqual({ ok: false, errors: ['validation.required'] });
  });

  it('refuses a value that is not text', () => {
    expect(parseDateInput(undefined as unknown as string, today)).toEqual({ ok: false, errors: ['validation.required'] });
  });

  it('expands two-digit years relative to the day passed in', () => {
    // In 2050: 00 is 50 years either way (the tie goes to 2000); 99 → 2099, 49 years ahead rather than 51 back.
    const in2050 = new Date(2050, 5, 1);
    expect(parseDateInput('01.01.00', in2050)).toEqual({ ok: true, iso: '2000-01-01' });
    expect(parseDateInput('01.01.99', in2050)).toEqual({ ok: true, iso: '2099-01-01' });
    expect(parseDateInput('01.01.01', in2050)).toEqual({ ok: true, iso: '2001-01-01' });
    // In 1990: 40 → 2040 (50 ahead) ties with 1940 and goes to the past; 39 → 2039.
    const in1990 = new Date(1990, 0, 1);
    expect(parseDateInput('01.01.40', in1990)).toEqual({ ok: true, iso: '1940-01-01' });
    expect(parseDateInput('01.01.39', in1990)).toEqual({ ok: true, iso: '2039-01-01' });
  });

  it.each([
    // For a date of birth: the latest year that does not put the date in the future.
    ['01.02.75', '1975-02-01'],
    ['01.02.85', '1985-02-01'],
    ['15.01.26', '2026-01-15'], // today
    ['16.01.26', '1926-01-16'], // tomorrow would be in the future
    ['01.01.00', '2000-01-01'],
    ['29.02.00', '2000-02-29'],
    ['01.02.2030', '2030-02-01'], // four-digit years are taken as written
  ])("with twoDigitYear 'past' %j → %s", (input, iso) => {
    expect(parseDateInput(input, today, { twoDigitYear: 'past' })).toEqual({ ok: true, iso });
  });
});

describe('formatDate', () => {
  it.each([
    ['1985-02-01', '01.02.1985'],
    ['2024-02-29', '29.02.2024'],
    ['2026-12-31', '31.12.2026'],
    // Not a real ISO day: returned unchanged.
    ['2023-02-29', '2023-02-29'],
    ['1985-2-1', '1985-2-1'],
    ['01.02.1985', '01.02.1985'],
    ['', ''],
  ])('%j → %j', (iso, expected) => {
    expect(formatDate(iso)).toBe(expected);
  });

  it('round-trips with parseDateInput', () => {
    for (const iso of ['1900-03-01', '2000-02-29', '2026-01-15']) {
      const parsed = parseDateInput(formatDate(iso), today);
      expect(parsed).toEqual({ ok: true, iso });
    }
  });
});
