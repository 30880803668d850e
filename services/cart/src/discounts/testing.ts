/** Fixtures of the discount specs. */
import type { DiscountFields } from '@buyloop/contracts/cart/discounts';
import type { PricingDefinition } from './pricing';

export const AT = '2026-11-24T10:00:00.000Z';
export const ID = '11111111-1111-4111-8111-111111111111';

export const fields = (overrides: Partial<DiscountFields> = {}): DiscountFields => ({
  title: 'Ten off',
  marketing_name: null,
  is_active: true,
  is_public: false,
  is_combinable: false,
  is_automatic_assignment: false,
  is_isic: false,
  discount_type: 'percentage',
  discount_value: 10,
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
  ...overrides,
});

export const definition = (id: string, overrides: Partial<PricingDefinition> = {}): PricingDefinition => ({
  ...fields(),
  id,
  archived: false,
  ...overrides,
});
