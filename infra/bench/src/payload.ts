import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@buyloop/event-store';

/**
 * The one event shape every contender writes: an order placed with two lines,
 * about 330 bytes of JSON. Ours, the raw INSERT ceiling and Emmett all get the
 * same data and the same metadata, so each row stored is the same size.
 */

export const EVENT_TYPE = 'OrderPlaced';
export const ACTOR = { userId: 'bench', role: 'system' } as const;
export const MARKET = 'cz' as const;

let counter = 0;

export interface OrderPlaced extends Record<string, unknown> {
  orderId: string;
  customerId: string;
  currency: string;
  totalMinor: number;
  lines: { sku: string; name: string; quantity: number; unitPriceMinor: number }[];
  shippingMethod: string;
  placedAt: string;
}

export function orderPlaced(): OrderPlaced {
  const n = counter++;
  return {
    orderId: `ord-${n.toString().padStart(10, '0')}`,
    customerId: `cus-${(n % 100_000).toString().padStart(6, '0')}`,
    currency: 'CZK',
    totalMinor: 129_900 + (n % 1000),
    lines: [
      { sku: 'SKU-000173', name: 'Espresso beans 1kg', quantity: 2, unitPriceMinor: 49_900 },
      { sku: 'SKU-004410', name: 'Milk jug 350ml', quantity: 1, unitPriceMinor: 30_100 + (n % 1000) },
    ],
    shippingMethod: 'parcel-locker',
    placedAt: '2025-03-14T09:26:53.589Z',
  };
}

export const newEvents = (count: number): NewEvent[] =>
  Array.from({ length: count }, () => ({ type: EVENT_TYPE, data: orderPlaced() }));

/** Exactly the metadata our store writes for an append whose first event has id `firstId`. */
export const metadataFor = (firstId: string): EventMetadata => ({
  correlationId: firstId,
  causationId: null,
  actor: ACTOR,
  market: MARKET,
});

export const uuid = (): string => randomUUID();
