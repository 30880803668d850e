import { describe, expect, it } from 'vitest';
import { SandboxCarrier, SAME_DAY_RADIUS_M } from './sandbox-carrier';
import { sandboxFeed, SANDBOX_FEED_SIZE } from './feed';
import { TOWNS } from './gazetteer';
import { distanceM } from '../geo';
import type { CollectionStore } from '../carrier/carrier';

const carrier = new SandboxCarrier(() => 'http://127.0.0.1:1');
const open = { opens: '09:00', closes: '19:00' };
const praha: CollectionStore = {
  id: 'cz-praha',
  city: 'Praha 1',
  lat: 50.0866,
  lng: 14.4237,
  openingHours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: null },
};
// Tuesday 2026-11-24, 10:20 in Prague.
const morning = new Date('2026-11-24T09:20:00Z');

describe('the sandbox feed', () => {
  it('is the same on every run, a few thousand points per market, within the towns', () => {
    const cz = sandboxFeed('cz');
    expect(cz).toEqual(sandboxFeed('cz'));
    expect(cz).toHaveLength(SANDBOX_FEED_SIZE.cz);
    expect(new Set(cz.map((point) => point.id)).size).toBe(cz.length);
    for (const point of cz.slice(0, 300)) {
      const town = TOWNS.cz.find((candidate) => candidate.name === point.city)!;
      expect(distanceM(point, town)).toBeLessThanOrEqual(town.radiusKm * 1000 + 50);
      expect(point.zip).toMatch(/^\d{3} \d{2}$/);
    }
    expect(sandboxFeed('ro').every((point) => /^\d{6}$/.test(point.zip))).toBe(true);
  });

  it('has some congested or closed points, most open', () => {
    const statuses = sandboxFeed('cz').map((point) => point.status);
    const unavailable = statuses.filter((status) => status !== 'open').length;
    expect(unavailable).toBeGreaterThan(20);
    expect(unavailable).toBeLessThan(statuses.length / 10);
  });
});

describe('courier timeslots', () => {
  it('offers the next five working days from tomorrow, skipping Sunday, in local windows', () => {
    // Friday 2026-11-27 → Sat, Mon, Tue, Wed, Thu.
    const slots = carrier.courierTimeslots({ market: 'cz', zip: '602 00', at: new Date('2026-11-27T12:00:00Z') });
    const days = [...new Set(slots.map((slot) => slot.id.slice(8, 18)))];
    expect(days).toEqual(['2026-11-28', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    // Brno: mornings and afternoons only; 08:00 Prague time is 07:00 UTC in winter.
    expect(slots).toHaveLength(10);
    expect(slots[0]).toMatchObject({
      id: 'courier-2026-11-28-0800-1200',
      from: '2026-11-28T07:00:00.000Z',
      to: '2026-11-28T11:00:00.000Z',
    });
  });

  it('adds the evening window in Prague and Bucharest', () => {
    expect(carrier.courierTimeslots({ market: 'cz', zip: '110 00', at: morning })).toHaveLength(15);
    expect(carrier.courierTimeslots({ market: 'ro', zip: '010011', at: morning })).toHaveLength(15);
    expect(carrier.courierTimeslots({ market: 'ro', zip: '400001', at: morning })).toHaveLength(10);
  });

  it('marks some windows full, the same ones every time', () => {
    const slots = carrier.courierTimeslots({ market: 'cz', zip: '110 00', at: morning });
    expect(slots.some((slot) => !slot.available)).toBe(true);
    expect(slots.some((slot) => slot.available)).toBe(true);
    expect(carrier.courierTimeslots({ market: 'cz', zip: '11000', at: morning })).toEqual(slots);
  });
});

describe('same-day courier (liftago check)', () => {
  it('rides within the store’s town, in two-hour windows from an hour after now until the store closes', () => {
    const answer = carrier.sameDay({
      market: 'cz',
      store: praha,
      address: { street: 'Vinohradská 12', city: 'Praha 2' },
      at: morning,
    });
    if (!answer.available) throw new Error(`expected available, got ${answer.reason}`);
    expect(answer.timeslots.map((slot) => slot.id)).toEqual([
      'same_day-cz-praha-2026-11-24-1200',
      'same_day-cz-praha-2026-11-24-1400',
      'same_day-cz-praha-2026-11-24-1600',
      'same_day-cz-praha-2026-11-24-1800',
    ]);
  });

  it('refuses another town, a closed store and a late hour', () => {
    expect(
      carrier.sameDay({ market: 'cz', store: praha, address: { street: 'Masarykova 1', city: 'Brno' }, at: morning }),
    ).toEqual({
      available: false,
      reason: 'delivery.same_day_other_town',
      timeslots: [],
    });
    // Sunday: closed.
    const sunday = carrier.sameDay({
      market: 'cz',
      store: praha,
      address: { street: 'Vinohradská 12', city: 'Praha' },
      at: new Date('2026-11-29T10:00:00Z'),
    });
    expect(sunday).toMatchObject({ available: false, reason: 'delivery.same_day_closed' });
    const late = carrier.sameDay({
      market: 'cz',
      store: praha,
      address: { street: 'Vinohradská 12', city: 'Praha' },
      at: new Date('2026-11-24T17:30:00Z'),
    });
    expect(late).toMatchObject({ available: false, reason: 'delivery.same_day_closed' });
  });

  it('refuses addresses the sandbox places beyond the radius, and decides each address the same way every time', () => {
    const answers = [
      'Dlouhá',
      'Krátká',
      'Polní',
      'Luční',
      'Lesní',
      'Horní',
      'Dolní',
      'Sadová',
      'Tovární',
      'Pražská',
      'Školní',
      'Zahradní',
    ].map((street) =>
      carrier.sameDay({ market: 'cz', store: praha, address: { street: `${street} 5`, city: 'Praha' }, at: morning }),
    );
    expect(answers.some((answer) => !answer.available && answer.reason === 'delivery.same_day_too_far')).toBe(true);
    expect(answers.some((answer) => answer.available)).toBe(true);
    expect(SAME_DAY_RADIUS_M).toBeGreaterThan(0);
    expect(carrier.sameDay({ market: 'cz', store: praha, address: { street: 'Dlouhá 5', city: 'Praha' }, at: morning })).toEqual(
      answers[0],
    );
  });
});
