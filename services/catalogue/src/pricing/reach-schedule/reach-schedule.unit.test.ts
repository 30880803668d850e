import { describe, expect, it } from 'vitest';
import { fold } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { pricingDecider } from '../decider';
import { nextMarkerAt } from '../state';
import { day, offerScheduled, priceSet } from '../testing';

const { given } = deciderSpec(pricingDecider);
const reach = (at: string) => ({ type: 'ReachSchedule', at }) as const;

describe('reach schedule (the pricing job)', () => {
  const history = [
    priceSet(21990, day(0)),
    priceSet(20990, day(10), day(1)),
    offerScheduled('spring', 18990, day(20), day(25), day(1)),
    offerScheduled('now', 19990, day(1), day(3), day(1)),
  ] as const;

  it('marks nothing before a scheduled moment; a price or offer starting when it was set needs no marker', () => {
    given(...history)
      .when(reach(day(2)))
      .then();
  });

  it('marks every moment that has come, in order', () => {
    given(...history)
      .when(reach(day(21)))
      .then(
        { type: 'OfferEnded', data: { code: 'IP15-128', offerId: 'now', validTo: day(3), at: day(21) } },
        { type: 'PriceTookEffect', data: { code: 'IP15-128', price: 20990, validFrom: day(10), at: day(21) } },
        { type: 'OfferStarted', data: { code: 'IP15-128', offerId: 'spring', validFrom: day(20), at: day(21) } },
      );
  });

  it('never marks a moment twice', () => {
    given(...history, { type: 'OfferEnded', data: { code: 'IP15-128', offerId: 'now', validTo: day(3), at: day(3) } })
      .when(reach(day(4)))
      .then();
  });

  it('does nothing on a stream without prices', () => {
    given()
      .when(reach(day(4)))
      .then();
  });

  it('says when the job is due next', () => {
    expect(nextMarkerAt(fold(pricingDecider, history))).toBe(day(3));
    expect(nextMarkerAt(fold(pricingDecider, [priceSet(21990, day(0))]))).toBeNull();
  });
});
