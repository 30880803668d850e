import { calendarDayOf, compareDays, dayExists, parseIsoDate, toIsoDate } from './calendar';

export type DateInputResult = { ok: true; iso: string } | { ok: false; errors: string[] };

export const DATE_INVALID = 'validation.date_invalid';

/**
 * Day, month and year with the same separator twice ('.', '/' or '-'), optionally a space
 * after each ('1. 2. 1985'), and a two- or four-digit year. ISO order, mixed separators and
 * three- or five-digit years do not match.
 */
const shape = /^(\d{1,2})([./-])\s?(\d{1,2})\2\s?(\d{2}|\d{4})$/;

export interface DateInputOptions {
  /**
   * How a two-digit year gets its century. 'nearest' (the default, spec section 5): the year
   * nearest to today's, a tie going to the past (in 2026: 00–75 → 2000–2075, 76–99 → 1976–1999).
   * 'past', for dates that cannot be in the future such as a date of birth: the latest year
   * that does not put the date after today (in 2026: 75 → 1975, 26 → 2026 up to today).
   */
  readonly twoDigitYear?: 'nearest' | 'past';
}

function expandYear(yy: number, month: number, day: number, today: Date, mode: 'nearest' | 'past'): number {
  const now = calendarDayOf(today);
  const sameCentury = Math.floor(now.year / 100) * 100 + yy;
  if (mode === 'past') return compareDays({ year: sameCentury, month, day }, now) <= 0 ? sameCentury : sameCentury - 100;
  const candidates = [sameCentury - 100, sameCentury, sameCentury + 100];
  // Nearest to this year; the earlier candidate comes first, so a tie goes to the past.
  return candidates.reduce((best, year) => (Math.abs(year - now.year) < Math.abs(best - now.year) ? year : best));
}

/**
 * A typed date (spec section 5: day, month, year with / - . separators) as 'YYYY-MM-DD', or
 * 'validation.date_invalid' ('validation.required' when empty). Two-digit years are expanded as
 * `options.twoDigitYear` says; four-digit years must be 1000 or later. The day must exist in
 * that month and year (29.02 only in leap years; 1900 was not one). `today` is read as its local
 * calendar day.
 */
export function parseDateInput(value: string, today: Date, options: DateInputOptions = {}): DateInputResult {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, errors: ['validation.required'] };
  const match = shape.exec(value.trim());
  if (!match) return { ok: false, errors: [DATE_INVALID] };
  const [day, month] = [Number(match[1]), Number(match[3])];
  const yearText = match[4] ?? '';
  const year =
    yearText.length === 2 ? expandYear(Number(yearText), month, day, today, options.twoDigitYear ?? 'nearest') : Number(yearText);
  if (year < 1000 || !dayExists(year, month, day)) return { ok: false, errors: [DATE_INVALID] };
  return { ok: true, iso: toIsoDate({ year, month, day }) };
}

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'; anything that is not a real ISO day comes back unchanged. */
export function formatDate(iso: string): string {
  const day = parseIsoDate(iso);
  if (!day) return iso;
  const [year, month, date] = toIsoDate(day).split('-');
  return `${date}.${month}.${year}`;
}
