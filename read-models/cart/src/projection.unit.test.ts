import { describe, expect, it } from 'vitest';
import type { CartEvent, CartItem } from '@buyloop/cart';
import type { RecordedEvent } from '@buyloop/kit';
import { cartProjection, type CartDocument } from './projection';
import { summaryOf } from './summary';

const AT = '2026-11-24T10:00:00.000Z';

const item = (item_id: string, overrides: Partial<CartItem> = {}): CartItem => ({
  item_id,
  product: 'PHONE',
  name: 'Phone',
  kind: 'device',
  quantity: 1,
  unit_price: 12_100,
  vat_rate: 21,
  currency: 'CZK',
  parent_item_id: null,
  installment: null,
  warranty_months: null,
  warranty_bonus_months: null,
  ...overrides,
});

let position = 0n;
const recorded = (stream: string, event: CartEvent): RecordedEvent =>
  ({
    id: `e${++position}`,
    type: event.type,
    data: event.data,
    stream,
    streamVersion: position,
    globalPosition: position,
    recordedAt: new Date(AT),
    checkpoint: `0/${position}`,
    metadata: { actor: { userId: 'visitor:127.0.0.1', role: 'visitor' }, market: 'cz' },
  }) as unknown as RecordedEvent;

/** Given these events, this document: folded as the projector folds them, one event at a time. */
function project(stream: string, events: readonly CartEvent[]): CartDocument | null {
  let document: CartDocument | null = null;
  for (const event of events) {
    const record = recorded(stream, event);
    expect(cartProjection.key(record)).toBe(stream.slice('cart-'.length));
    document = cartProjection.evolve(document, record);
  }
  return document;
}

describe('the cart projection', () => {
  it('keeps one document per cart with its lines, packages and count', () => {
    const document = project('cart-abc', [
      { type: 'CartItemAdded', data: { item: item('d', { quantity: 1 }), at: AT } },
      {
        type: 'CartItemAdded',
        data: { item: item('ins', { kind: 'insurance', unit_price: 1_210, parent_item_id: 'd' }), at: AT },
      },
      { type: 'CartItemAdded', data: { item: item('case', { kind: 'accessory', unit_price: 484 }), at: AT } },
      { type: 'CartItemQuantityChanged', data: { item_id: 'd', quantity: 2, at: AT } },
      { type: 'CartItemQuantityChanged', data: { item_id: 'ins', quantity: 2, at: AT } },
      { type: 'WarrantyBonusAdded', data: { item_id: 'd', months: 12, at: AT } },
    ]);
    expect(document).toMatchObject({ cart_id: 'abc', count: 5, handed_over_to: null, updated_at: AT });
    expect(document!.items.map((line) => [line.item_id, line.quantity])).toEqual([
      ['d', 2],
      ['ins', 2],
      ['case', 1],
    ]);
  });

  it('drops a device’s package with it, and shows a handed-over cart as empty', () => {
    const document = project('cart-abc', [
      { type: 'CartItemAdded', data: { item: item('d'), at: AT } },
      { type: 'CartItemAdded', data: { item: item('ins', { kind: 'insurance', parent_item_id: 'd' }), at: AT } },
      { type: 'CartItemRemoved', data: { item_id: 'd', removed_item_ids: ['d', 'ins'], at: AT } },
    ]);
    expect(document).toMatchObject({ items: [], count: 0 });
    const handedOver = project('cart-xyz', [
      { type: 'CartItemAdded', data: { item: item('d'), at: AT } },
      { type: 'CartHandedOver', data: { into_cart: 'user_1', at: AT } },
    ]);
    expect(handedOver!.handed_over_to).toBe('user_1');
    expect(summaryOf(handedOver, 'CZK')).toMatchObject({ count: 0, items: [], total: 0 });
  });

  it('ignores streams that are not carts', () => {
    expect(
      cartProjection.key({
        ...recorded('cartx', { type: 'CartHandedOver', data: { into_cart: 'u', at: AT } }),
        stream: 'buyback-1',
      }),
    ).toBe(null);
  });
});

describe('the cart summary', () => {
  it('nests packages, prices lines, and totals with the VAT each line’s rate includes, in whole units', () => {
    const document = project('cart-sum', [
      { type: 'CartItemAdded', data: { item: item('d', { quantity: 2 }), at: AT } },
      {
        type: 'CartItemAdded',
        data: { item: item('ins', { kind: 'insurance', unit_price: 1_210, quantity: 2, parent_item_id: 'd' }), at: AT },
      },
      { type: 'CartItemAdded', data: { item: item('book', { kind: 'accessory', unit_price: 1_120, vat_rate: 12 }), at: AT } },
      { type: 'WarrantyBonusAdded', data: { item_id: 'd', months: 36, at: AT } },
    ]);
    const summary = summaryOf(document, 'CZK');
    expect(summary.items.map((line) => [line.item_id, line.children.map((child) => child.item_id)])).toEqual([
      ['d', ['ins']],
      ['book', []],
    ]);
    expect(summary.items[0]).toMatchObject({ unit_price: 12_100, unit_price_without_vat: 10_000, line_price: 24_200 });
    expect(summary.items_total).toBe(24_200 + 2_420 + 1_120);
    expect(summary.total_without_vat).toBe(20_000 + 2_000 + 1_000);
    expect(summary.vat).toBe(4_200 + 420 + 120);
    expect(summary.total).toBe(summary.items_total);
    expect(summary.count).toBe(5);
    expect(summary.bonuses).toEqual([{ kind: 'warranty', item_id: 'd', months: 36, amount: 0 }]);
    expect(summary.discounts).toEqual([]);
  });

  it('is an empty cart without a document', () => {
    expect(summaryOf(null, 'RON')).toMatchObject({ currency: 'RON', count: 0, items: [], total: 0, vat: 0 });
  });
});
