import { describe, expect, it } from 'vitest';
import { boxAround, nearest } from './nearest';
import { distanceM, fold, townOf } from '../geo';

const praha = { lat: 50.0755, lng: 14.4378 };

describe('nearest-first search', () => {
  it('orders by distance and gives metres', () => {
    const far = { id: 'far', lat: 50.2, lng: 14.4378 };
    const near = { id: 'near', lat: 50.08, lng: 14.4378 };
    const { places } = nearest([far, near], praha, 10, 1_000_000);
    expect(places.map((p) => p.id)).toEqual(['near', 'far']);
    // 0.0045° of latitude is 500 m.
    expect(places[0]!.distance_m).toBe(500);
  });

  it('is final only when the limit-th place lies within the box’s circle', () => {
    const candidates = [
      { id: 'a', lat: 50.076, lng: 14.4378 },
      { id: 'b', lat: 50.1, lng: 14.4378 },
    ];
    expect(nearest(candidates, praha, 2, 3_000).final).toBe(true);
    expect(nearest(candidates, praha, 3, 3_000).final).toBe(false);
    expect(nearest([{ id: 'c', lat: 50.1, lng: 14.4378 }], praha, 1, 1_000).final).toBe(false);
  });

  it('draws a box that holds the circle', () => {
    const box = boxAround(praha, 10_000);
    expect(distanceM(praha, { lat: box.lat.lte, lng: praha.lng })).toBeCloseTo(10_000, -1);
    expect(distanceM(praha, { lat: praha.lat, lng: box.lng.lte })).toBeCloseTo(10_000, -1);
  });
});

describe('folding', () => {
  it('ignores accents and case, and a town’s district', () => {
    expect(fold('  České   Budějovice ')).toBe('ceske budejovice');
    expect(fold('Ștefan Şerban')).toBe('stefan serban');
    expect(townOf('Praha 10')).toBe('praha');
    expect(townOf('București, Sector 3')).toBe('bucuresti');
  });
});
