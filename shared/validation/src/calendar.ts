/**
 * Calendar-day helpers shared by the validators. Dates are plain proleptic Gregorian
 * calendar days; `today` is read in the process's local time zone (getFullYear/getMonth/getDate),
 * so callers decide which day "today" is by the Date they pass. Nothing here reads the clock.
 */
export interface CalendarDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export function daysInMonth(year: number, month: number): number {
  if (month === 2 && isLeapYear(year)) return 29;
  return monthLengths[month - 1] ?? 0;
}

/** Whether year-month-day is a real day (month 1–12, day within that month and year). */
export function dayExists(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) && Number.isInteger(month) && Number.isInteger(day) && day >= 1 && day <= daysInMonth(year, month)
  );
}

export const calendarDayOf = (date: Date): CalendarDay => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
});

/** Negative when a is before b, 0 on the same day, positive after. */
export const compareDays = (a: CalendarDay, b: CalendarDay): number => a.year - b.year || a.month - b.month || a.day - b.day;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export const toIsoDate = ({ year, month, day }: CalendarDay): string => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;

/** A 'YYYY-MM-DD' string that names a real day, or undefined. */
export function parseIsoDate(value: unknown): CalendarDay | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return dayExists(year, month, day) ? { year, month, day } : undefined;
}

/**
 * Whether someone born on `birth` is at least `years` old on `today`. The birthday of someone
 * born on 29 February falls on 28 February in common years (the period rules of the Czech
 * civil code § 605 and the Romanian civil code art. 2551: a period ending in a month without
 * that day ends on its last day).
 */
export function hasReachedAge(birth: CalendarDay, today: CalendarDay, years: number): boolean {
  const year = birth.year + years;
  const anniversary = { year, month: birth.month, day: Math.min(birth.day, daysInMonth(year, birth.month)) };
  return compareDays(today, anniversary) >= 0;
}

/** The age at which a seller may sell to the shop. */
export const ADULT_AGE = 18;
