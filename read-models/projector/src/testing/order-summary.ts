import type { RecordedEvent } from '@buyloop/kit';
import type { Projection } from '../projection';

/**
 * An order-summary projection used by the projector's tests and benchmark:
 * one document per order, built from several event types, deleted on
 * cancellation. Real contexts bring their own projections.
 */
export interface OrderSummary extends Record<string, unknown> {
  readonly orderId: string;
  readonly customer: string;
  readonly status: 'placed' | 'paid' | 'shipped';
  readonly items: ReadonlyArray<{ readonly sku: string; readonly quantity: number; readonly price: number }>;
  readonly total: number;
  readonly placedAt: string;
  readonly updatedAt: string;
  readonly events: number;
}

type Data = { orderId: string; customer?: string; sku?: string; quantity?: number; price?: number };

export const orderEventTypes = ['OrderPlaced', 'ItemAdded', 'OrderPaid', 'OrderShipped', 'OrderCancelled'] as const;

export const orderSummary = (
  options: { failOn?: (event: RecordedEvent) => boolean; version?: number } = {},
): Projection<OrderSummary> => ({
  name: 'order_summary',
  version: options.version ?? 1,
  handles: orderEventTypes,
  collection: {
    fields: {
      customer: { path: 'customer', type: 'string' },
      status: { path: 'status', type: 'string' },
      total: { path: 'total', type: 'number' },
      placedAt: { path: 'placedAt', type: 'date' },
    },
    indexes: ['status', 'placedAt'],
    textFields: ['customer'],
  },
  key: (event) => (event.data as Data).orderId ?? null,
  evolve(document, event) {
    if (options.failOn?.(event)) throw new Error(`cannot project ${event.type} at ${event.globalPosition}`);
    const data = event.data as Data;
    const at = event.recordedAt.toISOString();
    switch (event.type) {
      case 'OrderPlaced':
        return {
          orderId: data.orderId,
          customer: data.customer ?? '',
          status: 'placed',
          items: [],
          total: 0,
          placedAt: at,
          updatedAt: at,
          events: 1,
        };
      case 'ItemAdded': {
        if (!document) return null;
        const item = { sku: data.sku ?? '', quantity: data.quantity ?? 1, price: data.price ?? 0 };
        return {
          ...document,
          items: [...document.items, item],
          total: document.total + item.quantity * item.price,
          updatedAt: at,
          events: document.events + 1,
        };
      }
      case 'OrderPaid':
        return document && { ...document, status: 'paid', updatedAt: at, events: document.events + 1 };
      case 'OrderShipped':
        return document && { ...document, status: 'shipped', updatedAt: at, events: document.events + 1 };
      case 'OrderCancelled':
        return null;
      default:
        return document;
    }
  },
});
