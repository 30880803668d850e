import type { Variant } from './types';

export type Axis = 'colour' | 'capacity' | 'quality';
export const AXES: readonly Axis[] = ['colour', 'capacity', 'quality'];

/** A tab id for an axis value: unique over the page, so a URL fragment (#quality-A) names one tab of one list. */
export const tabId = (axis: Axis, value: string): string => `${axis}-${value.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export interface AxisValue {
  readonly value: string;
  readonly label: string;
  readonly disabled: boolean;
  /** The cheapest price among this value's variants that can be bought. */
  readonly from: number | null;
}

/**
 * The values of one axis the product's variants take, in the order the variants come. A value
 * whose every variant is sold out is disabled (spec 2: a disabled tab cannot be chosen), unless
 * all of them are, when the visitor must still see what there is.
 */
export function axisValues(variants: readonly Variant[], axis: Axis): AxisValue[] {
  const seen = new Map<string, { label: string; prices: number[]; any: boolean }>();
  for (const variant of variants) {
    const value = variant[axis];
    if (!value) continue;
    const entry = seen.get(value) ?? {
      label: axis === 'quality' ? (variant.quality_name ?? value) : value,
      prices: [],
      any: false,
    };
    if (variant.stock_state !== 'sold_out') {
      entry.prices.push(variant.price);
      entry.any = true;
    }
    seen.set(value, entry);
  }
  const values = [...seen.entries()].map(([value, entry]) => ({
    value,
    label: entry.label,
    disabled: !entry.any,
    from: entry.prices.length > 0 ? Math.min(...entry.prices) : null,
  }));
  return values.every((v) => v.disabled) ? values.map((v) => ({ ...v, disabled: false })) : values;
}

/**
 * The variant for the chosen values: the exact one, else the one matching most of the choices
 * (quality first, then capacity, then colour: what changes the price most), buyable before sold out.
 */
export function chooseVariant(variants: readonly Variant[], chosen: Partial<Record<Axis, string>>): Variant | null {
  const weight = { quality: 4, capacity: 2, colour: 1 } as const;
  let best: { variant: Variant; score: number } | null = null;
  for (const variant of variants) {
    let score = variant.stock_state === 'sold_out' ? 0 : 0.5;
    for (const axis of AXES) if (chosen[axis] && variant[axis] === chosen[axis]) score += weight[axis];
    if (!best || score > best.score) best = { variant, score };
  }
  return best?.variant ?? null;
}

/** Whether a variant matches every chosen value (else the page says the closest one is shown). */
export const matchesAll = (variant: Variant, chosen: Partial<Record<Axis, string>>): boolean =>
  AXES.every((axis) => !chosen[axis] || variant[axis] === chosen[axis]);
