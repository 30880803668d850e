import { describe, expect, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { checkPriceInput, priceProblems } from './rules';
import { day } from './testing';

const fieldErrorsOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationError) return error.fieldErrors;
    throw error;
  }
  return expect.fail('accepted');
};

describe('price rules', () => {
  it('name the problem of each bad price', () => {
    expect(priceProblems(12990, 'CZK')).toEqual([]);
    expect(priceProblems(12990.5, 'CZK')).toEqual(['catalogue.pricing.price_not_whole']);
    expect(priceProblems(0, 'CZK')).toEqual(['catalogue.pricing.price_not_positive']);
    expect(priceProblems(-1, 'CZK')).toEqual(['catalogue.pricing.price_not_positive']);
    expect(priceProblems(1e12, 'CZK')).toEqual(['catalogue.pricing.price_too_high']);
    expect(priceProblems(2_000_000, 'RON')).toEqual([]);
    expect(priceProblems(2_000_001, 'RON')).toEqual(['catalogue.pricing.price_too_high']);
    expect(priceProblems(Number.NaN, 'CZK')).toEqual(['validation.invalid_type']);
  });

  it('report every field at once, keyed like the request', () => {
    expect(fieldErrorsOf(() => checkPriceInput({ price: -5, validFrom: day(3), validTo: day(2) }, 'cz', day(1)))).toEqual({
      price: ['catalogue.pricing.price_not_positive'],
      valid_to: ['catalogue.pricing.valid_to_not_after_from'],
    });
    expect(fieldErrorsOf(() => checkPriceInput({ price: 5, validFrom: day(1), validTo: day(400) }, 'cz', day(1)))).toEqual({
      valid_to: ['catalogue.pricing.offer_too_long'],
    });
  });

  it('normalise the moments', () => {
    expect(checkPriceInput({ price: 5, validFrom: '2026-03-05T10:00:00+01:00', validTo: null }, 'cz', day(1))).toEqual({
      validFrom: '2026-03-05T09:00:00.000Z',
      validTo: null,
    });
  });
});
