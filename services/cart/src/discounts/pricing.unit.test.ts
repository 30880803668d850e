import { describe, expect, it } from 'vitest';
import { amountOf, priceDiscounts, spread, type AppliedCode, type PricedLine } from './pricing';
import { AT, definition } from './testing';

const line = (item_id: string, unit_price: number, quantity = 1, overrides: Partial<PricedLine> = {}): PricedLine => ({
  item_id,
  product: item_id.toUpperCase(),
  kind: 'device',
  quantity,
  unit_price,
  ...overrides,
});
const code = (value: string, discount: AppliedCode['discount'], used = false): AppliedCode => ({
  code: value,
  kind: 'code',
  discount,
  used,
});

describe('what a discount takes off', () => {
  const phone = line('phone', 10_000);
  const cases = line('case', 500, 2, { kind: 'accessory' });

  it('a percentage of its set, an amount once or per piece, a fixed price per piece or for the set', () => {
    expect(amountOf(definition('p', { discount_value: 10 }), [phone, cases])).toBe(1_100);
    expect(amountOf(definition('p', { discount_value: 10, product_kinds: ['accessory'] }), [phone, cases])).toBe(100);
    expect(amountOf(definition('a', { discount_type: 'absolute', discount_value: 300 }), [phone, cases])).toBe(300);
    expect(
      amountOf(
        definition('a', { discount_type: 'absolute', discount_value: 300, is_discount_per_piece: true, product_codes: ['CASE'] }),
        [phone, cases],
      ),
    ).toBe(600);
    expect(
      amountOf(
        definition('f', { discount_type: 'fixed', discount_value: 100, is_discount_per_piece: true, product_codes: ['CASE'] }),
        [phone, cases],
      ),
    ).toBe(800);
    expect(amountOf(definition('f', { discount_type: 'fixed', discount_value: 9_000, product_codes: ['PHONE'] }), [phone])).toBe(
      1_000,
    );
    // Never more than its set costs.
    expect(amountOf(definition('a', { discount_type: 'absolute', discount_value: 99_999 }), [cases])).toBe(1_000);
  });

  it('nothing when its conditions are not met: minimal total, minimal pieces, no line of its set', () => {
    expect(amountOf(definition('m', { minimal_order_total: 10_001 }), [phone])).toBe(0);
    expect(amountOf(definition('m', { minimal_order_total: 10_000 }), [phone])).toBe(1_000);
    expect(amountOf(definition('m', { minimal_pieces: 3, product_kinds: ['accessory'] }), [phone, cases])).toBe(0);
    expect(amountOf(definition('m', { product_codes: ['OTHER'] }), [phone])).toBe(0);
  });
});

describe('a discount limited to catalogue categories', () => {
  const iphone = line('iphone', 20_000, 1, { categories: ['phones', 'apple'] });
  const galaxy = line('galaxy', 10_000, 1, { categories: ['phones', 'samsung'] });
  const appleCase = line('case', 500, 2, { kind: 'accessory', categories: ['accessories', 'apple'] });
  const unknown = line('old', 1_000);

  it('takes off only the lines in one of its categories', () => {
    const apple = definition('c', { discount_value: 10, categories: ['apple'] });
    expect(amountOf(apple, [iphone, galaxy, appleCase, unknown])).toBe(2_100);
    expect(amountOf(definition('c', { discount_value: 10, categories: ['samsung', 'tablets'] }), [iphone, galaxy])).toBe(1_000);
    // A line whose categories the cart never learnt is in none of them.
    expect(amountOf(apple, [unknown])).toBe(0);
    // No categories: every line, as before.
    expect(amountOf(definition('c', { discount_value: 10, categories: [] }), [iphone, unknown])).toBe(2_100);
  });

  it('narrows the product set: kinds and codes still have to match', () => {
    expect(
      amountOf(definition('c', { discount_value: 10, categories: ['apple'], product_kinds: ['accessory'] }), [iphone, appleCase]),
    ).toBe(100);
    expect(
      amountOf(definition('c', { discount_value: 10, categories: ['samsung'], product_codes: ['IPHONE'] }), [iphone, galaxy]),
    ).toBe(0);
  });

  it('counts its minimal pieces within its categories, and is spread over those lines only', () => {
    const twoApple = definition('c', {
      discount_type: 'absolute',
      discount_value: 300,
      minimal_pieces: 3,
      categories: ['apple'],
    });
    expect(amountOf(twoApple, [iphone, galaxy])).toBe(0);
    expect(amountOf(twoApple, [iphone, appleCase])).toBe(300);
    const pricing = priceDiscounts({
      lines: [iphone, galaxy, appleCase],
      applied: [code('APPLE', definition('c', { discount_value: 10, categories: ['apple'] }))],
      automatic: [],
      at: AT,
    });
    expect(pricing.allocation).toEqual({ iphone: 2_000, case: 100 });
  });
});

