/** Fixtures of the cart's specs: offers as the catalogue would answer them, and the events they make. */
import type { CartEvent, CartItem } from './events';
import type { ProductOffer } from './offers';

export const AT = '2026-11-24T10:00:00.000Z';

export const offer = (code: string, overrides: Partial<ProductOffer> = {}): ProductOffer => ({
  code,
  name: `Product ${code}`,
  kind: 'device',
  price: 10_000,
  vat_rate: 21,
  currency: 'CZK',
  for_sale: true,
  available: 5,
  extension_months: null,
  insurance: [],
  warranty_extensions: [],
  ...overrides,
});

export const PHONE = offer('PHONE', { price: 20_000, insurance: ['INS'], warranty_extensions: ['WAR12', 'WAR24'] });
export const CASE = offer('CASE', { kind: 'accessory', price: 500, available: 100 });
export const INSURANCE = offer('INS', { kind: 'insurance', price: 1_500, available: null });
export const EXTENSION = offer('WAR12', { kind: 'warranty_extension', price: 900, available: null, extension_months: 12 });

export const line = (item_id: string, from: ProductOffer, overrides: Partial<CartItem> = {}): CartItem => ({
  item_id,
  product: from.code,
  name: from.name,
  kind: from.kind,
  quantity: 1,
  unit_price: from.price ?? 0,
  vat_rate: from.vat_rate,
  currency: from.currency,
  parent_item_id: null,
  installment: null,
  warranty_months: null,
  warranty_bonus_months: null,
  ...overrides,
});

export const added = (item: CartItem): CartEvent => ({ type: 'CartItemAdded', data: { item, at: AT } });
