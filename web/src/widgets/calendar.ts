// @buyloop/validation's parser itself, by its file: the package's index also loads its zod-based
// checks at import time, which would put zod into the storefront's first-load JavaScript.
import { parseDateInput } from '@buyloop/validation/date-input';

/** The date input (spec section 5): day, month, year with / - . separators; two-digit years to the nearest century. */
export function readDateInput(value: string, today: Date): { ok: true; iso: string } | { ok: false; error: string } {
  const result = parseDateInput(value, today, { twoDigitYear: 'nearest' });
  return result.ok ? { ok: true, iso: result.iso } : { ok: false, error: result.errors[0] ?? 'validation.date_invalid' };
}

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
export function isoToDisplay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

export interface Day {
  readonly iso: string;
  readonly day: number;
  readonly inMonth: boolean;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const isoOf = (year: number, month: number, day: number): string => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/**
 * The date picker's month: a static 6-week grid (42 days) starting on the Monday on or before the
 * 1st, so the picker never changes height. `month` is 1–12.
 */
export function monthGrid(year: number, month: number): Day[] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  first.setUTCFullYear(year);
  const offset = (first.getUTCDay() + 6) % 7;
  const days: Day[] = [];
  for (let i = 0; i < 42; i++) {
    const date = new Date(first.getTime() + (i - offset) * 86_400_000);
    days.push({
      iso: isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
      day: date.getUTCDate(),
      inMonth: date.getUTCMonth() === month - 1,
    });
  }
  return days;
}

/** The years the date picker offers: 100 back to 52 ahead of this year. */
export function pickerYears(today: Date): { from: number; to: number } {
  const year = today.getFullYear();
  return { from: year - 100, to: year + 52 };
}

/** The first and last day a picker offers, as ISO days. */
export interface DayRange {
  readonly min: string;
  readonly max: string;
}

/** The picker's years of a day range. */
export const rangeYears = (range: DayRange): { from: number; to: number } => ({
  from: Number(range.min.slice(0, 4)),
  to: Number(range.max.slice(0, 4)),
});

/** Whether a day may be picked. */
export const inRange = (iso: string, range: DayRange | undefined): boolean => !range || (iso >= range.min && iso <= range.max);

/** A month to show, moved into the range's first or last month when it lies outside. */
export function clampMonth(year: number, month: number, range: DayRange | undefined): { year: number; month: number } {
  if (!range) return { year, month };
  const shown = isoOf(year, month, 1).slice(0, 7);
  if (shown < range.min.slice(0, 7)) return { year: Number(range.min.slice(0, 4)), month: Number(range.min.slice(5, 7)) };
  if (shown > range.max.slice(0, 7)) return { year: Number(range.max.slice(0, 4)), month: Number(range.max.slice(5, 7)) };
  return { year, month };
}

/** The local calendar day of a moment, as an ISO day. */
export const localIso = (date: Date): string => isoOf(date.getFullYear(), date.getMonth() + 1, date.getDate());

/**
 * An identity card's "valid to": a card that has expired is no use (the server refuses it), so
 * from today; ahead as far as the spec's picker goes (52 years).
 */
export const validToRange = (today: Date): DayRange => ({
  min: localIso(today),
  max: isoOf(today.getFullYear() + 52, 12, 31),
});

/** A month step of the picker, kept within its years. */
export function shiftMonth(
  year: number,
  month: number,
  by: number,
  range: { from: number; to: number },
): { year: number; month: number } {
  const index = year * 12 + (month - 1) + by;
  const clamped = Math.min(Math.max(index, range.from * 12), range.to * 12 + 11);
  return { year: Math.floor(clamped / 12), month: (clamped % 12) + 1 };
}

/** The time picker: 24 hours, minutes in steps of 5. */
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, i) => i);
export const MINUTES: readonly number[] = Array.from({ length: 12 }, (_, i) => i * 5);

/** 'HH:mm' rounded down to the picker's 5-minute step, or null when it is not a time. */
export function normaliseTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${pad(hour)}:${pad(minute - (minute % 5))}`;
}
