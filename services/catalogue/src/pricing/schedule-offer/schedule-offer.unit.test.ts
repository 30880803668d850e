import { describe, it } from 'vitest';
import { IllegalState, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { pricingDecider } from '../decider';
import { day, offerScheduled, priceSet } from '../testing';

const { given } = deciderSpec(pricingDecider);
const offer = (price: number, validFrom: string | null, validTo: string, offerId = 'xmas', at = day(1)) =>
  ({ type: 'ScheduleOffer', code: 'IP15-128', market: 'cz', offerId, price, validFrom, validTo, at }) as const;

describe('schedule offer', () => {
  it('a reduced price from now until its end', () => {
    given(priceSet(21990, day(0)))
      .when(offer(19990, null, day(5)))
      .then(offerScheduled('xmas', 19990, day(1), day(5), day(1)));
  });

  it('an offer that starts in the future', () => {
    given(priceSet(21990, day(0)))
      .when(offer(18990, day(20), day(27)))
      .then(offerScheduled('xmas', 18990, day(20), day(27), day(1)));
  });

  it('the same offer again changes nothing; the same id with other terms is refused', () => {
    const scheduled = offerScheduled('xmas', 19990, day(2), day(5), day(1));
    given(priceSet(21990, day(0)), scheduled)
      .when(offer(19990, day(2), day(5)))
      .then();
    given(priceSet(21990, day(0)), scheduled)
      .when(offer(18990, day(2), day(5)))
      .thenThrows(IllegalState, 'catalogue.pricing.offer_exists');
  });

  it('needs a regular price applied before it starts', () => {
    given()
      .when(offer(19990, null, day(5)))
      .thenThrows(IllegalState, 'catalogue.pricing.no_regular_price');
    // A regular price that starts with the offer has never applied: no price to have been reduced.
    given(priceSet(21990, day(2), day(1)))
      .when(offer(19990, day(2), day(5)))
      .thenThrows(IllegalState, 'catalogue.pricing.no_regular_price');
  });

  it('must be below the regular price it starts from', () => {
    given(priceSet(21990, day(0)))
      .when(offer(21990, null, day(5)))
      .thenThrows(IllegalState, 'catalogue.pricing.offer_not_reduced');
    given(priceSet(21990, day(0)), priceSet(17990, day(10), day(0)))
      .when(offer(18990, day(12), day(15)))
      .thenThrows(IllegalState, 'catalogue.pricing.offer_not_reduced');
  });

  it('refuses a bad price or period', () => {
    given(priceSet(21990, day(0)))
      .when(offer(19990.9, null, day(5)))
      .thenThrows(ValidationError, 'validation.failed');
    given(priceSet(21990, day(0)))
      .when(offer(19990, day(5), day(5)))
      .thenThrows(ValidationError, 'validation.failed');
    given(priceSet(21990, day(0)))
      .when(offer(19990, null, day(0)))
      .thenThrows(ValidationError, 'validation.failed');
    given(priceSet(21990, day(0)))
      .when(offer(19990, null, day(400)))
      .thenThrows(ValidationError, 'validation.failed');
  });
});
