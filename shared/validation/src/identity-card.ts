import { calendarDayOf, compareDays, parseIsoDate } from './calendar';

export type IdentityCardCheck = { ok: true; normalised: string; review: boolean } | { ok: false; errors: string[] };

export const IDENTITY_CARD_INVALID = 'validation.identity_card_invalid';
export const IDENTITY_CARD_EXPIRED = 'validation.identity_card_expired';

/** What a card without an expiry date gives as its "valid to". */
export const UNLIMITED_VALIDITY = 'unlimited';

/** The last day an old-style Romanian identity card (2 letters + 6 digits) can be valid. */
export const ROMANIAN_OLD_CARD_LAST_DAY = '2031-08-03';

export interface IdentityCardOptions {
  readonly country: 'CZ' | 'RO';
  /** The day of the check (its local calendar day); validators never read the clock. */
  readonly today: Date;
  /** The card's "valid to", 'YYYY-MM-DD' or 'unlimited'; not checked when absent. */
  readonly validTo?: string;
}

/** The card number as typed with spaces, dashes and slashes removed and letters upper-cased. */
export const normaliseIdentityCard = (value: string): string => value.replace(/[\s/-]+/g, '').toUpperCase();

/**
 * Message keys for what is wrong with a card's "valid to": [] for today or a later day or
 * 'unlimited'; 'validation.date_invalid' when it is no 'YYYY-MM-DD' day; 'validation.identity_card_expired'
 * for a day before `today`.
 */
export function checkValidTo(validTo: unknown, today: Date): string[] {
  if (typeof validTo !== 'string' || validTo.trim() === '') return ['validation.required'];
  if (validTo.trim().toLowerCase() === UNLIMITED_VALIDITY) return [];
  const day = parseIsoDate(validTo.trim());
  if (!day) return ['validation.date_invalid'];
  return compareDays(day, calendarDayOf(today)) < 0 ? [IDENTITY_CARD_EXPIRED] : [];
}

/**
 * An identity card number checked, or the message keys of what is wrong with it.
 *
 * - Czech cards: 9 digits on current cards. Older cards with 6 digits and a series of 1–2
 *   letters (either order) are accepted with `review: true` for staff to look at.
 * - Romanian cards: old cards are series + number, 2 letters + 6 digits ('RX 123456'), and
 *   were valid until 3 August 2031 at the latest; one claiming a later "valid to" (or any,
 *   once that day has passed) is flagged with `review: true`. New electronic cards (since
 *   August 2025) carry a number whose format is not public: 1–9 letters or digits are accepted.
 * - With `validTo`, the card must not have expired (see `checkValidTo`).
 */
export function checkIdentityCard(value: unknown, options: IdentityCardOptions): IdentityCardCheck {
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, errors: ['validation.required'] };
  const number = normaliseIdentityCard(value);
  let review: boolean;
  if (options.country === 'CZ') {
    if (/^\d{9}$/.test(number)) review = false;
    else if (/^(?:[A-Z]{1,2}\d{6}|\d{6}[A-Z]{1,2})$/.test(number)) review = true;
    else return { ok: false, errors: [IDENTITY_CARD_INVALID] };
  } else {
    if (!/^[A-Z0-9]{1,9}$/.test(number)) return { ok: false, errors: [IDENTITY_CARD_INVALID] };
    const lastDay = parseIsoDate(ROMANIAN_OLD_CARD_LAST_DAY);
    const validTo = parseIsoDate(options.validTo);
    const today = calendarDayOf(options.today);
    const pastOldCardLimit =
      lastDay !== undefined && (compareDays(today, lastDay) > 0 || (validTo !== undefined && compareDays(validTo, lastDay) > 0));
    review = /^[A-Z]{2}\d{6}$/.test(number) && (pastOldCardLimit || options.validTo?.trim().toLowerCase() === UNLIMITED_VALIDITY);
  }
  if (options.validTo !== undefined) {
    const errors = checkValidTo(options.validTo, options.today);
    if (errors.length > 0) return { ok: false, errors };
  }
  return { ok: true, normalised: number, review };
}
