import { assertNever } from '@buyloop/kit';
import { ORDER_EVENT_TYPES, orderNumberOfStream, type OrderEvent } from '@buyloop/cart';
import { UNFINISHED_AFTER_MINUTES, type OrderStatus } from '@buyloop/contracts/cart/orders';
import type { Projection } from '@buyloop/projector';

export interface OrderTimelineEntry {
  readonly status: string;
  readonly at: string;
  readonly note?: string;
}

/**
 * One document per order, for the status page, its live updates and the
 * back office's grid. No personal data: the customer's details stay in the
 * order's stream and are read from there for staff only. The status token
 * is kept as its SHA-256 (the token itself was shown once, at finish).
 */
export interface OrderDocument extends Record<string, unknown> {
  readonly number: string;
  readonly token_hash: string;
  readonly status: OrderStatus;
  readonly placed_at: string;
  readonly updated_at: string;
  readonly items: readonly {
    readonly item_id: string;
    readonly parent_item_id: string | null;
    readonly product: string;
    readonly name: string;
    readonly kind: string;
    readonly quantity: number;
    readonly unit_price: number;
    readonly line_price: number;
    readonly vat_rate: number;
  }[];
  readonly totals: {
    readonly items: number;
    readonly discounts: number;
    readonly delivery: number;
    readonly payment: number;
    readonly vat: number;
    readonly total: number;
    readonly currency: 'CZK' | 'RON';
  };
  readonly total: number;
  readonly delivery: { readonly method: string; readonly label: string; readonly status: string; readonly number?: string };
  readonly payment: {
    readonly method: string;
    readonly status: string;
    readonly paid_at?: string;
    /** The payments context's PaymentRefunded, recorded on the order: when and how much went back. */
    readonly refunded_at?: string;
    readonly refunded_amount?: number;
  };
  /** What leaves from where, once the order is confirmed (empty until then). */
  readonly packages?: readonly OrderPackageView[];
  readonly timeline: readonly OrderTimelineEntry[];
  readonly cancel_reason: string | null;
  /** Still waiting for its money (spec 9 flags those older than 30 minutes). */
  readonly awaiting: boolean;
}

export interface OrderPackageView {
  readonly id: string;
  readonly location: string;
  readonly items: readonly { readonly item_id: string; readonly product: string; readonly quantity: number }[];
  readonly delivery_method: string;
  /** preparing, then as the order goes: shipped, delivered, or cancelled. */
  readonly status: string;
}

export const ORDERS_PROJECTION = 'cart_orders';

/** Spec 9: not paid nor confirmed 30 minutes after it was placed. */
export const isUnfinished = (document: Pick<OrderDocument, 'awaiting' | 'placed_at'>, now: Date): boolean =>
  document.awaiting && new Date(document.placed_at).getTime() <= now.getTime() - UNFINISHED_AFTER_MINUTES * 60_000;

