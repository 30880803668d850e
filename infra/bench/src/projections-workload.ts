import type { NewEvent } from '@buyloop/event-store';

/**
 * The order-summary-shaped log the projections benchmark fills and the live
 * traffic it appends (events OrderPlaced, ItemAdded, OrderPaid, OrderShipped,
 * OrderCancelled with data `{ orderId, customer?, sku?, quantity?, price? }`,
 * stream `order-<id>`, as read-models/projector/src/testing/order-summary.ts
 * projects them).
 *
 * An order's life is written in three appends, as a shop writes it: checkout
 * (OrderPlaced + 2-4 ItemAdded), payment (OrderPaid, one in ten followed by
 * OrderCancelled), shipping (OrderShipped, for 60% of the paid orders that
 * were not cancelled). The appends of a wave of orders are interleaved with
 * the payments of the wave before and the shipments of the wave before that,
 * so an order's later events sit thousands of positions after its checkout:
 * a projector batch never holds a whole order, it must read the document
 * back. Seeded, so every run writes the same log.
 */

export type OrderData = { orderId: string; customer?: string; sku?: string; quantity?: number; price?: number };

export interface OrderPlan {
  readonly orderId: string;
  readonly stream: string;
  /** The order's appends in order: checkout, payment, shipping (absent when not shipped). */
  readonly appends: ReadonlyArray<readonly NewEvent<string, OrderData>[]>;
  readonly cancelled: boolean;
  readonly events: number;
}

export interface FillPlan {
  readonly orders: readonly OrderPlan[];
  readonly events: number;
  readonly appends: number;
  /** Steps of concurrent appends, run one after the other: within a step order is free. */
  readonly steps: ReadonlyArray<ReadonlyArray<{ readonly order: OrderPlan; readonly append: number }>>;
  readonly waveSize: number;
}

/** Small seeded PRNG (mulberry32): the same log on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKUS = [
  'PHN-IP15-128',
  'PHN-S24-256',
  'TAB-IPAD-10',
  'WCH-GW6-44',
  'ACC-USB-C-1M',
  'ACC-CASE-15',
  'ACC-CHG-65W',
  'PHN-PX8-128',
];
const CUSTOMERS = ['Jana Nováková', 'Petr Svoboda', 'Lucie Dvořáková', 'Tomáš Černý', 'Andrei Popescu', 'Ioana Ionescu'];

const item = (rnd: () => number, orderId: string): NewEvent<string, OrderData> => ({
  type: 'ItemAdded',
  data: {
    orderId,
    sku: SKUS[Math.floor(rnd() * SKUS.length)]!,
    quantity: 1 + Math.floor(rnd() * 3),
    price: 199 + Math.floor(rnd() * 30_000),
  },
});

export function planOrder(rnd: () => number, orderId: string): OrderPlan {
  const checkout: NewEvent<string, OrderData>[] = [
    { type: 'OrderPlaced', data: { orderId, customer: `${CUSTOMERS[Math.floor(rnd() * CUSTOMERS.length)]} ${orderId}` } },
  ];
  const items = 2 + Math.floor(rnd() * 3);
  for (let i = 0; i < items; i++) checkout.push(item(rnd, orderId));
  const cancelled = rnd() < 0.1;
  const payment: NewEvent<string, OrderData>[] = [{ type: 'OrderPaid', data: { orderId } }];
  if (cancelled) payment.push({ type: 'OrderCancelled', data: { orderId } });
  const appends = [checkout, payment];
  if (!cancelled && rnd() < 0.6) appends.push([{ type: 'OrderShipped', data: { orderId } }]);
  return { orderId, stream: `order-${orderId}`, appends, cancelled, events: appends.reduce((n, a) => n + a.length, 0) };
}

/** Orders until the log holds at least `minEvents`, scheduled in interleaved waves of `waveSize` orders. */
export function planFill(minEvents: number, waveSize: number, seed = 42): FillPlan {
  const rnd = random(seed);
  const orders: OrderPlan[] = [];
  let events = 0;
  while (events < minEvents) {
    const order = planOrder(rnd, `f${orders.length.toString().padStart(7, '0')}`);
    orders.push(order);
    events += order.events;
  }
  const waves: OrderPlan[][] = [];
  for (let i = 0; i < orders.length; i += waveSize) waves.push(orders.slice(i, i + waveSize));
  const steps: { order: OrderPlan; append: number }[][] = [];
  // Step s: checkouts of wave s, payments of wave s-1, shipments of wave s-2, shuffled together.
  for (let s = 0; s < waves.length + 2; s++) {
    const step: { order: OrderPlan; append: number }[] = [];
    for (let append = 0; append < 3; append++) {
      const wave = waves[s - append];
      if (!wave) continue;
      for (const order of wave) if (order.appends[append]) step.push({ order, append });
    }
    for (let i = step.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [step[i], step[j]] = [step[j]!, step[i]!];
    }
    steps.push(step);
  }
  return { orders, events, appends: steps.reduce((n, s) => n + s.length, 0), steps, waveSize };
}

/**
 * Live traffic: one event per append, mixed types on existing orders (from
 * the fill and from this traffic) and new ones.
 */
export function liveTraffic(fill: readonly OrderPlan[], seed = 7): () => { stream: string; event: NewEvent<string, OrderData> } {
  const rnd = random(seed);
  const open = fill.filter((o) => !o.cancelled).map((o) => o.orderId);
  const fresh: string[] = [];
  let n = 0;
  const pick = (): string => {
    const pool = fresh.length > 0 && rnd() < 0.5 ? fresh : open;
    return pool[Math.floor(rnd() * pool.length)]!;
  };
  return () => {
    const r = rnd();
    let orderId: string;
    let event: NewEvent<string, OrderData>;
    if (r < 0.25 || fresh.length === 0) {
      orderId = `l${(n++).toString().padStart(7, '0')}`;
      fresh.push(orderId);
      event = {
        type: 'OrderPlaced',
        data: { orderId, customer: `${CUSTOMERS[Math.floor(rnd() * CUSTOMERS.length)]} ${orderId}` },
      };
    } else if (r < 0.6) {
      orderId = pick();
      event = item(rnd, orderId);
    } else if (r < 0.8) {
      orderId = pick();
      event = { type: 'OrderPaid', data: { orderId } };
    } else if (r < 0.95) {
      orderId = pick();
      event = { type: 'OrderShipped', data: { orderId } };
    } else {
      // Cancel orders from the fill only, so the traffic keeps its own orders to add to.
      orderId = open[Math.floor(rnd() * open.length)]!;
      event = { type: 'OrderCancelled', data: { orderId } };
    }
    return { stream: `order-${orderId}`, event };
  };
}
