import { describe, expect, it } from 'vitest';
import {
  clampMonth,
  HOURS,
  inRange,
  isoToDisplay,
  MINUTES,
  monthGrid,
  normaliseTime,
  pickerYears,
  rangeYears,
  readDateInput,
  shiftMonth,
  validToRange,
} from './calendar';

const today = new Date(2026, 10, 24);

describe('the date input', () => {
  it('reads day, month and year with / - . separators', () => {
    for (const text of ['1.2.2030', '01/02/2030', '1-2-2030', '01.02.2030'])
      expect(readDateInput(text, today)).toEqual({ ok: true, iso: '2030-02-01' });
  });

  it('expands a two-digit year to the nearest century', () => {
    expect(readDateInput('1.2.30', today)).toEqual({ ok: true, iso: '2030-02-01' });
    expect(readDateInput('1.2.85', today)).toEqual({ ok: true, iso: '1985-02-01' });
  });

  it('checks the ranges of month and day', () => {
    expect(readDateInput('32.1.2020', today).ok).toBe(false);
    expect(readDateInput('1.13.2020', today).ok).toBe(false);
    expect(readDateInput('29.2.2023', today).ok).toBe(false);
    expect(readDateInput('29.2.2024', today).ok).toBe(true);
    expect(readDateInput('', today)).toEqual({ ok: false, error: 'validation.required' });
  });

  it('shows ISO days as DD.MM.YYYY', () => {
    expect(isoToDisplay('2030-02-01')).toBe('01.02.2030');
  });
});

describe('the date picker', () => {
  it('always shows six weeks from a Monday', () => {
    for (const [year, month] of [
      [2026, 2],
      [2026, 11],
      [2021, 2],
      [2024, 9],
    ] as const) {
      const grid = monthGrid(year, month);
      expect(grid).toHaveLength(42);
      expect(new Date(`${grid[0]!.iso}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(grid.filter((d) => d.inMonth)).toHaveLength(new Date(Date.UTC(year, month, 0)).getUTCDate());
    }
    expect(monthGrid(2026, 11)[0]!.iso).toBe('2026-10-26');
  });

  it('spans 100 years back to 52 ahead and keeps month steps inside', () => {
    const range = pickerYears(today);
    expect(range).toEqual({ from: 1926, to: 2078 });
    expect(shiftMonth(2026, 12, 1, range)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth(2026, 1, -1, range)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth(1926, 1, -1, range)).toEqual({ year: 1926, month: 1 });
    expect(shiftMonth(2078, 12, 1, range)).toEqual({ year: 2078, month: 12 });
  });
});

describe('a date picker for one field', () => {
  it('offers an identity card’s "valid to" from today to 52 years ahead, and shows months inside that', () => {
    const range = validToRange(today);
    expect(range).toEqual({ min: '2026-11-24', max: '2078-12-31' });
    expect(rangeYears(range)).toEqual({ from: 2026, to: 2078 });
    expect(inRange('2026-11-23', range)).toBe(false);
    expect(inRange('2026-11-24', range)).toBe(true);
    expect(inRange('2079-01-01', range)).toBe(false);
    expect(inRange('1990-11-15', undefined)).toBe(true);
    expect(clampMonth(1990, 11, range)).toEqual({ year: 2026, month: 11 });
    expect(clampMonth(2080, 3, range)).toEqual({ year: 2078, month: 12 });
    expect(clampMonth(2030, 2, range)).toEqual({ year: 2030, month: 2 });
  });
});

describe('the time picker', () => {
  it('offers 24 hours and minutes in steps of 5', () => {
    expect(HOURS).toHaveLength(24);
    expect(HOURS.at(-1)).toBe(23);
    expect(MINUTES).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(normaliseTime('9:07')).toBe('09:05');
    expect(normaliseTime('23:59')).toBe('23:55');
    expect(normaliseTime('24:00')).toBeNull();
  });
});