describe('a cart’s discounts (priceDiscounts)', () => {
  const lines = [line('phone', 10_000), line('book', 1_000, 1, { kind: 'accessory' })];

  it('applies a valid code and spreads it over the lines in proportion', () => {
    const pricing = priceDiscounts({ lines, applied: [code('TEN', definition('d1'))], automatic: [], at: AT });
    expect(pricing.discounts).toEqual([
      { code: 'TEN', kind: 'code', discount_id: 'd1', title: 'Ten off', amount: 1_100, status: 'applied' },
    ]);
    expect(pricing.discount_total).toBe(1_100);
    expect(pricing.allocation).toEqual({ phone: 1_000, book: 100 });
  });

  it('lists a code that stopped being valid as invalid with 0, never drops it (spec 8)', () => {
    const at = AT;
    const cases: AppliedCode[] = [
      code('GONE', null),
      code('OFF', definition('off', { is_active: false })),
      code('OLD', definition('old', { valid_to: '2026-11-01T00:00:00.000Z' })),
      code('SOON', definition('soon', { valid_from: '2026-12-01T00:00:00.000Z' })),
      code('ARCH', definition('arch', { archived: true })),
      code('USED', definition('used'), true),
      code('BIG', definition('big', { minimal_order_total: 50_000 })),
    ];
    const pricing = priceDiscounts({ lines, applied: cases, automatic: [], at });
    expect(pricing.discounts.map((discount) => [discount.code, discount.status, discount.amount])).toEqual(
      cases.map((applied) => [applied.code, 'invalid', 0]),
    );
    expect(pricing.discount_total).toBe(0);
  });

  it('adds combinable discounts together; a non-combinable one stands alone when it takes more (the customer’s best)', () => {
    const a = definition('a', { is_combinable: true, discount_type: 'absolute', discount_value: 500 });
    const b = definition('b', { is_combinable: true, discount_type: 'absolute', discount_value: 400 });
    const alone = definition('c', { is_combinable: false, discount_type: 'absolute', discount_value: 800 });
    const together = priceDiscounts({ lines, applied: [code('A', a), code('B', b), code('C', alone)], automatic: [], at: AT });
    expect(together.discounts.map((discount) => [discount.code, discount.status, discount.amount])).toEqual([
      ['A', 'applied', 500],
      ['B', 'applied', 400],
      ['C', 'not_combined', 0],
    ]);
    const better = definition('c', { is_combinable: false, discount_type: 'absolute', discount_value: 1_000 });
    const alone1 = priceDiscounts({ lines, applied: [code('A', a), code('B', b), code('C', better)], automatic: [], at: AT });
    expect(alone1.discounts.map((discount) => [discount.code, discount.status, discount.amount])).toEqual([
      ['A', 'not_combined', 0],
      ['B', 'not_combined', 0],
      ['C', 'applied', 1_000],
    ]);
  });

  it('applies automatic definitions without a code when the cart meets them; unmet ones are not listed', () => {
    const auto = definition('auto', {
      is_automatic_assignment: true,
      is_combinable: true,
      discount_type: 'absolute',
      discount_value: 200,
    });
    const unmet = definition('unmet', { is_automatic_assignment: true, is_combinable: true, minimal_order_total: 99_999 });
    const pricing = priceDiscounts({ lines, applied: [], automatic: [auto, unmet], at: AT });
    expect(pricing.discounts).toEqual([
      { code: '', kind: 'automatic', discount_id: 'auto', title: 'Ten off', amount: 200, status: 'applied' },
    ]);
  });

  it('counts one definition once however many of its codes are held, and never more than the items', () => {
    const d = definition('d', { is_combinable: true, discount_type: 'absolute', discount_value: 8_000 });
    const e = definition('e', { is_combinable: true, discount_type: 'absolute', discount_value: 8_000 });
    const pricing = priceDiscounts({ lines, applied: [code('D1', d), code('D2', d), code('E', e)], automatic: [], at: AT });
    expect(pricing.discounts.map((discount) => [discount.code, discount.status])).toEqual([
      ['D1', 'applied'],
      ['D2', 'not_combined'],
      ['E', 'applied'],
    ]);
    expect(pricing.discount_total).toBe(11_000);
    expect(pricing.allocation).toEqual({ phone: 10_000, book: 1_000 });
  });
});

describe('spreading an amount in whole units', () => {
  it('in proportion, the remainders to the largest fractions, never beyond the parts', () => {
    expect(spread(9, [3, 3, 3])).toEqual([3, 3, 3]);
    expect(spread(10, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(spread(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spread(7, [10, 20])).toEqual([2, 5]);
    expect(spread(0, [10])).toEqual([0]);
  });
});
