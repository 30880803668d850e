import { ROLES, STAFF_ROLES, type Role } from '../roles';

const signedIn = ROLES.filter((role) => role !== 'visitor');
const customers = ['customer', 'verified_customer'] as const satisfies readonly Role[];
const staff = STAFF_ROLES;

/** The identity context's rows of the permission table: accounts, staff accounts, the supervisor check. */
export const IDENTITY_PERMISSIONS = {
  /** Who am I, log out, my account overview. */
  'session.own': signedIn,
  /** Spec 6: unlogged users cannot change the password. */
  'account.password.change': signedIn,
  /** Spec 6: a shop account cannot edit personal info (its addresses are personal info too). */
  'account.personal.edit': [...customers, ...staff],
  'account.addresses.manage': [...customers],
  'account.remove': [...customers],
  /** Spec 6: only a customer who has bought and received a product reviews it. */
  'review.write': ['verified_customer'],
  'admin.users.read': ['customer_support', 'administrator', 'supervisor'],
  'admin.users.manage': ['administrator'],
  /** Any staff member may ask for the supervisor check; only a supervisor gives it. */
  'approval.request': staff,
  'approval.read': staff,
  'approval.decide': ['supervisor'],
} as const satisfies Record<string, readonly Role[]>;
