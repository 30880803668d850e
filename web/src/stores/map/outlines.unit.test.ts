import { describe, expect, it } from 'vitest';
import { geoMercator } from 'd3-geo';
import { outlines } from './outline-generator';
import { OUTLINES } from './outlines';
import { project } from './project';

describe('the stores map’s outlines', () => {
  it('are what the generator makes of world-atlas (regenerate outlines.ts when this fails)', () => {
    expect(OUTLINES).toEqual(outlines());
  });

  it('place a store where d3’s Mercator of the outline places it, inside the view', () => {
    for (const [market, [lng, lat]] of [
      ['cz', [14.4262, 50.0853]],
      ['ro', [27.5805, 47.1661]],
    ] as const) {
      const outline = OUTLINES[market];
      const d3 = geoMercator()
        .scale(outline.scale)
        .translate([...outline.translate])([lng, lat])!;
      const ours = project(outline, lng, lat);
      expect(ours.x).toBeCloseTo(d3[0], 6);
      expect(ours.y).toBeCloseTo(d3[1], 6);
      expect(ours.x).toBeGreaterThan(0);
      expect(ours.x).toBeLessThan(outline.width);
      expect(ours.y).toBeGreaterThan(0);
      expect(ours.y).toBeLessThan(outline.height);
    }
  });
});
