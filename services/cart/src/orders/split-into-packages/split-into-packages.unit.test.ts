import { describe, it } from 'vitest';
import { deciderSpec } from '@buyloop/kit/spec';
import { IllegalState } from '@buyloop/kit';
import { orderDecider } from '../decider';
import type { OrderEvent, OrderLine } from '../events';
import { confirmed, NUMBER, paid, placed, placedOrder, shipped } from '../testing';
import type { SplitIntoPackages } from './decide';

const { given } = deciderSpec(orderDecider);
const AT = '2026-11-24T10:05:00.000Z';
const split = (products: SplitIntoPackages['products'] = {}): SplitIntoPackages => ({
  type: 'SplitIntoPackages',
  products,
  at: AT,
});
const line = (item_id: string, product: string, kind: string, quantity = 1, parent_item_id: string | null = null): OrderLine => ({
  ...placedOrder().items[0]!,
  item_id,
  parent_item_id,
  product,
  name: product,
  kind,
  quantity,
});
const packages = (...list: unknown[]): OrderEvent =>
  ({ type: 'OrderSplitIntoPackages', data: { number: NUMBER, packages: list, at: AT } }) as OrderEvent;

describe('SplitIntoPackages', () => {
  it('packs a paid order held in one place into one package going by the order’s delivery method', () => {
    given(placed(), paid(), confirmed())
      .when(split())
      .then(
        packages({
          id: `${NUMBER}-1`,
          location: 'WH',
          items: [{ item_id: 'i1', product: 'PHONE', quantity: 1 }],
          delivery_method: 'pickup_point',
        }),
      );
  });

  it('splits a quantity held in two places, and puts the insurance in its device’s package', () => {
    const order = {
      items: [line('i1', 'PHONE', 'device', 3), line('i2', 'CASE', 'accessory'), line('i3', 'INS', 'insurance', 1, 'i1')],
      reservation: {
        id: NUMBER,
        expires_at: AT,
        items: [
          { code: 'PHONE', location: 'STORE-1', quantity: 1 },
          { code: 'PHONE', location: 'WH', quantity: 2 },
          { code: 'CASE', location: 'WH', quantity: 1 },
        ],
      },
    };
    given(placed(order), paid(), confirmed())
      .when(split())
      .then(
        packages(
          {
            id: `${NUMBER}-1`,
            location: 'STORE-1',
            items: [
              { item_id: 'i1', product: 'PHONE', quantity: 1 },
              { item_id: 'i3', product: 'INS', quantity: 1 },
            ],
            delivery_method: 'pickup_point',
          },
          {
            id: `${NUMBER}-2`,
            location: 'WH',
            items: [
              { item_id: 'i1', product: 'PHONE', quantity: 2 },
              { item_id: 'i2', product: 'CASE', quantity: 1 },
            ],
            delivery_method: 'pickup_point',
          },
        ),
      );
  });

  it('sends a licence by e-mail and external stock by a parcel carrier, each a package of its own (cash on delivery)', () => {
    const order = {
      items: [line('i1', 'PHONE', 'device'), line('i2', 'LICENCE', 'service'), line('i3', 'DOCK', 'accessory', 2)],
      payment: { method: 'cash_on_delivery', label: 'COD', fee: 39 },
      delivery: { method: 'courier', label: 'Courier', fee: 99 },
    };
    given(placed(order), confirmed())
      .when(
        split({
          PHONE: { electronic_licence: false, external_stock: false },
          LICENCE: { electronic_licence: true, external_stock: false },
          DOCK: { electronic_licence: false, external_stock: true },
        }),
      )
      .then(
        packages(
          {
            id: `${NUMBER}-1`,
            location: 'WH',
            items: [{ item_id: 'i1', product: 'PHONE', quantity: 1 }],
            delivery_method: 'courier',
          },
          {
            id: `${NUMBER}-2`,
            location: 'external',
            items: [{ item_id: 'i3', product: 'DOCK', quantity: 2 }],
            delivery_method: 'parcel_carrier',
          },
          {
            id: `${NUMBER}-3`,
            location: 'electronic',
            items: [{ item_id: 'i2', product: 'LICENCE', quantity: 1 }],
            delivery_method: 'email',
          },
        ),
      );
  });

  it('puts a warranty bought alone with the first package there is', () => {
    const order = {
      items: [line('i1', 'LICENCE', 'service'), line('i2', 'WARRANTY', 'warranty_extension')],
      reservation: null,
    };
    given(placed(order), paid(), confirmed())
      .when(split({ LICENCE: { electronic_licence: true, external_stock: false } }))
      .then(
        packages({
          id: `${NUMBER}-1`,
          location: 'electronic',
          items: [
            { item_id: 'i1', product: 'LICENCE', quantity: 1 },
            { item_id: 'i2', product: 'WARRANTY', quantity: 1 },
          ],
          delivery_method: 'email',
        }),
      );
  });

  it('records nothing when the order was split already', () => {
    given(placed(), paid(), confirmed(), packages()).when(split()).then();
  });

  it('records nothing for an order that was cancelled or shipped before the split ran', () => {
    given(placed(), { type: 'OrderCancelled', data: { number: NUMBER, by: 'customer', reason: null, refund: false, at: AT } })
      .when(split())
      .then();
    given(placed(), paid(), confirmed(), shipped()).when(split()).then();
  });

  it('refuses an order still waiting for its money', () => {
    given(placed()).when(split()).thenThrows(IllegalState, 'order.not_confirmed');
    given(placed(), { type: 'OrderPaymentFailed', data: { number: NUMBER, payment_id: 'p1', at: AT } })
      .when(split())
      .thenThrows(IllegalState, 'order.not_confirmed');
  });

  it('refuses an order that does not exist', () => {
    given().when(split()).thenThrows(IllegalState, 'order.not_placed');
  });
});
