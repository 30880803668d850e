import type { Market } from '@buyloop/kit';
import { addDays, instantOf, localTime, minuteOf, weekdayOf, type WeeklyHours } from '../local-time';

/** Spec 9: a store reservation is ready within 30 minutes. */
export const RESERVATION_READY_MINUTES = 30;

/**
 * When a reservation made at `at` is ready in a store: 30 minutes later
 * while the store is open that long, otherwise 30 minutes after it next
 * opens (a reservation at closing time is ready the next morning). Null for
 * a store closed all week.
 */
export function readyBy(hours: WeeklyHours, at: Date, market: Market): Date | null {
  const now = localTime(at, market);
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = offset === 0 ? now.date : addDays(now.date, offset);
    const day = hours[offset === 0 ? now.weekday : weekdayOf(date)];
    if (!day) continue;
    const opens = minuteOf(day.opens);
    const closes = minuteOf(day.closes);
    const start = offset === 0 ? Math.max(opens, now.minute) : opens;
    if (start + RESERVATION_READY_MINUTES > closes) continue;
    if (offset === 0 && now.minute >= opens) return new Date(at.getTime() + RESERVATION_READY_MINUTES * 60_000);
    return instantOf(date, start + RESERVATION_READY_MINUTES, market);
  }
  return null;
}
