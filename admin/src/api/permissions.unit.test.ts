import { describe, expect, it } from 'vitest';
import { menuFor } from './permissions';

const keys = (roles: string[]) => menuFor(roles).map((item) => item.key);

describe('the back office menu follows the permission table', () => {
  it('shows each role what it may use', () => {
    expect(keys(['warehouse'])).toEqual(['buybacks', 'price-lists', 'blacklist']);
    expect(keys(['customer_support'])).toEqual(['buybacks', 'price-lists', 'blacklist', 'mail', 'users']);
    expect(keys(['supervisor'])).toEqual(['buybacks', 'price-lists', 'blacklist', 'mail', 'users', 'approvals']);
    expect(keys(['finance', 'supervisor'])).toContain('approvals');
  });

  it('shows nothing to customers or to roles it does not know', () => {
    expect(keys(['customer'])).toEqual([]);
    expect(keys(['root'])).toEqual([]);
  });
});
