import type { LocationKind } from './locations';

/**
 * The stock state the storefront shows (the spec's stock state), from what is
 * available where and the product's flags.
 *
 * - in_stock: the warehouse (which ships orders) has more than
 *   LAST_PIECES_THRESHOLD pieces available;
 * - last_pieces: it has 1 to LAST_PIECES_THRESHOLD;
 * - in_store: the warehouse has none, but a store has (listed in `stores`),
 *   for pickup there;
 * - on_order: none anywhere, but the product is sold on pre-order or shipped
 *   from a supplier's stock (its flags), unless it is discontinued;
 * - unavailable: none of the above.
 */
export const STOCK_AVAILABILITY = ['in_stock', 'last_pieces', 'in_store', 'on_order', 'unavailable'] as const;
export type StockAvailability = (typeof STOCK_AVAILABILITY)[number];

/** Three pieces or fewer are "last pieces": few enough to hurry a buyer, enough that one order rarely empties them. */
export const LAST_PIECES_THRESHOLD = 3;

export interface LocationAvailability {
  readonly location: string;
  readonly kind: LocationKind;
  readonly available: number;
}

export interface ProductFlags {
  readonly preOrder: boolean;
  readonly externalStock: boolean;
  readonly discontinued: boolean;
}

/** One location's state: a warehouse by its count, a store just in_store or not. */
export function locationAvailability(kind: LocationKind, available: number): StockAvailability {
  if (available <= 0) return 'unavailable';
  if (kind === 'store') return 'in_store';
  return available > LAST_PIECES_THRESHOLD ? 'in_stock' : 'last_pieces';
}

export function availabilityOf(
  levels: readonly LocationAvailability[],
  flags: ProductFlags,
): { readonly state: StockAvailability; readonly stores: readonly string[] } {
  const warehouse = levels
    .filter((level) => level.kind === 'warehouse')
    .reduce((sum, level) => sum + Math.max(0, level.available), 0);
  const stores = levels
    .filter((level) => level.kind === 'store' && level.available > 0)
    .map((level) => level.location)
    .sort();
  if (warehouse > LAST_PIECES_THRESHOLD) return { state: 'in_stock', stores };
  if (warehouse > 0) return { state: 'last_pieces', stores };
  if (stores.length > 0) return { state: 'in_store', stores };
  if (!flags.discontinued && (flags.preOrder || flags.externalStock)) return { state: 'on_order', stores };
  return { state: 'unavailable', stores };
}
