import type { InstallmentArrangement, WarrantyBonusMonths } from '@buyloop/contracts';
import type { Currency, DomainEvent } from '@buyloop/kit';

/**
 * One line of a cart as its events record it. The price is the one the
 * catalogue showed when the item was added (whole CZK or lei with VAT):
 * the cart shows what the visitor chose at; the checkout checks every price
 * again against the catalogue before an order is placed (issue 15, point 4).
 */
export interface CartItem {
  readonly item_id: string;
  readonly product: string;
  readonly name: string;
  /** The catalogue's kind: device, accessory, insurance, warranty_extension, service. */
  readonly kind: string;
  readonly quantity: number;
  readonly unit_price: number;
  readonly vat_rate: number;
  readonly currency: Currency;
  /** The device item this one was bought with (a package, spec 7's cart_package_item_parent_id); null at the top. */
  readonly parent_item_id: string | null;
  readonly installment: InstallmentArrangement | null;
  /** A paid warranty extension's months (its own child item carries the price). */
  readonly warranty_months: number | null;
  /** Spec 9's free warranty bonus on a device. */
  readonly warranty_bonus_months: WarrantyBonusMonths | null;
  /** The product's catalogue categories when it was added (discounts limited to categories); absent on older lines. */
  readonly categories?: readonly string[];
}

export type CartEvent =
  | DomainEvent<'CartItemAdded', { readonly item: CartItem; readonly at: string }>
  | DomainEvent<
      'CartItemQuantityChanged',
      {
        readonly item_id: string;
        readonly quantity: number;
        /**
         * The catalogue's price when the pieces were raised: a raise is bought at
         * today's price, so the whole line is re-priced. Absent when lowered
         * (and in events recorded before re-pricing): the line keeps its price.
         */
        readonly unit_price?: number;
        readonly at: string;
      }
    >
  | DomainEvent<
      'CartItemRemoved',
      {
        readonly item_id: string;
        /** The item and the items of its package, removed with it. */
        readonly removed_item_ids: readonly string[];
        readonly at: string;
      }
    >
  | DomainEvent<'WarrantyBonusAdded', { readonly item_id: string; readonly months: WarrantyBonusMonths; readonly at: string }>
  | DomainEvent<'WarrantyBonusRemoved', { readonly item_id: string; readonly at: string }>
  /** An anonymous cart's items taken into this (the account's) cart when its holder signed in. */
  | DomainEvent<
      'CartMerged',
      {
        readonly from_cart: string;
        /** New lines (whole packages), under ids derived from the anonymous cart's. */
        readonly items: readonly CartItem[];
        /** Plain lines of this cart raised by the same product's plain line of the anonymous cart, re-priced. */
        readonly raised?: readonly MergedRaise[];
        /** The anonymous cart's item ids taken (absent in events recorded before partial merges). */
        readonly taken?: readonly string[];
        /** The anonymous cart's codes this cart did not hold, now held here too (a buy-back bonus follows as BuybackBonusAttached). */
        readonly discount_codes?: readonly AppliedDiscountCode[];
        /** Every code of the anonymous cart the merge looked at (taken, held already, or dropped): a merge said again skips them. */
        readonly taken_codes?: readonly string[];
        readonly dropped_codes?: readonly MergeDroppedCode[];
        /** Buy-back bonuses of the anonymous cart not brought here, and why. */
        readonly dropped_bonuses?: readonly MergeDroppedBonus[];
        readonly at: string;
      }
    >
  /** This anonymous cart was taken whole into an account's cart: it takes no more commands. */
  | DomainEvent<'CartHandedOver', { readonly into_cart: string; readonly at: string }>
  /** An order was placed from this cart (issue 15's finish): the cart is emptied and takes new items afresh. */
  | DomainEvent<'CartCheckedOut', { readonly order_number: string; readonly at: string }>
  /**
   * Some of this anonymous cart's items were taken into an account's cart;
   * the rest (whole packages that did not fit) stay here, and the cart stays open.
   */
  | DomainEvent<'CartItemsHandedOver', { readonly into_cart: string; readonly item_ids: readonly string[]; readonly at: string }>
  /** A discount code (or an ISIC card, listed as `ISIC`) the visitor applied; it is priced whenever the cart is read. */
  | DomainEvent<'DiscountCodeApplied', { readonly discount: AppliedDiscountCode; readonly at: string }>
  | DomainEvent<'DiscountCodeRemoved', { readonly code: string; readonly at: string }>
  /** Spec 9's buy-back bonus on a device line: worked out from the buy-back's offered price at the time (`basis`). */
  | DomainEvent<'BuybackBonusAttached', { readonly bonus: BuybackBonus; readonly at: string }>
  /** The customer took it off, another buy-back replaced it, or the buy-back fell through (`clawed_back`). */
  | DomainEvent<
      'BuybackBonusRemoved',
      {
        readonly item_id: string;
        readonly buyback_number: string;
        readonly reason: 'customer' | 'replaced' | 'clawed_back';
        readonly at: string;
      }
    >
  /** The buy-back's offer was revised below the bonus's basis: the bonus is worked out again from the new price. */
  | DomainEvent<
      'BuybackBonusReduced',
      {
        readonly item_id: string;
        readonly buyback_number: string;
        readonly amount: number;
        /** The buy-back's price that reduced it. */
        readonly price: number;
        readonly at: string;
      }
    >;

