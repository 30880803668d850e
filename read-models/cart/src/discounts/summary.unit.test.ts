import { describe, expect, it } from 'vitest';
import { priceDiscounts, type CartItem, type PricingDefinition } from '@buyloop/cart';
import type { CartDocument } from '../projection';
import { summaryOf } from '../summary';

const AT = '2026-11-24T10:00:00.000Z';
const item = (item_id: string, unit_price: number, vat_rate: number): CartItem => ({
  item_id,
  product: item_id.toUpperCase(),
  name: item_id,
  kind: 'device',
  quantity: 1,
  unit_price,
  vat_rate,
  currency: 'CZK',
  parent_item_id: null,
  installment: null,
  warranty_months: null,
  warranty_bonus_months: null,
});
const definition = (id: string, overrides: Partial<PricingDefinition> = {}): PricingDefinition => ({
  id,
  archived: false,
  title: 'Vítejte',
  marketing_name: null,
  is_active: true,
  is_public: true,
  is_combinable: true,
  is_automatic_assignment: false,
  is_isic: false,
  discount_type: 'percentage',
  discount_value: 10,
  valid_from: null,
  valid_to: null,
  codes: ['VITEJTE10'],
  minimal_order_total: null,
  minimal_pieces: null,
  product_codes: [],
  product_kinds: [],
  is_discount_per_piece: false,
  is_cumulative_bonus: false,
  discount_detail_url: null,
  internal_note: null,
  ...overrides,
});
const document = (items: CartItem[]): CartDocument => ({
  cart_id: 'c',
  items,
  handed_over_to: null,
  discount_codes: [],
  count: items.length,
  updated_at: AT,
});

describe('the cart summary with discounts', () => {
  it('takes the discount off the total and works the VAT out on what each line costs after its share', () => {
    const items = [item('phone', 12_100, 21), item('book', 1_120, 12)];
    const pricing = priceDiscounts({
      lines: items,
      applied: [{ code: 'VITEJTE10', kind: 'code', discount: definition('d'), used: false }],
      automatic: [],
      at: AT,
    });
    const summary = summaryOf(document(items), 'CZK', { pricing, invalidText: 'invalid' });
    expect(summary.discounts).toEqual([
      { code: 'VITEJTE10', title: 'Vítejte', amount: 1_322, kind: 'code', discount_id: 'd', status: 'applied', message: null },
    ]);
    expect(summary.items_total).toBe(13_220);
    expect(summary.discount_total).toBe(1_322);
    expect(summary.total).toBe(11_898);
    // 10 890 at 21 % and 1 008 at 12 %: 9 000 + 900 without VAT.
    expect(summary.total_without_vat).toBe(9_000 + 900);
    expect(summary.vat).toBe(11_898 - 9_900);
  });

  it('shows an invalid code with 0 and spec 8’s text, the total untouched', () => {
    const items = [item('phone', 12_100, 21)];
    const pricing = priceDiscounts({
      lines: items,
      applied: [{ code: 'OLD', kind: 'code', discount: definition('d', { archived: true }), used: false }],
      automatic: [],
      at: AT,
    });
    const summary = summaryOf(document(items), 'CZK', { pricing, invalidText: 'Sleva v košíku už neplatí (odeberte ji).' });
    expect(summary.discounts).toEqual([
      {
        code: 'OLD',
        title: 'Vítejte',
        amount: 0,
        kind: 'code',
        discount_id: 'd',
        status: 'invalid',
        message: 'Sleva v košíku už neplatí (odeberte ji).',
      },
    ]);
    expect(summary.total).toBe(12_100);
    expect(summary.vat).toBe(2_100);
  });
});
