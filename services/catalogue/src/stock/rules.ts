import { IllegalState, ValidationError } from '@buyloop/kit';
import type { StockState } from './state';

/** Stable error codes of the stock area (texts: shared/i18n catalogue-stock.ts). */
export const STOCK_ERRORS = {
  notWhole: 'catalogue.stock.not_whole',
  negative: 'catalogue.stock.negative',
  zero: 'catalogue.stock.zero_quantity',
  tooMany: 'catalogue.stock.too_many',
  sameLocation: 'catalogue.stock.same_location',
  expiryPast: 'catalogue.stock.expiry_past',
  expiryTooFar: 'catalogue.stock.expiry_too_far',
  dateInvalid: 'catalogue.stock.date_invalid',
  insufficient: 'catalogue.stock.insufficient',
  countBelowReserved: 'catalogue.stock.count_below_reserved',
  reservationExists: 'catalogue.stock.reservation_exists',
  reservationClosed: 'catalogue.stock.reservation_closed',
  reservationExpired: 'catalogue.stock.reservation_expired',
  reservationNotFound: 'catalogue.stock.reservation_not_found',
  productNotFound: 'catalogue.stock.product_not_found',
  locationNotFound: 'catalogue.stock.location_not_found',
  locationInvalid: 'catalogue.stock.location_invalid',
} as const;

/** More pieces than this in one receipt, transfer or reservation is a typing error. */
export const MAX_QUANTITY = 100_000;
/** A count above this is one too. */
export const MAX_ON_HAND = 1_000_000;
/** A reservation is held at most this long (a cart's hold, a store pickup's few days). */
export const MAX_RESERVATION_DAYS = 14;

/** Message keys for a number of pieces: whole, not negative, not zero unless `zero` allows it, not absurd. */
export function quantityProblems(value: unknown, options: { zero: boolean; max: number }): string[] {
  if (typeof value !== 'number' || !Number.isFinite(value)) return ['validation.invalid_type'];
  if (!Number.isInteger(value)) return [STOCK_ERRORS.notWhole];
  if (value < 0) return [STOCK_ERRORS.negative];
  if (value === 0 && !options.zero) return [STOCK_ERRORS.zero];
  if (value > options.max) return [STOCK_ERRORS.tooMany];
  return [];
}

/** Throws one ValidationError listing every field's problems; does nothing when there are none. */
export function throwIfInvalid(errors: Readonly<Record<string, readonly string[]>>, message: string): void {
  const present = Object.fromEntries(Object.entries(errors).filter(([, codes]) => codes.length > 0));
  if (Object.keys(present).length > 0) throw new ValidationError('validation.failed', present, message);
}

export function insufficient(state: StockState, available: number, requested: number): IllegalState {
  return new IllegalState(
    STOCK_ERRORS.insufficient,
    `Only ${available} of ${state.code ?? '?'} available at ${state.location ?? '?'}, ${requested} asked for`,
    { available: Math.max(0, available), requested, code: state.code ?? '', location: state.location ?? '' },
  );
}
