/** A country's outline as the stores map draws it (generated into outlines.ts). */
export interface Outline {
  /** The SVG's viewBox is 0 0 width height. */
  readonly width: number;
  readonly height: number;
  /** Mercator as d3's geoMercator: x = λ·scale + tx, y = −ln(tan(π/4 + φ/2))·scale + ty, λ and φ in radians. */
  readonly scale: number;
  readonly translate: readonly [number, number];
  readonly country: string;
  /** The neighbours' outlines, cut to the view, for context. */
  readonly neighbours: string;
}

const RADIANS = Math.PI / 180;

/**
 * Where a place lands on the map: the same Mercator the outline was drawn
 * with, in three lines, so the page needs no projection library.
 */
export function project(outline: Outline, lng: number, lat: number): { readonly x: number; readonly y: number } {
  const [tx, ty] = outline.translate;
  return {
    x: lng * RADIANS * outline.scale + tx,
    y: -Math.log(Math.tan(Math.PI / 4 + (lat * RADIANS) / 2)) * outline.scale + ty,
  };
}
