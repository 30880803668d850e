/**
 * The cart's words as the API, the write side and the storefront agree on
 * them: plain lists and limits with no zod, so a browser bundle may import
 * them (the HTTP schemas are in `./http.ts`).
 */

/** Spec 3: an item bought in installments is arranged in a store or online. */
export const INSTALLMENT_ARRANGEMENTS = ['on-store', 'online'] as const;
export type InstallmentArrangement = (typeof INSTALLMENT_ARRANGEMENTS)[number];

/**
 * Spec 9's free warranty bonus on a device: one extra year on the two-year
 * legal warranty, or three years extra.
 */
export const WARRANTY_BONUS_MONTHS = [12, 36] as const;
export type WarrantyBonusMonths = (typeof WARRANTY_BONUS_MONTHS)[number];

/**
 * The spec names no numbers for these (spec 5 only has "min/max value"), so
 * they are ours: pieces of one item, and lines in one cart. They are generous
 * for a household and small enough that one cart never becomes a stock
 * hoarding tool or an event stream that is dear to fold.
 */
export const CART_LIMITS = {
  /** Pieces of one cart item. */
  minQuantity: 1,
  maxQuantity: 10,
  /** Lines in a cart, child items (insurance, accessories, warranty extensions) included. */
  maxItems: 50,
} as const;

/** What a cart item may be a child of, and what may hang under a device (spec 7: cart_package_item_parent_id). */
export const CART_PARENT_KIND = 'device';

/**
 * Kinds that cover each piece of their device (an insurance, a paid warranty
 * extension): they exist only under a device, are added with it
 * (`insurance_id`, `warranty_months`) and their pieces follow the device's.
 */
export const CART_PER_PIECE_KINDS = ['insurance', 'warranty_extension'] as const;

/** The cart's refusal codes (texts in @buyloop/i18n `cart.*`). */
export const CART_ERROR_CODES = {
  productUnknown: 'cart.product_unknown',
  productUnavailable: 'cart.product_unavailable',
  quantityOutOfRange: 'cart.quantity_out_of_range',
  tooManyItems: 'cart.too_many_items',
  itemNotFound: 'cart.item_not_found',
  parentNotDevice: 'cart.parent_not_device',
  childIsDevice: 'cart.child_is_device',
  insuranceNeedsDevice: 'cart.insurance_needs_device',
  notInsurance: 'cart.not_insurance',
  warrantyUnavailable: 'cart.warranty_unavailable',
  bonusNeedsDevice: 'cart.bonus_needs_device',
  cartMerged: 'cart.merged',
  coverNeedsDevice: 'cart.cover_needs_device',
  quantityFollowsDevice: 'cart.quantity_follows_device',
} as const;
