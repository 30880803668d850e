import type { InstallmentArrangement, WarrantyBonusMonths } from '@buyloop/contracts';
import type { Currency, DomainEvent } from '@buyloop/kit';

/** A line of an order: the cart's line at the price checked again at finish (whole CZK or lei with VAT). */
export interface OrderLine {
  readonly item_id: string;
  readonly parent_item_id: string | null;
  readonly product: string;
  readonly name: string;
  readonly kind: string;
  readonly quantity: number;
  readonly unit_price: number;
  readonly vat_rate: number;
  readonly installment: InstallmentArrangement | null;
  readonly warranty_months: number | null;
  readonly warranty_bonus_months: WarrantyBonusMonths | null;
}

export interface OrderAddress {
  readonly street: string;
  readonly city: string;
  readonly zip: string;
  readonly country: string;
  readonly company?: string;
  readonly company_id?: string;
  readonly vat_id?: string;
}

export interface OrderCustomer {
  readonly email: string;
  readonly phone: string;
  readonly first_name: string;
  readonly last_name: string;
}

export interface OrderTotals {
  readonly items: number;
  readonly discounts: number;
  readonly delivery: number;
  readonly payment: number;
  /** The VAT the total includes, per line at its rate (fees at the standard rate). */
  readonly vat: number;
  readonly total: number;
}

export interface PlacedOrder {
  readonly number: string;
  /** SHA-256 of the status token; the token itself is shown once, in finish's answer. */
  readonly token_hash: string;
  readonly cart_id: string;
  readonly currency: Currency;
  readonly items: readonly OrderLine[];
  readonly discounts: readonly { readonly code: string; readonly title: string; readonly amount: number }[];
  /** Single-use and shared codes claimed for this order (released again when it is cancelled). */
  readonly discount_codes: readonly string[];
  readonly delivery: {
    readonly method: string;
    readonly label: string;
    readonly fee: number;
    readonly place_id?: string;
    readonly store_id?: string;
    readonly timeslot?: { readonly id: string; readonly from: string; readonly to: string };
  };
  readonly payment: { readonly method: string; readonly label: string; readonly fee: number };
  readonly totals: OrderTotals;
  /**
   * Personal data, in the order's own stream. Known gap: the buy-back seals
   * such data per data subject (its vault); orders will once the vault is a
   * shared package. The read model keeps none of it; staff views read it from here.
   */
  readonly customer: OrderCustomer;
  readonly billing_address: OrderAddress;
  readonly delivery_address: OrderAddress | null;
  readonly order_info: {
    readonly create_account: boolean;
    readonly birth_date: string | null;
    readonly note: string | null;
    readonly subscribe_promotions_info: boolean;
    readonly internal_order_number: string | null;
  };
  /** The stock held for the order (id = the order number) and where, so packages can be split by location. */
  readonly reservation: {
    readonly id: string;
    readonly expires_at: string;
    readonly items: readonly { readonly code: string; readonly location: string; readonly quantity: number }[];
  } | null;
  readonly placed_at: string;
}

export type CancelledBy = 'customer' | 'staff' | 'system';

/**
 * Where a package leaves from: a stock location's code (the reservation's),
 * `external` for goods the shop does not hold (external stock, sent by the
 * supplier's parcel carrier) or `electronic` for licences sent by e-mail.
 */
export const EXTERNAL_LOCATION = 'external';
export const ELECTRONIC_LOCATION = 'electronic';

/** How the external and electronic packages travel; a package from a stock location goes by the order's delivery method. */
export const PARCEL_CARRIER = 'parcel_carrier';
export const BY_EMAIL = 'email';

export interface OrderPackage {
  /** `<order number>-<n>`, numbered in the order the split lists them. */
  readonly id: string;
  readonly location: string;
  readonly items: readonly { readonly item_id: string; readonly product: string; readonly quantity: number }[];
  /** The order's delivery method (store_pickup, pickup_point, courier…), `parcel_carrier` or `email`. */
  readonly delivery_method: string;
}

export type OrderEvent =
  | DomainEvent<'OrderPlaced', PlacedOrder>
  | DomainEvent<
      'OrderPaid',
      { readonly number: string; readonly payment_id: string; readonly amount: number; readonly at: string }
    >
  | DomainEvent<'OrderPaymentFailed', { readonly number: string; readonly payment_id: string; readonly at: string }>
  /** Paid, or cash on delivery: the shop will send it. */
  | DomainEvent<'OrderConfirmed', { readonly number: string; readonly at: string }>
  | DomainEvent<'OrderShipped', { readonly number: string; readonly tracking_number: string | null; readonly at: string }>
  | DomainEvent<'OrderDelivered', { readonly number: string; readonly at: string }>
  | DomainEvent<
      'OrderCancelled',
      {
        readonly number: string;
        readonly by: CancelledBy;
        readonly reason: string | null;
        /** Money was collected: the payments context is asked to refund it. */
        readonly refund: boolean;
        readonly at: string;
      }
    >
  /** Spec 2's contract withdrawal within 14 days of delivery: the goods come back, the money is refunded once they do. */
  | DomainEvent<'OrderWithdrawn', { readonly number: string; readonly reason: string | null; readonly at: string }>
  /**
   * The buy-back behind a bonus the order was placed with fell through or was
   * revised below the bonus's basis: the customer owes `amount` more.
   * `added_to_total`: not paid yet, the amount to pay is raised;
   * `payment_request`: paid already, the customer is asked for the amount.
   */
  | DomainEvent<
      'OrderBonusClawedBack',
      {
        readonly number: string;
        readonly buyback_number: string;
        readonly amount: number;
        readonly reason: BonusClawbackReason;
        readonly settlement: 'added_to_total' | 'payment_request';
        readonly at: string;
      }
    >
  /** Confirmed (paid, or cash on delivery): what leaves from where, one package per stock location (issue 15 deliver 5). */
  | DomainEvent<
      'OrderSplitIntoPackages',
      { readonly number: string; readonly packages: readonly OrderPackage[]; readonly at: string }
    >
  /** The payments context gave the money back (its PaymentRefunded): the order's history ends with it. */
  | DomainEvent<
      'OrderRefunded',
      { readonly number: string; readonly payment_id: string; readonly amount: number; readonly at: string }
    >;

/** Why a buy-back bonus is clawed back: the offer revised (or repriced) lower, or the buy-back fell through. */
export type BonusClawbackReason =
  'offer_revised' | 'repriced' | 'cancelled' | 'revised_offer_rejected' | 'revised_offer_expired' | 'returned';

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'OrderPaid',
  'OrderPaymentFailed',
  'OrderConfirmed',
  'OrderShipped',
  'OrderDelivered',
  'OrderCancelled',
  'OrderWithdrawn',
  'OrderBonusClawedBack',
  'OrderSplitIntoPackages',
  'OrderRefunded',
] as const satisfies readonly OrderEventType[];

/** `order-<number>`: one stream per order. */
export const ORDER_STREAM_CATEGORY = 'order';
export const orderStream = (number: string): string => `${ORDER_STREAM_CATEGORY}-${number}`;
export const orderNumberOfStream = (stream: string): string | null =>
  stream.startsWith(`${ORDER_STREAM_CATEGORY}-`) ? stream.slice(ORDER_STREAM_CATEGORY.length + 1) : null;
