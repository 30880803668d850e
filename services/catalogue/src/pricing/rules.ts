import { currencyOf, ValidationError, type Currency, type Market } from '@buyloop/kit';

/**
 * The checks every price passes, wherever it comes from (the form, the CSV
 * import, the demo data): field errors keyed like the request (`price`,
 * `valid_from`, `valid_to`), so each message lands under its field.
 */

/**
 * Above these a price is a typing error (an extra zero or two), not a phone:
 * ten million crowns, two million lei.
 */
export const MAX_PRICE: Readonly<Record<Currency, number>> = { CZK: 10_000_000, RON: 2_000_000 };

/** A `valid_from` this little in the past is the sender's clock, not a wish to rewrite history: it means now. */
export const PAST_GRACE_MS = 5 * 60_000;
/** Prices are planned at most this far ahead. */
export const MAX_SCHEDULE_AHEAD_DAYS = 2 * 366;
/** An offer longer than a year is a new regular price. */
export const MAX_OFFER_DAYS = 366;

const DAY_MS = 86_400_000;

export const PRICING_ERRORS = {
  priceNotWhole: 'catalogue.pricing.price_not_whole',
  priceNotPositive: 'catalogue.pricing.price_not_positive',
  priceTooHigh: 'catalogue.pricing.price_too_high',
  dateInvalid: 'catalogue.pricing.date_invalid',
  validFromPast: 'catalogue.pricing.valid_from_past',
  validFromTooFar: 'catalogue.pricing.valid_from_too_far',
  validToNotAfterFrom: 'catalogue.pricing.valid_to_not_after_from',
  offerTooLong: 'catalogue.pricing.offer_too_long',
  noRegularPrice: 'catalogue.pricing.no_regular_price',
  offerNotReduced: 'catalogue.pricing.offer_not_reduced',
  offerExists: 'catalogue.pricing.offer_exists',
  productNotFound: 'catalogue.pricing.product_not_found',
} as const;

/** Message keys for a price, empty when it is fine: whole, from 1, within the market's ceiling. */
export function priceProblems(price: unknown, currency: Currency): string[] {
  if (typeof price !== 'number' || !Number.isFinite(price)) return ['validation.invalid_type'];
  if (!Number.isInteger(price)) return [PRICING_ERRORS.priceNotWhole];
  // Zero is refused too: a product given away is a gift relation, not a price of 0.
  if (price < 1) return [PRICING_ERRORS.priceNotPositive];
  if (price > MAX_PRICE[currency]) return [PRICING_ERRORS.priceTooHigh];
  return [];
}

const parseTime = (value: string): number | null => {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
};

export interface PriceWindow {
  readonly validFrom: string;
  readonly validTo: string | null;
}

/**
 * Checks a price (and the period it applies in) against the market's rules
 * and answers the moments normalised to ISO UTC: an absent `validFrom`, or one
 * within PAST_GRACE_MS before `at`, becomes `at`. Throws one ValidationError
 * with every problem at once.
 */
export function checkPriceInput(
  input: {
    readonly price: number;
    readonly validFrom: string | null;
    readonly validTo?: string | null;
    readonly allowPast?: boolean;
  },
  market: Market,
  at: string,
): PriceWindow {
  const errors: Record<string, string[]> = {};
  const add = (field: string, code: string) => (errors[field] ??= []).push(code);
  for (const code of priceProblems(input.price, currencyOf(market))) add('price', code);
  const now = parseTime(at);
  if (now === null) throw new RangeError(`at ${at} is not a moment`);

  let from = now;
  if (input.validFrom !== null) {
    const time = parseTime(input.validFrom);
    if (time === null) add('valid_from', PRICING_ERRORS.dateInvalid);
    else if (time < now - PAST_GRACE_MS && !input.allowPast) add('valid_from', PRICING_ERRORS.validFromPast);
    else if (time > now + MAX_SCHEDULE_AHEAD_DAYS * DAY_MS) add('valid_from', PRICING_ERRORS.validFromTooFar);
    else from = input.allowPast ? time : Math.max(time, now);
  }
  let to: number | null = null;
  if (input.validTo !== undefined && input.validTo !== null) {
    const time = parseTime(input.validTo);
    if (time === null) add('valid_to', PRICING_ERRORS.dateInvalid);
    else if (time <= from) add('valid_to', PRICING_ERRORS.validToNotAfterFrom);
    else if (time - from > MAX_OFFER_DAYS * DAY_MS) add('valid_to', PRICING_ERRORS.offerTooLong);
    else to = time;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('validation.failed', errors, 'The price is not valid');
  return { validFrom: new Date(from).toISOString(), validTo: to === null ? null : new Date(to).toISOString() };
}
