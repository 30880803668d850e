import { describe, it } from 'vitest';
import { ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { pricingDecider } from '../decider';
import { day, priceSet } from '../testing';

const { given } = deciderSpec(pricingDecider);
const set = (price: number, validFrom: string | null = null, at = day(1)) =>
  ({ type: 'SetPrice', code: 'IP15-128', market: 'cz', price, validFrom, at }) as const;

describe('set price', () => {
  it('a first price applies from now when no moment is given', () => {
    given()
      .when(set(21990))
      .then(priceSet(21990, day(1), day(1)));
  });

  it('a price from a future moment', () => {
    given(priceSet(21990, day(0)))
      .when(set(19990, day(10)))
      .then(priceSet(19990, day(10), day(1)));
  });

  it('a moment a few minutes in the past is the sender’s clock: it means now', () => {
    const threeMinutesAgo = new Date(new Date(day(1)).getTime() - 3 * 60_000).toISOString();
    given()
      .when(set(21990, threeMinutesAgo))
      .then(priceSet(21990, day(1), day(1)));
  });

  it('the price already in force, with nothing scheduled after it, changes nothing (a repeated request, a re-import)', () => {
    given(priceSet(21990, day(0)))
      .when(set(21990))
      .then();
  });

  it('the same price is set again when another price is scheduled after it (it replaces nothing, but it is asked for)', () => {
    given(priceSet(21990, day(0)), priceSet(23990, day(20), day(0)))
      .when(set(21990, day(25)))
      .then(priceSet(21990, day(25), day(1)));
  });

  it('refuses decimals, zero, negative and absurd prices, each under price', () => {
    given().when(set(12990.5)).thenThrows(ValidationError, 'validation.failed');
    given().when(set(0)).thenThrows(ValidationError, 'validation.failed');
    given().when(set(-100)).thenThrows(ValidationError, 'validation.failed');
    given().when(set(10_000_001)).thenThrows(ValidationError, 'validation.failed');
    given()
      .when({ ...set(2_000_001), market: 'ro' })
      .thenThrows(ValidationError, 'validation.failed');
  });

  it('refuses rewriting history and planning absurdly far ahead', () => {
    given()
      .when(set(21990, day(-1)))
      .thenThrows(ValidationError, 'validation.failed');
    given()
      .when(set(21990, day(800)))
      .thenThrows(ValidationError, 'validation.failed');
    given().when(set(21990, 'yesterday')).thenThrows(ValidationError, 'validation.failed');
  });

  it('backdates only when the caller says so (demo data writing history)', () => {
    given()
      .when({ ...set(21990, day(-40)), allowPast: true })
      .then(priceSet(21990, day(-40), day(1)));
  });
});