export const ordersProjection: Projection<OrderDocument> = {
  name: ORDERS_PROJECTION,
  // 2: packages and the refund.
  version: 2,
  handles: ORDER_EVENT_TYPES,
  collection: {
    fields: {
      number: { path: 'number', type: 'string' },
      status: { path: 'status', type: 'string' },
      placed_at: { path: 'placed_at', type: 'date' },
      total: { path: 'total', type: 'number' },
      awaiting: { path: 'awaiting', type: 'boolean' },
    },
    indexes: ['placed_at', ['awaiting', 'placed_at'], 'status'],
  },
  key: (event) => orderNumberOfStream(event.stream),
  evolve(document, recorded) {
    const event = { type: recorded.type, data: recorded.data } as OrderEvent;
    const updated_at = recorded.recordedAt.toISOString();
    if (event.type === 'OrderPlaced') {
      const order = event.data;
      const online = order.payment.method !== 'cash_on_delivery';
      return {
        number: order.number,
        token_hash: order.token_hash,
        status: 'awaiting_payment',
        placed_at: order.placed_at,
        updated_at,
        items: order.items.map((line) => ({
          item_id: line.item_id,
          parent_item_id: line.parent_item_id,
          product: line.product,
          name: line.name,
          kind: line.kind,
          quantity: line.quantity,
          unit_price: line.unit_price,
          line_price: line.unit_price * line.quantity,
          vat_rate: line.vat_rate,
        })),
        totals: { ...order.totals, currency: order.currency },
        total: order.totals.total,
        delivery: { method: order.delivery.method, label: order.delivery.label, status: 'preparing' },
        payment: { method: order.payment.method, status: online ? 'pending' : 'on_delivery' },
        timeline: [{ status: 'placed', at: order.placed_at }],
        packages: [],
        cancel_reason: null,
        awaiting: online && order.totals.total > 0,
      };
    }
    if (!document) return null;
    // The order's packages travel together until the warehouse moves each on its own.
    const packagesAre = (status: string): OrderPackageView[] =>
      (document.packages ?? []).map((parcel) => ({ ...parcel, status }));
    const step = (status: string, at: string, note?: string): OrderTimelineEntry[] => [
      ...document.timeline,
      { status, at, ...(note ? { note } : {}) },
    ];
    switch (event.type) {
      case 'OrderPaid':
        return {
          ...document,
          status: document.awaiting ? 'paid' : document.status,
          payment: { ...document.payment, status: 'paid', paid_at: event.data.at },
          timeline: step('paid', event.data.at),
          awaiting: false,
          updated_at,
        };
      case 'OrderPaymentFailed':
        return {
          ...document,
          status: 'payment_failed',
          payment: { ...document.payment, status: 'failed' },
          timeline: step('payment_failed', event.data.at),
          updated_at,
        };
      case 'OrderConfirmed':
        return { ...document, status: 'confirmed', awaiting: false, timeline: step('confirmed', event.data.at), updated_at };
      case 'OrderShipped':
        return {
          ...document,
          status: 'shipped',
          packages: packagesAre('shipped'),
          delivery: {
            ...document.delivery,
            status: 'shipped',
            ...(event.data.tracking_number ? { number: event.data.tracking_number } : {}),
          },
          timeline: step('shipped', event.data.at),
          updated_at,
        };
      case 'OrderDelivered':
        return {
          ...document,
          status: 'delivered',
          packages: packagesAre('delivered'),
          delivery: { ...document.delivery, status: 'delivered' },
          timeline: step('delivered', event.data.at),
          updated_at,
        };
      case 'OrderCancelled':
        return {
          ...document,
          status: 'cancelled',
          awaiting: false,
          delivery: { ...document.delivery, status: 'cancelled' },
          packages: packagesAre('cancelled'),
          payment: {
            ...document.payment,
            status: document.payment.status === 'paid' ? 'refund_requested' : document.payment.status,
          },
          cancel_reason: event.data.reason,
          timeline: step('cancelled', event.data.at, event.data.by),
          updated_at,
        };
      case 'OrderWithdrawn':
        return { ...document, status: 'withdrawn', timeline: step('withdrawn', event.data.at), updated_at };
      case 'OrderBonusClawedBack': {
        // The bonus was one of the order's discounts: it shrinks by what was clawed back, and the total grows.
        const { amount, buyback_number, settlement } = event.data;
        const total = document.totals.total + amount;
        return {
          ...document,
          totals: { ...document.totals, discounts: document.totals.discounts - amount, total },
          total,
          timeline: step('bonus_clawed_back', event.data.at, `${buyback_number} ${amount} ${settlement}`),
          updated_at,
        };
      }
      case 'OrderSplitIntoPackages':
        return {
          ...document,
          packages: event.data.packages.map((parcel) => ({ ...parcel, status: 'preparing' })),
          timeline: step('split', event.data.at),
          updated_at,
        };
      case 'OrderRefunded':
        return {
          ...document,
          payment: { ...document.payment, status: 'refunded', refunded_at: event.data.at, refunded_amount: event.data.amount },
          timeline: step('refunded', event.data.at),
          updated_at,
        };
      default:
        return assertNever(event, 'order event');
    }
  },
};
