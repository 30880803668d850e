import { describe, expect, it } from 'vitest';
import { groupedDays, localTime, openState, type OpeningHours } from './opening-hours';

const hours: OpeningHours = {
  mon: { opens: '09:00', closes: '20:00' },
  tue: { opens: '09:00', closes: '20:00' },
  wed: { opens: '09:00', closes: '20:00' },
  thu: { opens: '09:00', closes: '20:00' },
  fri: { opens: '09:00', closes: '20:00' },
  sat: { opens: '09:00', closes: '18:00' },
  sun: null,
};

describe('open now, in the market’s time zone', () => {
  it('is open between opening and closing on the shop’s clock, whatever the visitor’s clock says', () => {
    // 18:30 UTC on Tuesday 24 November is 19:30 in Prague and 20:30 in Bucharest.
    const at = new Date('2026-11-24T18:30:00Z');
    expect(openState(hours, at, 'Europe/Prague')).toEqual({ open: true, closes: '20:00' });
    expect(openState(hours, at, 'Europe/Bucharest')).toEqual({ open: false, opens: { day: 'wed', time: '09:00', today: false } });
  });

  it('closes at the closing minute and says when it opens later today', () => {
    expect(openState(hours, new Date('2026-11-24T19:00:00Z'), 'Europe/Prague').open).toBe(false);
    expect(openState(hours, new Date('2026-11-24T06:00:00Z'), 'Europe/Prague')).toEqual({
      open: false,
      opens: { day: 'tue', time: '09:00', today: true },
    });
  });

  it('skips closed days to the next opening, and knows summer time', () => {
    // Saturday 18:30 in Prague (summer time, UTC+2): closed, Sunday closed, next Monday.
    expect(openState(hours, new Date('2026-07-04T16:30:00Z'), 'Europe/Prague')).toEqual({
      open: false,
      opens: { day: 'mon', time: '09:00', today: false },
    });
    expect(localTime(new Date('2026-07-04T16:30:00Z'), 'Europe/Prague')).toEqual({ day: 'sat', minute: 18 * 60 + 30 });
    expect(openState({}, new Date('2026-07-04T16:30:00Z'), 'Europe/Prague')).toEqual({ open: false, opens: null });
  });

  it('groups days in a row with the same hours', () => {
    expect(groupedDays(hours)).toEqual([
      { from: 'mon', to: 'fri', slot: { opens: '09:00', closes: '20:00' } },
      { from: 'sat', to: 'sat', slot: { opens: '09:00', closes: '18:00' } },
      { from: 'sun', to: 'sun', slot: null },
    ]);
  });
});
