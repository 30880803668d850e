/**
 * The roles of spec section 6. A visitor is nobody in particular; customers,
 * verified customers and shop accounts buy; the staff roles work in the back
 * office. A staff member may hold several staff roles (finance and
 * supervisor, say); a customer account holds exactly one customer role.
 */
export const CUSTOMER_ROLES = ['customer', 'verified_customer', 'shop_account'] as const;
export const STAFF_ROLES = [
  'warehouse',
  'buyback_technician',
  /** Products, categories, prices and images in the back office. */
  'catalogue_manager',
  'customer_support',
  'finance',
  'administrator',
  'supervisor',
] as const;
export const ROLES = ['visitor', ...CUSTOMER_ROLES, ...STAFF_ROLES] as const;

export type CustomerRole = (typeof CUSTOMER_ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = (typeof ROLES)[number];
/** Roles an account can hold (a visitor has no account). */
export type AccountRole = CustomerRole | StaffRole;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
export const isCustomerRole = (value: unknown): value is CustomerRole =>
  typeof value === 'string' && (CUSTOMER_ROLES as readonly string[]).includes(value);

/** Valid account roles: one customer role alone, or one or more staff roles. */
export function validAccountRoles(roles: readonly unknown[]): roles is readonly AccountRole[] {
  if (roles.length === 0 || new Set(roles).size !== roles.length) return false;
  if (roles.length === 1 && isCustomerRole(roles[0])) return true;
  return roles.every(isStaffRole);
}
