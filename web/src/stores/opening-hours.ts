/** Weekdays as the API keys opening hours, Monday first (both markets' weeks start on Monday). */
export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];

/** A store's hours per weekday (local time HH:MM); null or missing: closed that day. */
export type OpeningHours = Readonly<Partial<Record<string, { readonly opens: string; readonly closes: string } | null>>>;

export type OpenState =
  | { readonly open: true; readonly closes: string }
  | { readonly open: false; readonly opens: { readonly day: Day; readonly time: string; readonly today: boolean } | null };

const minutes = (time: string): number => {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday and the minute of the day at `now` on the clocks of `timeZone` (summer time included). */
export function localTime(now: Date, timeZone: string): { readonly day: Day; readonly minute: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  const day = (parts.weekday ?? 'Mon').slice(0, 3).toLowerCase() as Day;
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * Whether a store is open at `now` in the market's time zone (the visitor's
 * own clock may be anywhere), and if not, when it opens next within a week.
 */
export function openState(hours: OpeningHours, now: Date, timeZone: string): OpenState {
  const { day, minute } = localTime(now, timeZone);
  const todayIndex = DAYS.indexOf(day);
  const today = hours[day];
  if (today && minute >= minutes(today.opens) && minute < minutes(today.closes)) return { open: true, closes: today.closes };
  if (today && minute < minutes(today.opens)) return { open: false, opens: { day, time: today.opens, today: true } };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = DAYS[(todayIndex + ahead) % 7]!;
    const slot = hours[next];
    if (slot) return { open: false, opens: { day: next, time: slot.opens, today: false } };
  }
  return { open: false, opens: null };
}

/** Days in a row with the same hours, for a compact line ("Po–Pá 9:00–20:00"). */
export function groupedDays(
  hours: OpeningHours,
): Array<{ readonly from: Day; readonly to: Day; readonly slot: { opens: string; closes: string } | null }> {
  const groups: Array<{ from: Day; to: Day; slot: { opens: string; closes: string } | null }> = [];
  for (const day of DAYS) {
    const slot = hours[day] ?? null;
    const last = groups[groups.length - 1];
    if (last && last.slot?.opens === slot?.opens && last.slot?.closes === slot?.closes) last.to = day;
    else groups.push({ from: day, to: day, slot: slot ? { opens: slot.opens, closes: slot.closes } : null });
  }
  return groups;
}
