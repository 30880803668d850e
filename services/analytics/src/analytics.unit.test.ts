import { describe, expect, it } from 'vitest';
import { IllegalState, parseInput, ValidationError } from '@buyloop/kit';
import { deciderSpec } from '@buyloop/kit/spec';
import { MAX_BATCH, visitBatchSchema } from './contracts';
import { visitsDecider } from './decider';
import { ClientThrottle } from './throttle';

const { given } = deciderSpec(visitsDecider);

describe('recording a batch of visits', () => {
  it('turns each page view and element view into its event, in order', () => {
    given()
      .when({
        type: 'RecordVisits',
        visits: [
          { type: 'page_view', page_type: 'catalog', registered: true, path: '/mobilni-telefony' },
          { type: 'view', element_id: 'IPH15-128', element_kind: 'product_tile', page_type: 'catalog' },
        ],
      })
      .then(
        { type: 'PageViewed', data: { page_type: 'catalog', registered: true, path: '/mobilni-telefony' } },
        { type: 'ElementViewed', data: { element_id: 'IPH15-128', element_kind: 'product_tile', page_type: 'catalog' } },
      );
  });

  it('refuses to record into a batch stream twice, which would count its visits twice', () => {
    given({ type: 'PageViewed', data: { page_type: 'home_page', registered: false, path: '/' } })
      .when({ type: 'RecordVisits', visits: [{ type: 'page_view', page_type: 'home_page', registered: false, path: '/' }] })
      .thenThrows(IllegalState, 'analytics.batch_recorded');
  });
});

describe('the batch contract', () => {
  const refusal = (body: unknown): Record<string, readonly string[]> => {
    try {
      parseInput(visitBatchSchema, body);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return { ...(error as ValidationError).fieldErrors };
    }
    throw new Error('accepted');
  };

  it('names the field of an unknown page type, a path with a query, a missing flag and an unknown field', () => {
    expect(
      Object.keys(
        refusal({
          events: [
            { type: 'page_view', page_type: 'checkout_v2', registered: false, path: '/' },
            { type: 'page_view', page_type: 'home_page', registered: false, path: '/vykup/stav/1?token=secret' },
            { type: 'page_view', page_type: 'home_page', path: '/' },
            { type: 'view', element_id: 'A1', element_kind: 'banner', page_type: 'home_page', user: 'x' },
          ],
        }),
      ).sort(),
    ).toEqual(['events.0.page_type', 'events.1.path', 'events.2.registered', 'events.3.user']);
  });

  it('takes between 1 and MAX_BATCH events', () => {
    const view = { type: 'view', element_id: 'A1', element_kind: 'banner', page_type: 'home_page' };
    expect(Object.keys(refusal({ events: [] }))).toEqual(['events']);
    expect(Object.keys(refusal({ events: Array.from({ length: MAX_BATCH + 1 }, () => view) }))).toEqual(['events']);
    expect(parseInput(visitBatchSchema, { events: Array.from({ length: MAX_BATCH }, () => view) }).events).toHaveLength(
      MAX_BATCH,
    );
  });
});

describe('the per-client throttle', () => {
  it('lets each address send its limit per window, refuses the next with the seconds left, and starts again after', () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    const throttle = new ClientThrottle(() => new Date(now), { perClient: 2, windowMs: 60_000 });
    expect(throttle.take('10.0.0.1')).toBeNull();
    expect(throttle.take('10.0.0.1')).toBeNull();
    expect(throttle.take('10.0.0.2')).toBeNull();
    now += 15_000;
    expect(throttle.take('10.0.0.1')).toBe(45);
    now += 45_000;
    expect(throttle.take('10.0.0.1')).toBeNull();
  });
});
