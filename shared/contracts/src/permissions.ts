import { ROLES, type Role } from './roles';
import { BUYBACK_PERMISSIONS } from './buy-back/capabilities';
import { IDENTITY_PERMISSIONS } from './identity/capabilities';
import { CATALOGUE_PERMISSIONS } from './catalogue/capabilities';
import { CART_PERMISSIONS } from './cart/capabilities';
import { PAYMENTS_PERMISSIONS } from './payments/capabilities';

/**
 * The one permission table (role × capability). Every route declares the
 * capability it needs when it is registered (secured-router.ts); one
 * middleware enforces it, and a test walks every registered route for every
 * role against this table. Capabilities name what a person may do, not
 * which screen shows it, so later slices reuse them.
 */
const everyone = ROLES;

/** What the platform itself serves, whatever modules run: health, status, operators' tools. */
export const PLATFORM_PERMISSIONS = {
  /** Health, status page, registration, login, password reset, the CSRF token. */
  public: everyone,
  /** Projections, rebuilds and metrics (the local ops token counts as an administrator). */
  'ops.projections': ['administrator'],
  'ops.metrics': ['administrator'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * Each bounded context keeps its rows in its own file (`<context>/capabilities.ts`)
 * and lists them on its module; the table is their union.
 */
export const PERMISSIONS = {
  ...PLATFORM_PERMISSIONS,
  ...IDENTITY_PERMISSIONS,
  ...BUYBACK_PERMISSIONS,
  ...CATALOGUE_PERMISSIONS,
  ...CART_PERMISSIONS,
  ...PAYMENTS_PERMISSIONS,
  /** The storefront's page and element views counted per day (spec 9): for those who run the shop's pages. */
  'analytics.read': ['catalogue_manager', 'administrator', 'supervisor'],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof PERMISSIONS;

export const CAPABILITIES = Object.keys(PERMISSIONS) as Capability[];

export const isCapability = (value: unknown): value is Capability => typeof value === 'string' && value in PERMISSIONS;

/** Whether someone holding `roles` may use `capability` (any role that grants it is enough). */
export function can(roles: readonly Role[], capability: Capability): boolean {
  const allowed: readonly Role[] = PERMISSIONS[capability];
  return roles.some((role) => allowed.includes(role));
}
