import { describe, expect, it } from 'vitest';
import { fold } from '@buyloop/kit';
import { pricingDecider } from './decider';
import { lowestPriceBefore, priceAt, timelineOf, type PriceSchedule } from './schedule';
import { day, offerScheduled, priceSet } from './testing';
import type { PriceEvent } from './events';

const scheduleOf = (...events: PriceEvent[]): PriceSchedule => fold(pricingDecider, events).schedule;

describe('the applied price, from the schedule', () => {
  it('a regular price applies from its moment; a later one from its own', () => {
    const schedule = scheduleOf(priceSet(1000, day(0)), priceSet(900, day(10)));
    expect(priceAt(schedule, day(-1)).price).toBeNull();
    expect(priceAt(schedule, day(-1)).nextChangeAt).toBe(day(0));
    expect(priceAt(schedule, day(5))).toMatchObject({ price: 1000, reduced: false, since: day(0), nextChangeAt: day(10) });
    expect(priceAt(schedule, day(10))).toMatchObject({ price: 900, regularPrice: 900, reduced: false, lowestPrice30d: null });
  });

  it('a price set for a future moment takes over then, even over one set later for an earlier moment', () => {
    const schedule = scheduleOf(priceSet(1000, day(0)), priceSet(1200, day(20), day(1)), priceSet(950, day(5), day(5)));
    expect(priceAt(schedule, day(6)).price).toBe(950);
    expect(priceAt(schedule, day(20)).price).toBe(1200);
  });

  it('an offer applies in its period only and reverts by itself', () => {
    const schedule = scheduleOf(priceSet(1000, day(0)), offerScheduled('black-friday', 800, day(40), day(43), day(39)));
    expect(priceAt(schedule, day(39)).price).toBe(1000);
    expect(priceAt(schedule, day(40))).toMatchObject({ price: 800, regularPrice: 1000, reduced: true, nextChangeAt: day(43) });
    expect(priceAt(schedule, day(43, -1)).price).toBe(800);
    expect(priceAt(schedule, day(43))).toMatchObject({ price: 1000, reduced: false, lowestPrice30d: null, offer: null });
    expect(timelineOf(schedule)).toEqual([
      { from: day(0), to: day(40), price: 1000, kind: 'regular', offerId: null },
      { from: day(40), to: day(43), price: 800, kind: 'offer', offerId: 'black-friday' },
      { from: day(43), to: null, price: 1000, kind: 'regular', offerId: null },
    ]);
  });

  it('an offer that is no longer below the regular price (the regular price dropped under it) does not apply', () => {
    const schedule = scheduleOf(priceSet(1000, day(0)), offerScheduled('o', 900, day(40), day(50)), priceSet(850, day(45)));
    expect(priceAt(schedule, day(44))).toMatchObject({ price: 900, reduced: true });
    expect(priceAt(schedule, day(46))).toMatchObject({ price: 850, reduced: false });
  });

  it('of overlapping offers the lowest applies', () => {
    const schedule = scheduleOf(
      priceSet(1000, day(0)),
      offerScheduled('a', 900, day(40), day(50)),
      offerScheduled('b', 800, day(42), day(44)),
    );
    expect(priceAt(schedule, day(41)).price).toBe(900);
    expect(priceAt(schedule, day(43)).offer?.offerId).toBe('b');
    expect(priceAt(schedule, day(45)).price).toBe(900);
  });
});

