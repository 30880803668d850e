import { ValidationError } from './errors';
import { isCurrency, type Currency } from './currency';
import { marketSettings, type Market } from './market';

export { currencies, isCurrency, type Currency } from './currency';

/**
 * Money in whole currency units (product spec section 9: CZK and Lei, no
 * decimals). Amounts are safe integers, so sums and comparisons are exact
 * and a haléř or ban can never appear by accident; every operation that can
 * produce a fraction rounds once, half away from zero, to whole units.
 * Amounts may be negative (price corrections, credit notes).
 */

export interface Money {
  readonly amount: number;
  readonly currency: Currency;
}

export const currencyOf = (market: Market): Currency => marketSettings[market].currency;

/** Positive zero only: `-0` would make otherwise equal amounts compare unequal in deep equality. */
const whole = (amount: number): number => (amount === 0 ? 0 : amount);

const checkAmount = (amount: number, code: string, message: string): number => {
  if (!Number.isSafeInteger(amount)) throw new ValidationError(code, {}, `${amount} ${message}`, { amount: String(amount) });
  return whole(amount);
};

const checkCurrency = (currency: unknown): Currency => {
  if (!isCurrency(currency)) throw new ValidationError('money.currency_invalid', {}, undefined, { currency: String(currency) });
  return currency;
};

/** Refuses fractions, NaN, infinities and integers beyond ±(2^53 − 1) with ValidationError `money.not_whole`. */
export function money(amount: number, currency: Currency): Money {
  return { amount: checkAmount(amount, 'money.not_whole', 'is not a whole amount'), currency: checkCurrency(currency) };
}

export const zeroMoney = (currency: Currency): Money => money(0, currency);

/**
 * Rounds to whole units, half away from zero: 2.5 → 3, −2.5 → −3 (Math.round
 * would give −2, making a refund of a discount differ from the discount).
 */
export const roundHalfAwayFromZero = (value: number): number => whole(Math.sign(value) * Math.round(Math.abs(value)));

const sameCurrency = (a: Money, b: Money): Currency => {
  if (a.currency !== b.currency)
    throw new ValidationError('money.currency_mismatch', {}, `cannot combine ${a.currency} and ${b.currency}`, {
      left: a.currency,
      right: b.currency,
    });
  return a.currency;
};

const result = (amount: number, currency: Currency): Money => ({
  amount: checkAmount(amount, 'money.out_of_range', 'is beyond the amounts money can hold exactly'),
  currency,
});

export const addMoney = (a: Money, b: Money): Money => result(a.amount + b.amount, sameCurrency(a, b));

export const subtractMoney = (a: Money, b: Money): Money => result(a.amount - b.amount, sameCurrency(a, b));

/** Sum of a list; the currency is explicit so that an empty list still has one. */
export const sumMoney = (currency: Currency, items: readonly Money[]): Money =>
  items.reduce((total, item) => addMoney(total, item), zeroMoney(currency));

/** Multiplies by a whole factor (a quantity); a fractional factor is refused with `money.factor_not_whole`. */
export function multiplyMoney(value: Money, factor: number): Money {
  if (!Number.isSafeInteger(factor))
    throw new ValidationError('money.factor_not_whole', {}, undefined, { factor: String(factor) });
  return result(value.amount * factor, value.currency);
}

/**
 * `percent` % of an amount, rounded half away from zero: 15 % of 1 003 CZK is
 * 150.45 → 150, 10 % of 5 is 0.5 → 1, 10 % of −5 is −1. Percentages may carry
 * up to two decimals (12.25 %); the arithmetic is exact (integers in BigInt),
 * so a result of exactly .5 is never mistaken for .4999….
 */
export function percentOfMoney(value: Money, percent: number): Money {
  const hundredths = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(hundredths - percent * 100) > 1e-6 || !Number.isSafeInteger(hundredths))
    throw new ValidationError('money.percent_invalid', {}, `${percent} is not a percentage with at most two decimals`, {
      percent: String(percent),
    });
  const numerator = BigInt(value.amount) * BigInt(hundredths);
  const denominator = 10_000n;
  let quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twice >= denominator) quotient += numerator < 0n ? -1n : 1n;
  const amount = Number(quotient);
  return result(amount, value.currency);
}

/** Negative, zero or positive as `a` is less than, equal to or greater than `b`; a sort comparator. */
export const compareMoney = (a: Money, b: Money): -1 | 0 | 1 => {
  sameCurrency(a, b);
  return a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0;
};

export const equalsMoney = (a: Money, b: Money): boolean => a.currency === b.currency && a.amount === b.amount;

const formatters = new Map<string, Intl.NumberFormat>();
// Locales may come from Accept-Language: bound the cache so odd tags cannot grow it without limit.
const MAX_CACHED_FORMATTERS = 32;

const homeLocaleOf = (currency: Currency): string =>
  Object.values(marketSettings).find((settings) => settings.currency === currency)?.locale ?? 'en';

/**
 * Formats for display without decimals: `1 234 Kč` in cs-CZ, `1.234 lei` in
 * ro-RO. Romanian uses the narrow symbol because the plain one is "RON",
 * which shoppers do not write; other languages keep the ISO-style symbol,
 * as their narrow one is ambiguous (cs-CZ renders lei as "L").
 * The separators Intl puts in are U+00A0 no-break spaces, so a price never
 * wraps between its digits and its currency.
 */
export function formatMoney(value: Money, locale: string = homeLocaleOf(value.currency)): string {
  const key = `${locale}|${value.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const romanian = new Intl.Locale(locale).language === 'ro';
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: value.currency,
      currencyDisplay: romanian ? 'narrowSymbol' : 'symbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    if (formatters.size < MAX_CACHED_FORMATTERS) formatters.set(key, formatter);
  }
  return formatter.format(value.amount);
}
