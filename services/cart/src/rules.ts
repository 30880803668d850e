import { CART_ERROR_CODES, CART_LIMITS, CART_PER_PIECE_KINDS } from '@buyloop/contracts';
import { IllegalState, ValidationError } from '@buyloop/kit';
import type { ProductOffer } from './offers';

/** Pieces of one line within spec-less but fixed bounds (CART_LIMITS), refused under the request's field. */
export function checkQuantity(quantity: number, field = 'quantity'): void {
  if (!Number.isSafeInteger(quantity) || quantity < CART_LIMITS.minQuantity || quantity > CART_LIMITS.maxQuantity)
    throw new ValidationError(
      CART_ERROR_CODES.quantityOutOfRange,
      { [field]: [CART_ERROR_CODES.quantityOutOfRange] },
      `The quantity must be between ${CART_LIMITS.minQuantity} and ${CART_LIMITS.maxQuantity}`,
      { min: CART_LIMITS.minQuantity, max: CART_LIMITS.maxQuantity },
    );
}

/** The offer of a code the request named, or a field error when the catalogue has no such product. */
export function knownOffer(offer: ProductOffer | null, field: string): ProductOffer {
  if (!offer)
    throw new ValidationError(
      CART_ERROR_CODES.productUnknown,
      { [field]: [CART_ERROR_CODES.productUnknown] },
      'There is no such product',
    );
  return offer;
}

/**
 * Spec 8's 'product not available or not possible to buy': discontinued, no
 * price on this market, or fewer pieces than asked for (a product sold
 * without stock, pre-ordered or from external stock, has no such limit).
 */
export function checkAvailable(offer: ProductOffer, pieces: number): number {
  if (!offer.for_sale || offer.price === null || (offer.available !== null && offer.available < pieces))
    throw unavailable(offer.code, offer.available);
  return offer.price;
}

export const unavailable = (product: string, available: number | null): IllegalState =>
  new IllegalState(CART_ERROR_CODES.productUnavailable, 'The product is not available or cannot be bought', {
    product,
    available: available === null ? null : Math.max(0, available),
  });

export function checkRoomFor(lines: number, adding: number): void {
  if (lines + adding > CART_LIMITS.maxItems)
    throw new IllegalState(CART_ERROR_CODES.tooManyItems, `A cart holds at most ${CART_LIMITS.maxItems} items`, {
      max: CART_LIMITS.maxItems,
    });
}

/** An insurance or a paid warranty extension: it covers each piece of its device. */
export const isPerPiece = (kind: string): boolean => (CART_PER_PIECE_KINDS as readonly string[]).includes(kind);
