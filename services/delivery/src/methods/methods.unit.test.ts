import { describe, expect, it } from 'vitest';
import { availability, DELIVERY_REASONS } from './methods';
import { DELIVERY_FEES, feeFor } from './fees';
import { readyBy } from './ready-by';
import type { WeeklyHours } from '../local-time';

const phone = { code: 'PHONE', quantity: 1, electronic: false };
const licence = { code: 'AV-1Y', quantity: 1, electronic: true };

describe('delivery fees', () => {
  it('charges the table’s fee below free_from and nothing from it', () => {
    expect(feeFor('cz', 'pickup_point', 2_999)).toBe(69);
    expect(feeFor('cz', 'pickup_point', 3_000)).toBe(0);
    expect(feeFor('cz', 'courier', 4_999)).toBe(129);
    expect(feeFor('cz', 'courier', 5_000)).toBe(0);
    expect(feeFor('ro', 'courier', 799)).toBe(19);
    expect(feeFor('ro', 'courier', 800)).toBe(0);
  });

  it('never makes same-day free and never charges a store pickup or an e-mail', () => {
    expect(feeFor('cz', 'same_day_courier', 1_000_000)).toBe(199);
    expect(feeFor('ro', 'same_day_courier', 1_000_000)).toBe(39);
    expect(feeFor('cz', 'store_pickup', 1)).toBe(0);
    expect(feeFor('ro', 'electronic', 1)).toBe(0);
  });

  it('keeps every fee a whole amount', () => {
    for (const market of ['cz', 'ro'] as const)
      for (const fee of Object.values(DELIVERY_FEES[market])) {
        expect(Number.isInteger(fee.fee)).toBe(true);
        if (fee.free_from !== undefined) expect(Number.isInteger(fee.free_from)).toBe(true);
      }
  });
});

describe('which methods a cart can use', () => {
  it('delivers a cart of licences only by e-mail', () => {
    expect(availability('electronic', [licence], { stores: 3 })).toEqual({ available: true });
    for (const method of ['store_pickup', 'pickup_point', 'courier', 'same_day_courier'] as const)
      expect(availability(method, [licence], { stores: 3 })).toEqual({
        available: false,
        reason: DELIVERY_REASONS.electronicOnly,
      });
  });

  it('ships a cart with anything physical in it, never by e-mail', () => {
    expect(availability('electronic', [phone, licence], { stores: 3 })).toEqual({
      available: false,
      reason: DELIVERY_REASONS.notElectronic,
    });
    expect(availability('courier', [phone, licence], { stores: 3 }).available).toBe(true);
    expect(availability('electronic', [], { stores: 3 }).available).toBe(false);
  });

  it('needs a store for a store pickup and a same-day courier', () => {
    expect(availability('store_pickup', [phone], { stores: 0 })).toEqual({ available: false, reason: DELIVERY_REASONS.noStores });
    expect(availability('same_day_courier', [phone], { stores: 0 }).available).toBe(false);
    expect(availability('pickup_point', [phone], { stores: 0 }).available).toBe(true);
  });
});

describe('when a store reservation is ready (spec 9: within 30 minutes)', () => {
  const weekdays = { opens: '09:00', closes: '19:00' };
  const hours: WeeklyHours = {
    mon: weekdays,
    tue: weekdays,
    wed: weekdays,
    thu: weekdays,
    fri: weekdays,
    sat: { opens: '09:00', closes: '12:00' },
    sun: null,
  };

  it('is 30 minutes later while the store is open', () => {
    // Tuesday 2026-11-24, 11:00 in Prague (UTC+1).
    expect(readyBy(hours, new Date('2026-11-24T10:00:00Z'), 'cz')?.toISOString()).toBe('2026-11-24T10:30:00.000Z');
  });

  it('is 30 minutes after opening before the store opens', () => {
    expect(readyBy(hours, new Date('2026-11-24T06:00:00Z'), 'cz')?.toISOString()).toBe('2026-11-24T08:30:00.000Z');
  });

  it('is the next opening day’s morning near or after closing (Saturday noon → Monday 09:30)', () => {
    expect(readyBy(hours, new Date('2026-11-28T10:45:00Z'), 'cz')?.toISOString()).toBe('2026-11-30T08:30:00.000Z');
  });

  it('counts in the market’s zone (Bucharest is an hour ahead of Prague)', () => {
    expect(readyBy(hours, new Date('2026-11-24T06:00:00Z'), 'ro')?.toISOString()).toBe('2026-11-24T07:30:00.000Z');
  });

  it('is null for a store closed all week', () => {
    const closed = Object.fromEntries(Object.keys(hours).map((day) => [day, null])) as unknown as WeeklyHours;
    expect(readyBy(closed, new Date('2026-11-24T10:00:00Z'), 'cz')).toBeNull();
  });
});
