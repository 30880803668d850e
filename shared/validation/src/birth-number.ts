import { toIsoDate, type CalendarDay } from './calendar';
import { crossCheck, isPastOrToday, type Gender, type PersonalNumberOptions } from './personal-number';

export type BirthNumberCheck =
  { ok: true; birthDate: string; gender: Gender; normalised: string } | { ok: false; errors: string[] };

export const BIRTH_NUMBER_INVALID = 'validation.birth_number_invalid';

/** YYMMDD, an optional slash, then three (before 1954) or four digits. */
const shape = /^(\d{2})(\d{2})(\d{2})\/?(\d{3,4})$/;

/** The date and gender a month code and the year give, or undefined for a code that year could not have. */
function decodeMonth(code: number, year: number): { month: number; gender: Gender } | undefined {
  const from2004 = year >= 2004;
  if (code >= 1 && code <= 12) return { month: code, gender: 'male' };
  if (code >= 51 && code <= 62) return { month: code - 50, gender: 'female' };
  if (from2004 && code >= 21 && code <= 32) return { month: code - 20, gender: 'male' };
  if (from2004 && code >= 71 && code <= 82) return { month: code - 70, gender: 'female' };
  return undefined;
}

/**
 * A Czech (or Slovak) birth number (rodné číslo) checked and decoded, or the message keys of
 * what is wrong with it.
 *
 * - `YYMMDD/SSS` or `YYMMDD/SSSC`; spaces anywhere and one slash after the sixth digit are allowed.
 * - Nine digits only for births before 1 January 1954 (YY ≤ 53 → 19YY), without a check digit;
 *   the ending 000 is valid.
 * - Ten digits: YY ≥ 54 → 19YY, else 20YY; the first nine digits mod 11 must equal the tenth,
 *   or be 10 with a tenth digit 0 (accepted for any year).
 * - Month 01–12 man, 51–62 woman; 21–32 man and 71–82 woman only from 2004 on.
 * - The day must exist and not be after `today`.
 *
 * A well-formed number is then checked against the form's gender and date of birth, when
 * given, and the holder must be 18 or older unless `requireAdult` is false; those give their
 * own keys ('validation.birth_number_gender_mismatch', 'validation.birth_number_birth_date_mismatch',
 * 'validation.seller_not_adult'). `normalised` is 'YYMMDD/SSSC' (or 'YYMMDD/SSS').
 */
export function checkBirthNumber(value: unknown, options: PersonalNumberOptions): BirthNumberCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, errors: ['validation.required'] };
  const match = shape.exec(value.replace(/\s+/g, ''));
  if (!match) return { ok: false, errors: [BIRTH_NUMBER_INVALID] };
  const [, yy = '', mm = '', dd = '', serial = ''] = match;
  const twoDigitYear = Number(yy);
  let year: number;
  if (serial.length === 3) {
    if (twoDigitYear > 53) return { ok: false, errors: [BIRTH_NUMBER_INVALID] };
    year = 1900 + twoDigitYear;
  } else {
    year = (twoDigitYear >= 54 ? 1900 : 2000) + twoDigitYear;
    const remainder = Number(`${yy}${mm}${dd}${serial.slice(0, 3)}`) % 11;
    if (Number(serial[3]) !== remainder % 10) return { ok: false, errors: [BIRTH_NUMBER_INVALID] };
  }
  const decoded = decodeMonth(Number(mm), year);
  if (!decoded) return { ok: false, errors: [BIRTH_NUMBER_INVALID] };
  const birth: CalendarDay = { year, month: decoded.month, day: Number(dd) };
  if (!isPastOrToday(birth, options.today)) return { ok: false, errors: [BIRTH_NUMBER_INVALID] };

  const errors = crossCheck(birth, decoded.gender, options, {
    gender: 'validation.birth_number_gender_mismatch',
    birthDate: 'validation.birth_number_birth_date_mismatch',
  });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, birthDate: toIsoDate(birth), gender: decoded.gender, normalised: `${yy}${mm}${dd}/${serial}` };
}
