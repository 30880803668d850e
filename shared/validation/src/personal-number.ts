import { ADULT_AGE, calendarDayOf, compareDays, dayExists, hasReachedAge, toIsoDate, type CalendarDay } from './calendar';

export type Gender = 'male' | 'female';

/** What a personal number is checked against: the day it is checked on and, when the form has them, its gender and date of birth. */
export interface PersonalNumberOptions {
  /** The day of the check (its local calendar day); validators never read the clock. */
  readonly today: Date;
  /** The gender entered on the form; checked against the one the number encodes. */
  readonly gender?: Gender;
  /** The date of birth entered on the form, 'YYYY-MM-DD'; checked against the one the number encodes. */
  readonly birthDate?: string;
  /** Whether the holder must be 18 or older (a seller must); true unless set to false. */
  readonly requireAdult?: boolean;
}

/** Message keys a personal-number check adds when the number is well-formed but disagrees with the form. */
export interface CrossCheckKeys {
  readonly gender: string;
  readonly birthDate: string;
}

export const SELLER_NOT_ADULT = 'validation.seller_not_adult';

/** The birth date and gender a valid number encodes checked against the form and the adult rule; the keys of what disagrees. */
export function crossCheck(
  birth: CalendarDay,
  gender: Gender | undefined,
  options: PersonalNumberOptions,
  keys: CrossCheckKeys,
): string[] {
  const errors: string[] = [];
  if (options.gender !== undefined && gender !== undefined && options.gender !== gender) errors.push(keys.gender);
  if (options.birthDate !== undefined && options.birthDate !== toIsoDate(birth)) errors.push(keys.birthDate);
  if (options.requireAdult !== false && !hasReachedAge(birth, calendarDayOf(options.today), ADULT_AGE))
    errors.push(SELLER_NOT_ADULT);
  return errors;
}

/** Whether year-month-day is a real day not after `today`. */
export const isPastOrToday = (birth: CalendarDay, today: Date): boolean =>
  dayExists(birth.year, birth.month, birth.day) && compareDays(birth, calendarDayOf(today)) <= 0;
