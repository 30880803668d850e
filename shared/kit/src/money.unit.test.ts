import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import {
  addMoney,
  compareMoney,
  currencyOf,
  equalsMoney,
  formatMoney,
  money,
  multiplyMoney,
  percentOfMoney,
  roundHalfAwayFromZero,
  subtractMoney,
  sumMoney,
  zeroMoney,
  type Money,
} from './money';

const czk = (amount: number): Money => money(amount, 'CZK');
const lei = (amount: number): Money => money(amount, 'RON');
const NBSP = '\u00a0';

const refusal = (work: () => unknown): ValidationError => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  return expect.fail('expected a ValidationError');
};

describe('money', () => {
  it('holds whole amounts, negatives included, and never -0', () => {
    expect(czk(1299)).toEqual({ amount: 1299, currency: 'CZK' });
    expect(lei(-50)).toEqual({ amount: -50, currency: 'RON' });
    expect(Object.is(czk(-0).amount, 0)).toBe(true);
    expect(zeroMoney('RON')).toEqual({ amount: 0, currency: 'RON' });
  });

  it.each([12.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %s as not whole', (amount) => {
    expect(refusal(() => czk(amount)).code).toBe('money.not_whole');
  });

  it('refuses an unknown currency (e.g. from untyped input)', () => {
    expect(refusal(() => money(1, 'EUR' as 'CZK')).code).toBe('money.currency_invalid');
  });

  it('adds, subtracts and sums within one currency', () => {
    expect(addMoney(czk(1000), czk(-150))).toEqual(czk(850));
    expect(subtractMoney(lei(100), lei(250))).toEqual(lei(-150));
    expect(sumMoney('CZK', [czk(1), czk(2), czk(3)])).toEqual(czk(6));
    expect(sumMoney('RON', [])).toEqual(lei(0));
  });

  it('refuses to combine CZK and lei', () => {
    expect(refusal(() => addMoney(czk(1), lei(1))).code).toBe('money.currency_mismatch');
    expect(refusal(() => subtractMoney(lei(1), czk(1))).code).toBe('money.currency_mismatch');
    expect(refusal(() => compareMoney(czk(1), lei(1))).code).toBe('money.currency_mismatch');
  });

  it('refuses results that would lose precision', () => {
    expect(refusal(() => addMoney(czk(Number.MAX_SAFE_INTEGER), czk(1))).code).toBe('money.out_of_range');
    expect(refusal(() => multiplyMoney(czk(Number.MAX_SAFE_INTEGER), 2)).code).toBe('money.out_of_range');
  });

  it('multiplies by whole quantities only', () => {
    expect(multiplyMoney(czk(499), 3)).toEqual(czk(1497));
    expect(multiplyMoney(lei(20), -1)).toEqual(lei(-20));
    expect(refusal(() => multiplyMoney(czk(499), 1.5)).code).toBe('money.factor_not_whole');
  });

  it.each([
    [1003, 15, 150], // 150.45
    [1010, 15, 152], // 151.5: half goes up
    [-1010, 15, -152], // -151.5: half goes away from zero, not towards +∞
    [5, 10, 1], // 0.5
    [-5, 10, -1],
    [4, 10, 0], // 0.4
    [19990, 80, 15992],
    [1000, 12.25, 123], // 122.5
    [1000, 0.1, 1],
    [1000, 0, 0],
  ])('%i × %s %% = %i (half away from zero)', (amount, percent, expected) => {
    expect(percentOfMoney(czk(amount), percent)).toEqual(czk(expected));
  });

  it('rounds exact halves exactly, where floating point would not', () => {
    // 1.15 * 100 is 114.99999999999999 in doubles; 115 × 1 % is exactly 1.15 → 1, and 150 × 1 % is 1.5 → 2.
    expect(percentOfMoney(czk(115), 1)).toEqual(czk(1));
    expect(percentOfMoney(czk(150), 1)).toEqual(czk(2));
    expect(percentOfMoney(czk(Number.MAX_SAFE_INTEGER), 100)).toEqual(czk(Number.MAX_SAFE_INTEGER));
  });

  it('refuses percentages finer than hundredths or not finite', () => {
    expect(refusal(() => percentOfMoney(czk(100), 12.345)).code).toBe('money.percent_invalid');
    expect(refusal(() => percentOfMoney(czk(100), Number.NaN)).code).toBe('money.percent_invalid');
  });

  it('rounds plain numbers half away from zero', () => {
    expect([2.5, -2.5, 2.4999, -0.4, 0].map(roundHalfAwayFromZero)).toEqual([3, -3, 2, 0, 0]);
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
  });

  it('compares for sorting and equality', () => {
    expect([czk(300), czk(-5), czk(20)].sort(compareMoney)).toEqual([czk(-5), czk(20), czk(300)]);
    expect(compareMoney(lei(7), lei(7))).toBe(0);
    expect(equalsMoney(czk(7), czk(7))).toBe(true);
    expect(equalsMoney(czk(7), lei(7))).toBe(false);
  });

  it('maps markets to currencies', () => {
    expect(currencyOf('cz')).toBe('CZK');
    expect(currencyOf('ro')).toBe('RON');
  });
});

describe('formatMoney', () => {
  it('formats CZK the Czech way: space-grouped, "Kč" after, no decimals', () => {
    expect(formatMoney(czk(1234567), 'cs-CZ')).toBe(`1${NBSP}234${NBSP}567${NBSP}Kč`);
    expect(formatMoney(czk(12990), 'cs-CZ')).toBe(`12${NBSP}990${NBSP}Kč`);
    expect(formatMoney(czk(-1500), 'cs-CZ')).toBe(`-1${NBSP}500${NBSP}Kč`);
    expect(formatMoney(czk(0), 'cs-CZ')).toBe(`0${NBSP}Kč`);
  });

  it('formats lei the Romanian way: dot-grouped, "lei" (not "RON") after, no decimals', () => {
    expect(formatMoney(lei(1234567), 'ro-RO')).toBe(`1.234.567${NBSP}lei`);
    expect(formatMoney(lei(2000), 'ro-RO')).toBe(`2.000${NBSP}lei`);
    expect(formatMoney(lei(999), 'ro-RO')).toBe(`999${NBSP}lei`);
  });

  it("defaults to the currency's home market locale", () => {
    expect(formatMoney(czk(2500))).toBe(formatMoney(czk(2500), 'cs-CZ'));
    expect(formatMoney(lei(2500))).toBe(formatMoney(lei(2500), 'ro-RO'));
  });

  it('never shows decimals, whatever the locale defaults to', () => {
    expect(formatMoney(lei(15), 'en-GB')).not.toMatch(/[.,]\d{2}\b/);
    expect(formatMoney(czk(15), 'en-GB')).toContain('15');
  });

  it('keeps an unambiguous symbol outside Romanian, where the narrow one would be "L"', () => {
    expect(formatMoney(lei(1500), 'cs-CZ')).toBe(`1${NBSP}500${NBSP}RON`);
  });
});
