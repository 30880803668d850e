/** Fixtures of the order specs. */
import type { OrderEvent, PlacedOrder } from './events';

export const PLACED_AT = '2026-11-24T10:00:00.000Z';
export const NUMBER = '6123456789';

export const placedOrder = (overrides: Partial<PlacedOrder> = {}): PlacedOrder => ({
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
      quantity: 1,
      unit_price: 20_000,
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
    note: null,
    subscribe_promotions_info: false,
    internal_order_number: null,
  },
  reservation: { id: NUMBER, expires_at: '2026-12-08T10:00:00.000Z', items: [{ code: 'PHONE', location: 'WH', quantity: 1 }] },
  placed_at: PLACED_AT,
  ...overrides,
});

export const placed = (overrides: Partial<PlacedOrder> = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: placedOrder(overrides),
});
export const paid = (at = PLACED_AT): OrderEvent => ({
  type: 'OrderPaid',
  data: { number: NUMBER, payment_id: 'p1', amount: 20_079, at },
});
export const confirmed = (at = PLACED_AT): OrderEvent => ({ type: 'OrderConfirmed', data: { number: NUMBER, at } });
export const shipped = (at = PLACED_AT): OrderEvent => ({
  type: 'OrderShipped',
  data: { number: NUMBER, tracking_number: null, at },
});
export const delivered = (at = PLACED_AT): OrderEvent => ({ type: 'OrderDelivered', data: { number: NUMBER, at } });