/** A buy-back bonus a device line holds (one buy-back gives one bonus). */
export interface BuybackBonus {
  readonly item_id: string;
  readonly buyback_number: string;
  /** Whole units off the total. */
  readonly amount: number;
  /** The share of the offered price. */
  readonly percent: number;
  /** The buy-back's offered price when the bonus was given: a lower price later claws (part of) it back. */
  readonly basis: number;
  /** The most it may be: the market's maximum, and never more than the device's price when it was given. */
  readonly cap: number;
}

/** The bonus a buy-back price gives: its share, rounded to whole units, at most the cap. */
export const buybackBonusAmount = (price: number, percent: number, cap: number): number =>
  Math.max(0, Math.min(Math.round((price * percent) / 100), cap));

/** A code the cart holds: which definition it named when applied, and the ISIC card it came with. */
export interface AppliedDiscountCode {
  readonly code: string;
  readonly kind: 'code' | 'isic';
  readonly discount_id: string;
  /** A generated code: one order may use it (claimed at the checkout). */
  readonly single_use: boolean;
  /** Spec 5: an ISIC card's number and holder, as the visitor gave them. */
  readonly card: { readonly number: string; readonly holder: string } | null;
}

/** A code a merge did not bring: the account's cart held as many codes as a cart may. */
export interface MergeDroppedCode {
  readonly code: string;
  readonly reason: 'too_many_codes';
}

/**
 * A buy-back bonus a merge did not bring: its device line stayed in the
 * anonymous cart (no room; the bonus stays there with it), or this cart
 * already holds the same buy-back's bonus (one buy-back, one bonus).
 */
export interface MergeDroppedBonus {
  readonly item_id: string;
  readonly buyback_number: string;
  readonly reason: 'device_left_behind' | 'buyback_bonus_held';
}

export interface MergedRaise {
  readonly item_id: string;
  readonly quantity: number;
  readonly unit_price: number;
}

export type CartEventType = CartEvent['type'];

export const CART_EVENT_TYPES = [
  'CartItemAdded',
  'CartItemQuantityChanged',
  'CartItemRemoved',
  'WarrantyBonusAdded',
  'WarrantyBonusRemoved',
  'CartMerged',
  'CartHandedOver',
  'CartCheckedOut',
  'CartItemsHandedOver',
  'DiscountCodeApplied',
  'DiscountCodeRemoved',
  'BuybackBonusAttached',
  'BuybackBonusRemoved',
  'BuybackBonusReduced',
] as const satisfies readonly CartEventType[];

/** `cart-<id>`: a visitor's cart by a random id its cookie holds, or an account's by the account's id. */
export const CART_STREAM_CATEGORY = 'cart';
export const cartStream = (cartId: string): string => `${CART_STREAM_CATEGORY}-${cartId}`;
export const cartIdOfStream = (stream: string): string | null =>
  stream.startsWith(`${CART_STREAM_CATEGORY}-`) ? stream.slice(CART_STREAM_CATEGORY.length + 1) : null;

/** An account's cart id: `user_` never starts an anonymous id (64 lower-case hex digits). */
export const accountCartId = (userId: string): string => `user_${userId}`;
export const ANONYMOUS_CART_ID = /^[0-9a-f]{64}$/;