describe('lowest_price_30d (Omnibus art. 6a)', () => {
  it('is the lowest price applied in the 30 days before the reduction took effect', () => {
    // 1000 until day 20, 950 from day 20: both applied within the 30 days before day 40.
    const schedule = scheduleOf(
      priceSet(1000, day(0)),
      priceSet(950, day(20)),
      priceSet(1100, day(30)),
      offerScheduled('o', 900, day(40), day(45)),
    );
    expect(priceAt(schedule, day(41))).toMatchObject({
      price: 900,
      regularPrice: 1100,
      reduced: true,
      reducedSince: day(40),
      lowestPrice30d: 950,
    });
  });

  it('a price that applied only before the window does not count; one applied into the window does', () => {
    // 700 ends exactly at the window's start (day 10 = day 40 − 30): not applied within it.
    const before = scheduleOf(priceSet(700, day(0)), priceSet(1000, day(10)), offerScheduled('o', 900, day(40), day(45)));
    expect(priceAt(before, day(40)).lowestPrice30d).toBe(1000);
    // 700 still applied at day 10 + 1 hour, inside the window.
    const into = scheduleOf(priceSet(700, day(0)), priceSet(1000, day(10, 1)), offerScheduled('o', 900, day(40), day(45)));
    expect(priceAt(into, day(40)).lowestPrice30d).toBe(700);
  });

  it('a price in force since long before the window counts (it was applied throughout)', () => {
    const schedule = scheduleOf(priceSet(1000, day(-200)), offerScheduled('o', 900, day(40), day(45)));
    expect(priceAt(schedule, day(40)).lowestPrice30d).toBe(1000);
  });

  it('an earlier, lower offer inside the window counts: the reduction is measured against what customers really paid', () => {
    const schedule = scheduleOf(
      priceSet(1000, day(0)),
      offerScheduled('a', 700, day(20), day(25)),
      offerScheduled('b', 850, day(40), day(45)),
    );
    expect(priceAt(schedule, day(41))).toMatchObject({ price: 850, lowestPrice30d: 700 });
  });

  it('consecutive reductions without a break count from the first one', () => {
    // 1000 → offer 900 from day 40 → offer 800 from day 50 (right when the first ends): one run of reductions since day 40.
    const schedule = scheduleOf(
      priceSet(1200, day(0)),
      priceSet(1000, day(15)),
      offerScheduled('first', 900, day(40), day(50)),
      offerScheduled('second', 800, day(50), day(60)),
    );
    const second = priceAt(schedule, day(55));
    expect(second).toMatchObject({ price: 800, reduced: true, reducedSince: day(40) });
    // The window is the 30 days before day 40 (1200 until day 15, 1000 after): not the 30 days before day 50, which held 900.
    expect(second.lowestPrice30d).toBe(1000);
  });

  it('a reduction after a break starts a new window, which includes the earlier reduction', () => {
    const schedule = scheduleOf(
      priceSet(1000, day(0)),
      offerScheduled('first', 900, day(40), day(50)),
      offerScheduled('second', 800, day(51), day(60)),
    );
    expect(priceAt(schedule, day(52))).toMatchObject({ reducedSince: day(51), lowestPrice30d: 900 });
  });

  it('an offer that starts in the future: no reduction now; from its start its window is the 30 days before it', () => {
    const schedule = scheduleOf(
      priceSet(1000, day(0)),
      priceSet(980, day(35), day(1)),
      offerScheduled('future', 850, day(60), day(70), day(1)),
    );
    const now = priceAt(schedule, day(1));
    expect(now).toMatchObject({ price: 1000, reduced: false, lowestPrice30d: null });
    expect(priceAt(schedule, day(60))).toMatchObject({ price: 850, reduced: true, lowestPrice30d: 980 });
  });

  it('price changes inside the window are all taken into account, however short', () => {
    const schedule = scheduleOf(
      priceSet(1000, day(0)),
      priceSet(890, day(25)),
      priceSet(1000, day(25, 2)),
      offerScheduled('o', 950, day(40), day(45)),
    );
    expect(priceAt(schedule, day(40)).lowestPrice30d).toBe(890);
  });

  it('lowestPriceBefore answers null when nothing applied before', () => {
    expect(lowestPriceBefore(timelineOf(scheduleOf(priceSet(1000, day(10)))), day(5))).toBeNull();
  });
});
