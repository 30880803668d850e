import { calendarDayOf, compareDays, dayExists, toIsoDate, type CalendarDay } from './calendar';
import { crossCheck, isPastOrToday, type Gender, type PersonalNumberOptions } from './personal-number';

/**
 * A checked CNP. `gender` is absent for S = 9 (a foreigner), which does not encode one;
 * `review` is true for county codes 80–83, which occur in the wild with no published meaning
 * and are to be looked at by staff rather than refused.
 */
export type CnpCheck =
  { ok: true; birthDate: string; gender?: Gender; normalised: string; review: boolean } | { ok: false; errors: string[] };

export const CNP_INVALID = 'validation.cnp_invalid';

const weights = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9] as const;

/**
 * County codes (JJ): 01–46 (40 Bucharest, 41–46 its sectors), 47–48 (former Bucharest
 * sectors 7 and 8), 51 Călărași, 52 Giurgiu, and 70, given to every CNP generated since
 * 8 May 2024 whatever the place of birth.
 */
const counties = new Set([...Array.from({ length: 48 }, (_, i) => i + 1), 51, 52, 70]);
const countiesForReview = new Set([80, 81, 82, 83]);

/** The check digit of the first twelve digits: weighted sum mod 11, where 10 becomes 1. */
export function cnpCheckDigit(first12: string): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(first12[i]), 0);
  const remainder = sum % 11;
  return remainder === 10 ? 1 : remainder;
}

/** The year a CNP encodes, or undefined when no century makes year-month-day a real day not in the future. */
function yearOf(s: number, yy: number, month: number, day: number, today: Date): number | undefined {
  if (s === 1 || s === 2) return 1900 + yy;
  if (s === 3 || s === 4) return 1800 + yy;
  if (s === 5 || s === 6) return 2000 + yy;
  // 7, 8, 9: the century is not encoded; take the latest one that does not put the date in the future.
  const now = calendarDayOf(today);
  for (let century = Math.floor(now.year / 100) * 100; century >= 1800; century -= 100) {
    const candidate = { year: century + yy, month, day };
    if (compareDays(candidate, now) <= 0) return dayExists(candidate.year, month, day) ? candidate.year : undefined;
  }
  return undefined;
}

/**
 * A Romanian personal numeric code (CNP, `S AA LL ZZ JJ NNN C`) checked and decoded, or the
 * message keys of what is wrong with it.
 *
 * - 13 digits (spaces are removed). S: 1/2 born 1900–1999, 3/4 1800–1899, 5/6 2000–2099,
 *   7/8 foreign residents and 9 foreigners with the latest century that does not put the date
 *   in the future; 0 is invalid. Odd S is a man, even a woman; 9 encodes no gender.
 * - AALLZZ must be a real day, not after `today`.
 * - County JJ as listed above; 80–83 are accepted with `review: true`.
 * - NNN 001–999; the check digit is the weighted sum (2 7 9 1 4 6 3 5 8 2 7 9) mod 11, 10 → 1.
 *
 * A well-formed CNP is then checked against the form's gender (not for S = 9) and date of
 * birth, when given, and the holder must be 18 or older unless `requireAdult` is false
 * ('validation.cnp_gender_mismatch', 'validation.cnp_birth_date_mismatch', 'validation.seller_not_adult').
 */
export function checkCnp(value: unknown, options: PersonalNumberOptions): CnpCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, errors: ['validation.required'] };
  const cnp = value.replace(/\s+/g, '');
  if (!/^[1-9]\d{12}$/.test(cnp) || cnpCheckDigit(cnp.slice(0, 12)) !== Number(cnp[12]))
    return { ok: false, errors: [CNP_INVALID] };
  const s = Number(cnp[0]);
  const [month, day, county, serial] = [
    Number(cnp.slice(3, 5)),
    Number(cnp.slice(5, 7)),
    Number(cnp.slice(7, 9)),
    Number(cnp.slice(9, 12)),
  ];
  const year = yearOf(s, Number(cnp.slice(1, 3)), month, day, options.today);
  if (year === undefined) return { ok: false, errors: [CNP_INVALID] };
  const birth: CalendarDay = { year, month, day };
  const review = countiesForReview.has(county);
  if (!isPastOrToday(birth, options.today) || (!counties.has(county) && !review) || serial === 0) {
    return { ok: false, errors: [CNP_INVALID] };
  }

  const gender: Gender | undefined = s === 9 ? undefined : s % 2 === 1 ? 'male' : 'female';
  const errors = crossCheck(birth, gender, options, {
    gender: 'validation.cnp_gender_mismatch',
    birthDate: 'validation.cnp_birth_date_mismatch',
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, birthDate: toIsoDate(birth), ...(gender ? { gender } : {}), normalised: cnp, review };
}
