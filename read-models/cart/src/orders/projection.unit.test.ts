import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@buyloop/cart';
import type { RecordedEvent } from '@buyloop/kit';
import { isUnfinished, ordersProjection, type OrderDocument } from './projection';
import { FinishThrottle } from './throttle';

const AT = '2026-11-24T10:00:00.000Z';
const NUMBER = '6123456789';

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    number: NUMBER,
    token_hash: 'a'.repeat(64),
    cart_id: 'c'.repeat(64),
    currency: 'CZK',
    items: [
      {
        item_id: 'i1',
        parent_item_id: null,
        product: 'PHONE',
        name: 'Phone',
        kind: 'device',
        quantity: 2,
        unit_price: 10_000,
        vat_rate: 21,
        installment: null,
        warranty_months: null,
        warranty_bonus_months: null,
      },
    ],
    discounts: [],
    discount_codes: [],
    delivery: { method: 'pickup_point', label: 'Pickup point', fee: 79 },
    payment: { method: 'card', label: 'Card', fee: 0 },
    totals: { items: 20_000, discounts: 0, delivery: 79, payment: 0, vat: 3_485, total: 20_079 },
    customer: { email: 'jana@example.cz', phone: '+420777123456', first_name: 'Jana', last_name: 'Nová' },
    billing_address: { street: 'Dlouhá 1', city: 'Praha', zip: '11000', country: 'CZ' },
    delivery_address: null,
    order_info: {
      create_account: false,
      birth_date: null,
      note: 'ring twice',
      subscribe_promotions_info: false,
      internal_order_number: null,
    },
    reservation: null,
    placed_at: AT,
  },
};

const recorded = (event: OrderEvent, at = AT): RecordedEvent =>
  ({
    id: 'e',
    stream: `order-${NUMBER}`,
    type: event.type,
    data: event.data,
    recordedAt: new Date(at),
  }) as unknown as RecordedEvent;

const fold = (...events: OrderEvent[]): OrderDocument | null =>
  events.reduce<OrderDocument | null>((document, event) => ordersProjection.evolve(document, recorded(event)), null);

describe('the orders read model', () => {
  it('keeps an order’s lines, totals and timeline, and no personal data', () => {
    const document = fold(placed)!;
    expect(document).toMatchObject({
      number: NUMBER,
      status: 'awaiting_payment',
      items: [{ product: 'PHONE', quantity: 2, line_price: 20_000 }],
      totals: { total: 20_079, currency: 'CZK' },
      payment: { method: 'card', status: 'pending' },
      delivery: { status: 'preparing' },
      timeline: [{ status: 'placed', at: AT }],
      awaiting: true,
    });
    const text = JSON.stringify(document);
    for (const personal of ['jana@example.cz', '+420777123456', 'Nová', 'Dlouhá', 'ring twice'])
      expect(text).not.toContain(personal);
  });

  it('follows payment, shipping and cancellation', () => {
    const paidAt = '2026-11-24T10:05:00.000Z';
    const paid = fold(
      placed,
      { type: 'OrderPaid', data: { number: NUMBER, payment_id: 'p', amount: 20_079, at: paidAt } },
      { type: 'OrderConfirmed', data: { number: NUMBER, at: paidAt } },
    )!;
    expect(paid).toMatchObject({ status: 'confirmed', payment: { status: 'paid', paid_at: paidAt }, awaiting: false });
    const shipped = ordersProjection.evolve(
      paid,
      recorded({ type: 'OrderShipped', data: { number: NUMBER, tracking_number: 'Z1', at: paidAt } }),
    )!;
    expect(shipped.delivery).toEqual({ method: 'pickup_point', label: 'Pickup point', status: 'shipped', number: 'Z1' });
    const cancelled = ordersProjection.evolve(
      paid,
      recorded({ type: 'OrderCancelled', data: { number: NUMBER, by: 'staff', reason: 'Called', refund: true, at: paidAt } }),
    )!;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'Called', payment: { status: 'refund_requested' } });
    expect(cancelled.timeline.map((entry) => entry.status)).toEqual(['placed', 'paid', 'confirmed', 'cancelled']);
  });

  it('shows the packages of a confirmed order, moving with it, and the refund of a cancelled one', () => {
    const at = '2026-11-24T10:05:00.000Z';
    const parcel = {
      id: `${NUMBER}-1`,
      location: 'WH',
      items: [{ item_id: 'i1', product: 'PHONE', quantity: 2 }],
      delivery_method: 'pickup_point',
    };
    const split = fold(
      placed,
      { type: 'OrderPaid', data: { number: NUMBER, payment_id: 'p', amount: 20_079, at } },
      { type: 'OrderConfirmed', data: { number: NUMBER, at } },
      { type: 'OrderSplitIntoPackages', data: { number: NUMBER, packages: [parcel], at } },
    )!;
    expect(split.packages).toEqual([{ ...parcel, status: 'preparing' }]);
    expect(split.timeline.at(-1)).toEqual({ status: 'split', at });
    const shipped = ordersProjection.evolve(
      split,
      recorded({ type: 'OrderShipped', data: { number: NUMBER, tracking_number: null, at } }),
    )!;
    expect(shipped.packages?.map((p) => p.status)).toEqual(['shipped']);

    const cancelled = ordersProjection.evolve(
      split,
      recorded({ type: 'OrderCancelled', data: { number: NUMBER, by: 'customer', reason: null, refund: true, at } }),
    )!;
    expect(cancelled).toMatchObject({ payment: { status: 'refund_requested' }, packages: [{ status: 'cancelled' }] });
    const refundedAt = '2026-11-24T10:06:00.000Z';
    const refunded = ordersProjection.evolve(
      cancelled,
      recorded({ type: 'OrderRefunded', data: { number: NUMBER, payment_id: 'p', amount: 20_079, at: refundedAt } }),
    )!;
    expect(refunded).toMatchObject({
      status: 'cancelled',
      payment: { status: 'refunded', paid_at: at, refunded_at: refundedAt, refunded_amount: 20_079 },
    });
    expect(refunded.timeline.map((entry) => entry.status)).toEqual([
      'placed',
      'paid',
      'confirmed',
      'split',
      'cancelled',
      'refunded',
    ]);
  });

  it('flags an order still waiting for its money 30 minutes after it was placed (spec 9)', () => {
    const document = fold(placed)!;
    expect(isUnfinished(document, new Date('2026-11-24T10:29:59.000Z'))).toBe(false);
    expect(isUnfinished(document, new Date('2026-11-24T10:30:00.000Z'))).toBe(true);
    const cod = fold({
      ...placed,
      data: { ...placed.data, payment: { method: 'cash_on_delivery', label: 'COD', fee: 39 } },
    } as OrderEvent)!;
    expect(isUnfinished(cod, new Date('2026-11-25T10:00:00.000Z'))).toBe(false);
  });
});

describe('the finish throttle', () => {
  it('lets 10 finishes a minute through per key, then refuses with 429 until the window moves on', () => {
    let now = 0;
    const throttle = new FinishThrottle(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) throttle.take('a');
    expect(() => throttle.take('a')).toThrow(expect.objectContaining({ status: 429, code: 'cart.finish_throttled' }));
    throttle.take('b');
    now = 60_001;
    expect(() => throttle.take('a')).not.toThrow();
  });
});
