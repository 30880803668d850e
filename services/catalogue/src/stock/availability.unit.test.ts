import { describe, expect, it } from 'vitest';
import { availabilityOf, LAST_PIECES_THRESHOLD, locationAvailability } from './availability';

const flags = { preOrder: false, externalStock: false, discontinued: false };
const at = (warehouse: number, ...stores: number[]) => [
  { location: 'cz-central', kind: 'warehouse' as const, available: warehouse },
  ...stores.map((available, i) => ({ location: `store-${i}`, kind: 'store' as const, available })),
];

describe('stock state for the storefront', () => {
  it('in stock above the threshold, last pieces at or below it', () => {
    expect(availabilityOf(at(LAST_PIECES_THRESHOLD + 1), flags).state).toBe('in_stock');
    expect(availabilityOf(at(LAST_PIECES_THRESHOLD), flags).state).toBe('last_pieces');
    expect(availabilityOf(at(1, 5), flags)).toEqual({ state: 'last_pieces', stores: ['store-0'] });
  });

  it('in store when only stores have pieces, naming them', () => {
    expect(availabilityOf(at(0, 0, 2, 1), flags)).toEqual({ state: 'in_store', stores: ['store-1', 'store-2'] });
  });

  it('on order for pre-order or external stock, unless discontinued; unavailable otherwise', () => {
    expect(availabilityOf(at(0, 0), { ...flags, preOrder: true }).state).toBe('on_order');
    expect(availabilityOf(at(0), { ...flags, externalStock: true }).state).toBe('on_order');
    expect(availabilityOf(at(0), { ...flags, externalStock: true, discontinued: true }).state).toBe('unavailable');
    expect(availabilityOf(at(0), flags).state).toBe('unavailable');
  });

  it('per location', () => {
    expect(locationAvailability('warehouse', 10)).toBe('in_stock');
    expect(locationAvailability('warehouse', 2)).toBe('last_pieces');
    expect(locationAvailability('store', 2)).toBe('in_store');
    expect(locationAvailability('store', 0)).toBe('unavailable');
  });
});
