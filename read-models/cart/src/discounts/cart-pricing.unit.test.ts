import { describe, expect, it } from 'vitest';
import type { CartItem, DiscountLookup, PricingDefinition } from '@buyloop/cart';
import type { CartDocument } from '../projection';
import { cartDiscounts } from './cart-pricing';

const AT = '2026-11-24T10:00:00.000Z';
const phone: CartItem = {
  item_id: 'd',
  product: 'PHONE',
  name: 'Phone',
  kind: 'device',
  quantity: 1,
  unit_price: 10_000,
  vat_rate: 21,
  currency: 'CZK',
  parent_item_id: null,
  installment: null,
  warranty_months: null,
  warranty_bonus_months: null,
};
const definition = { id: 'd1', archived: false, title: 'Jednorázová', is_active: true, is_combinable: true } as PricingDefinition;
const full: PricingDefinition = {
  ...definition,
  marketing_name: null,
  is_public: false,
  is_automatic_assignment: false,
  is_isic: false,
  discount_type: 'absolute',
  discount_value: 500,
  valid_from: null,
  valid_to: null,
  codes: [],
  minimal_order_total: null,
  minimal_pieces: null,
  product_codes: [],
  product_kinds: [],
  is_discount_per_piece: false,
  is_cumulative_bonus: false,
  discount_detail_url: null,
  internal_note: null,
};
const lookup = (claimedBy: string | null): DiscountLookup => ({
  definition: async (id) => (id === 'd1' ? full : null),
  sharedCode: async () => null,
  singleUseCode: async (code) => ({ code, discount_id: 'd1', claimed_by: claimedBy }),
  isic: async () => null,
  automatic: async () => [],
});
const cart: CartDocument = {
  cart_id: 'c',
  items: [phone],
  handed_over_to: null,
  discount_codes: [{ code: 'aB3dE5fG7h', kind: 'code', discount_id: 'd1', single_use: true, card: null }],
  count: 1,
  updated_at: AT,
};

describe('a cart’s discounts looked up again', () => {
  it('counts a single-use code nobody holds, or the order being placed holds; another order’s claim makes it invalid', async () => {
    expect((await cartDiscounts(cart, lookup(null), AT))?.discount_total).toBe(500);
    expect((await cartDiscounts(cart, lookup('2600000001'), AT, { order_number: '2600000001' }))?.discount_total).toBe(500);
    const taken = await cartDiscounts(cart, lookup('2600000002'), AT, { order_number: '2600000001' });
    expect(taken?.discounts).toMatchObject([{ code: 'aB3dE5fG7h', status: 'invalid', amount: 0 }]);
  });

  it('is nothing for no cart or a handed-over one', async () => {
    expect(await cartDiscounts(null, lookup(null), AT)).toBe(null);
    expect(await cartDiscounts({ ...cart, handed_over_to: 'user_1' }, lookup(null), AT)).toBe(null);
  });
});
