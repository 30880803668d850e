import { ROLES, STAFF_ROLES, type Role } from './roles';

/**
 * The one permission table (role × capability). Every route declares the
 * capability it needs when it is registered (secured-router.ts); one
 * middleware enforces it, and a test walks every registered route for every
 * role against this table. Capabilities name what a person may do, not
 * which screen shows it, so later slices reuse them.
 */
const everyone = ROLES;
const signedIn = ROLES.filter((role) => role !== 'visitor');
const customers = ['customer', 'verified_customer'] as const satisfies readonly Role[];
const staff = STAFF_ROLES;

export const PERMISSIONS = {
  /** Health, status page, registration, login, password reset, the CSRF token. */
  public: everyone,
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
  /** Buy-backs in the back office: the grid, the detail, the contract, the counts. */
  'buyback.read': staff,
  /** The device's journey: courier pickup, receipt, return to the customer. */
  'buyback.logistics': ['warehouse', 'buyback_technician', 'supervisor', 'administrator'],
  /** Inspection, quarantine, approval and revised offers. */
  'buyback.inspect': ['buyback_technician', 'supervisor', 'administrator'],
  /** Ordering and confirming payouts (above the configured amount with the supervisor check). */
  'buyback.payout': ['finance', 'supervisor'],
  'buyback.cancel': ['customer_support', 'buyback_technician', 'supervisor', 'administrator'],
  /** Publishing buy-back price lists (CSV import). */
  'buyback.price_lists': ['administrator', 'supervisor'],
  'buyback.blacklist.read': staff,
  'buyback.blacklist.manage': ['buyback_technician', 'supervisor', 'administrator'],
  /** Right to erasure: destroys a data subject's key. */
  'personal_data.erase': ['administrator', 'supervisor'],
  /** Outgoing mail: the outbox and, in development, the embedded catcher's messages. */
  'mail.read': ['customer_support', 'administrator', 'supervisor'],
  /** Projections, rebuilds and metrics (the local ops token counts as an administrator). */
  'ops.projections': ['administrator'],
  'ops.metrics': ['administrator'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof PERMISSIONS;

export const CAPABILITIES = Object.keys(PERMISSIONS) as Capability[];

export const isCapability = (value: unknown): value is Capability => typeof value === 'string' && value in PERMISSIONS;

/** Whether someone holding `roles` may use `capability` (any role that grants it is enough). */
export function can(roles: readonly Role[], capability: Capability): boolean {
  const allowed: readonly Role[] = PERMISSIONS[capability];
  return roles.some((role) => allowed.includes(role));
}
