import { describe, expect, it } from 'vitest';
import { can, CAPABILITIES, PERMISSIONS } from './permissions';
import { ROLES } from './roles';

describe('the permission table', () => {
  it('names only known roles, and every capability is granted to someone', () => {
    for (const capability of CAPABILITIES) {
      expect(PERMISSIONS[capability].length).toBeGreaterThan(0);
      for (const role of PERMISSIONS[capability]) expect(ROLES).toContain(role);
    }
  });

  it('holds the rules of spec section 6', () => {
    expect(can(['visitor'], 'account.password.change')).toBe(false);
    expect(can(['customer'], 'account.password.change')).toBe(true);
    expect(can(['shop_account'], 'account.personal.edit')).toBe(false);
    expect(can(['customer'], 'review.write')).toBe(false);
    expect(can(['verified_customer'], 'review.write')).toBe(true);
    expect(can(['finance'], 'approval.decide')).toBe(false);
    expect(can(['finance', 'supervisor'], 'approval.decide')).toBe(true);
    expect(can(['customer'], 'admin.users.read')).toBe(false);
  });
});
