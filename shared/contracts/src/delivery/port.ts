import type { Currency } from '@buyloop/kit';

/** Delivery methods (issue 15): codes the acceptance checks use, keep them. */
export const DELIVERY_METHODS = ['store_pickup', 'pickup_point', 'courier', 'same_day_courier', 'electronic'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** What the checkout asks the delivery context when an order is finished. */
export interface DeliveryQuoteRequest {
  readonly method: string;
  /** pickup_point: the place's id from GET /api/cart/delivery-places. */
  readonly place_id?: string;
  /** store_pickup and same_day_courier: the store's location code. */
  readonly store_id?: string;
  /** courier and same_day_courier: the chosen timeslot's id. */
  readonly timeslot_id?: string;
  /** courier and same_day_courier: where to. */
  readonly address?: { readonly street: string; readonly city: string; readonly zip: string; readonly country: string };
  readonly items: readonly { readonly code: string; readonly kind: string; readonly quantity: number }[];
  /** The goods' total with VAT, whole CZK / lei (free delivery thresholds). */
  readonly goods_total: number;
}

export type DeliveryQuote =
  | {
      readonly ok: true;
      readonly method: DeliveryMethod;
      /** Whole CZK / lei with VAT. */
      readonly fee: number;
      readonly currency: Currency;
      /** What the order, its e-mails and the status page show: "Zásilkovna Praha 4, Budějovická 1". */
      readonly label: string;
      readonly place_id?: string;
      readonly store_id?: string;
      readonly timeslot?: { readonly id: string; readonly from: string; readonly to: string };
      /** store_pickup: when a reservation made now is ready in the store (spec 9: within 30 minutes), ISO instant. */
      readonly ready_by?: string;
    }
  | {
      readonly ok: false;
      /** delivery.method_unavailable ('unavailable delivery method') or delivery.place_unavailable ('unavailable or congested pickup point'). */
      readonly code: 'delivery.method_unavailable' | 'delivery.place_unavailable' | 'delivery.timeslot_unavailable';
      /** The request field the error belongs under: delivery, place_id, timeslot_id, store_id. */
      readonly field: string;
    };

export interface DeliveryQuotes {
  quote(request: DeliveryQuoteRequest): Promise<DeliveryQuote>;
}

export const DELIVERY_QUOTES_PORT: { readonly name: 'delivery.quotes'; readonly __port?: DeliveryQuotes } = {
  name: 'delivery.quotes',
};
