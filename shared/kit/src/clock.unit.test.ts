import { describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from './clock';
import { randomId } from './ids';

describe('clock', () => {
  it('a fixed clock always answers the same instant, and callers cannot move it', () => {
    const clock = fixedClock('2025-03-01T10:00:00.000Z');
    const first = clock();
    first.setFullYear(1999);
    expect(clock().toISOString()).toBe('2025-03-01T10:00:00.000Z');
    const source = new Date('2025-01-01T00:00:00Z');
    const fromDate = fixedClock(source);
    source.setFullYear(2000);
    expect(fromDate().toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('a fixed clock refuses an instant that is not a date', () => {
    expect(() => fixedClock('31.12.2025')).toThrow(RangeError);
  });

  it('the system clock tells the current time', () => {
    const before = Date.now();
    const now = systemClock().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('ids', () => {
  it('random ids are distinct UUIDs the event store accepts', () => {
    const ids = Array.from({ length: 100 }, randomId);
    expect(new Set(ids).size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
