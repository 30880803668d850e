import { CUSTOMER_ROLES, STAFF_ROLES, type Role } from '../roles';

const staff = STAFF_ROLES;
const salesWork = ['customer_support', 'administrator', 'supervisor'] as const satisfies readonly Role[];

/** The cart context's rows of the permission table: discounts and orders as the back office sees them. */
export const CART_PERMISSIONS = {
  /** Discount definitions and their codes, read. */
  'discounts.read': staff,
  /** Discount definitions: create, change, archive, generate single-use codes. */
  'discounts.manage': ['catalogue_manager', 'administrator', 'supervisor'],
  /** Orders, their payments and deliveries as the back office shows them. */
  'orders.read': staff,
  /** Staff actions on an order: cancel with a reason, confirm a withdrawal, mark shipped or delivered. */
  'orders.manage': salesWork,
  /** One's own orders, as "my orders" in the account lists them: anyone signed in. */
  'orders.own': [...CUSTOMER_ROLES, ...STAFF_ROLES],
} as const satisfies Record<string, readonly Role[]>;
