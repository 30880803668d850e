import { describe, expect, it } from 'vitest';
import { can, menuFor } from './permissions';

const keys = (roles: string[]) => menuFor(roles).map((item) => item.key);

describe('the back office menu follows the permission table', () => {
  it('shows each role what it may use', () => {
    const shared = ['buybacks', 'price-lists', 'catalogue', 'categories', 'discounts', 'orders', 'blacklist'];
    // The shop's traffic (analytics) is for those who run its pages.
    const withAnalytics = ['buybacks', 'price-lists', 'catalogue', 'categories', 'discounts', 'orders', 'analytics', 'blacklist'];
    expect(keys(['warehouse'])).toEqual(shared);
    expect(keys(['catalogue_manager'])).toEqual(withAnalytics);
    expect(keys(['customer_support'])).toEqual([...shared, 'mail', 'users']);
    expect(keys(['supervisor'])).toEqual([...withAnalytics, 'mail', 'users', 'approvals']);
    expect(keys(['finance', 'supervisor'])).toContain('approvals');
  });

  it('shows nothing to customers or to roles it does not know', () => {
    expect(keys(['customer'])).toEqual([]);
    expect(keys(['root'])).toEqual([]);
  });

  it('answers what a role may do from the same table', () => {
    expect(can(['finance'], 'buyback.payout')).toBe(true);
    expect(can(['buyback_technician'], 'buyback.price_lists')).toBe(false);
    expect(can(['catalogue_manager'], 'catalogue.prices')).toBe(true);
    expect(can(['warehouse'], 'catalogue.manage')).toBe(false);
    expect(can(['warehouse'], 'stock.manage')).toBe(true);
  });
});
