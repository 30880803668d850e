import { describe, expect, it } from 'vitest';
import { niceStep, priceAt, priceAxis, stepSeries, type PriceChange } from './price-chart';

const at = (iso: string) => new Date(iso).getTime();

describe('the price history as a step line', () => {
  const changes: PriceChange[] = [
    { price: 12990, from: '2026-01-01T00:00:00Z' },
    { price: 11990, from: '2026-02-01T00:00:00Z' },
    { price: 9990, from: '2026-02-10T00:00:00Z', to: '2026-02-20T00:00:00Z', offer: true },
  ];

  it('knows the price in force: an offer over the regular price only while it runs', () => {
    expect(priceAt(changes, at('2025-12-31T00:00:00Z'))).toBeNull();
    expect(priceAt(changes, at('2026-01-15T00:00:00Z'))).toEqual({ price: 12990, offer: false });
    expect(priceAt(changes, at('2026-02-15T00:00:00Z'))).toEqual({ price: 9990, offer: true });
    expect(priceAt(changes, at('2026-02-20T00:00:00Z'))).toEqual({ price: 11990, offer: false });
  });

  it('has a point wherever the price changes and runs on to now', () => {
    const now = at('2026-03-01T00:00:00Z');
    expect(stepSeries(changes, now)).toEqual([
      { at: at('2026-01-01T00:00:00Z'), price: 12990, offer: false },
      { at: at('2026-02-01T00:00:00Z'), price: 11990, offer: false },
      { at: at('2026-02-10T00:00:00Z'), price: 9990, offer: true },
      { at: at('2026-02-20T00:00:00Z'), price: 11990, offer: false },
      { at: now, price: 11990, offer: false },
    ]);
  });

  it('runs on to a change planned ahead of now', () => {
    const now = at('2026-01-10T00:00:00Z');
    const planned = stepSeries(changes.slice(0, 2), now);
    expect(planned[planned.length - 1]).toEqual({ at: at('2026-02-01T00:00:00Z'), price: 11990, offer: false });
  });

  it('drops a repeated price and an unreadable date', () => {
    const series = stepSeries(
      [
        { price: 500, from: '2026-01-01T00:00:00Z' },
        { price: 500, from: '2026-01-05T00:00:00Z' },
        { price: 400, from: 'nonsense' },
      ],
      at('2026-01-10T00:00:00Z'),
    );
    expect(series.map((p) => p.price)).toEqual([500, 500]);
    expect(series).toHaveLength(2);
    expect(stepSeries([], Date.now())).toEqual([]);
  });

  it('keeps the Omnibus line inside the y axis, on round ticks', () => {
    const series = stepSeries(changes, at('2026-03-01T00:00:00Z'));
    const { domain, ticks } = priceAxis(series, 8990);
    expect(domain[0]).toBeLessThan(8990);
    expect(domain[1]).toBeGreaterThan(12990);
    expect(domain[0]).toBeGreaterThanOrEqual(0);
    expect(ticks[0]).toBe(domain[0]);
    expect(ticks[ticks.length - 1]).toBe(domain[1]);
    const step = (ticks[1] ?? 0) - (ticks[0] ?? 0);
    expect([1000, 2000, 2500]).toContain(step);
    expect(ticks.every((tick) => tick % step === 0)).toBe(true);
    expect(priceAxis([], null)).toEqual({ domain: [0, 1], ticks: [0, 1] });
  });

  it('keeps one price off the axis’ edges', () => {
    const { domain } = priceAxis([{ at: 0, price: 499, offer: false }], null);
    expect(domain[0]).toBeLessThan(499);
    expect(domain[1]).toBeGreaterThan(499);
  });

  it('picks round steps', () => {
    expect(niceStep(4000)).toBe(1000);
    expect(niceStep(6000)).toBe(2000);
    expect(niceStep(9000)).toBe(2500);
    expect(niceStep(18)).toBe(5);
    expect(niceStep(0)).toBe(1);
  });
});
