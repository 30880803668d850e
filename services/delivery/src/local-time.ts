import type { Market } from '@buyloop/kit';
import { settingsOf } from '@buyloop/kit';

/** Weekdays as the catalogue's opening hours name them. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type DayHours = { readonly opens: string; readonly closes: string } | null;
export type WeeklyHours = Readonly<Record<Weekday, DayHours>>;

export interface LocalTime {
  /** YYYY-MM-DD in the market's zone. */
  readonly date: string;
  readonly weekday: Weekday;
  /** Minutes after local midnight. */
  readonly minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The market's wall clock at an instant (shops open and couriers ride by it, not by UTC). */
export function localTime(at: Date, market: Market): LocalTime {
  const parts = Object.fromEntries(
    formatter(settingsOf(market).timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = String(parts.weekday).toLowerCase().slice(0, 3) as Weekday;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant of a local date and time on the market (daylight saving included: the offset is found, not assumed). */
export function instantOf(date: string, minute: number, market: Market): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, Math.floor(minute / 60), minute % 60);
  let at = new Date(guess);
  // Two rounds settle it: the zone's offset at the guess, then at the corrected instant (across a change of offset).
  for (let round = 0; round < 2; round += 1) {
    const seen = localTime(at, market);
    const seenUtc = Date.UTC(
      Number(seen.date.slice(0, 4)),
      Number(seen.date.slice(5, 7)) - 1,
      Number(seen.date.slice(8, 10)),
      Math.floor(seen.minute / 60),
      seen.minute % 60,
    );
    at = new Date(at.getTime() + (guess - seenUtc));
  }
  return at;
}

/** The local date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  // 2024-01-01 was a Monday.
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse('2024-01-01T00:00:00Z')) / 86_400_000);
  return WEEKDAYS[((days % 7) + 7) % 7]!;
}

export const minuteOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
