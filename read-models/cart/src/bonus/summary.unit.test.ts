import { describe, expect, it } from 'vitest';
import { summaryOf } from '../summary';
import type { CartDocument } from '../projection';

describe('the summary with a buy-back bonus', () => {
  it('lists the bonus with its buy-back and basis and takes it off the total and its line’s VAT', () => {
    const document: CartDocument = {
      cart_id: 'c',
      items: [
        {
          item_id: 'd',
          product: 'PHONE',
          name: 'Phone',
          kind: 'device',
          quantity: 1,
          unit_price: 20_000,
          vat_rate: 21,
          currency: 'CZK',
          parent_item_id: null,
          installment: null,
          warranty_months: null,
          warranty_bonus_months: null,
        },
      ],
      handed_over_to: null,
      discount_codes: [],
      buyback_bonuses: [{ item_id: 'd', buyback_number: '261124000001', amount: 880, percent: 10, basis: 8_800, cap: 2_000 }],
      count: 1,
      updated_at: '2026-11-24T10:00:00.000Z',
    };
    const summary = summaryOf(document, 'CZK');
    expect(summary.bonuses).toEqual([
      { kind: 'buyback', item_id: 'd', months: null, amount: 880, buyback_number: '261124000001', percent: 10, basis: 8_800 },
    ]);
    expect(summary).toMatchObject({ items_total: 20_000, discount_total: 0, total: 19_120 });
    expect(summary.total_without_vat).toBe(Math.round(19_120 / 1.21));
    expect(summaryOf({ ...document, handed_over_to: 'user_1' }, 'CZK')).toMatchObject({ bonuses: [], total: 0 });
  });
});
