/**
 * The back office's menu over the one permission table (@buyloop/contracts,
 * which the API enforces): this only decides what to show.
 */
import { can as canWithRoles, isRole, STAFF_ROLES, type Capability } from '@buyloop/contracts';

export type { Capability };

/** The roles come from the API as plain strings; one the table does not know grants nothing. */
export const can = (roles: readonly string[], capability: Capability): boolean => canWithRoles(roles.filter(isRole), capability);

export const isStaff = (roles: readonly string[]): boolean =>
  roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));

export type MenuKey =
  | 'buybacks'
  | 'price-lists'
  | 'catalogue'
  | 'categories'
  | 'discounts'
  | 'orders'
  | 'analytics'
  | 'blacklist'
  | 'mail'
  | 'users'
  | 'approvals';

export interface MenuItem {
  readonly key: MenuKey;
  readonly path: string;
  readonly capability: Capability;
}

/** The back office's sections in menu order, each with what opening it needs. */
export const MENU: readonly MenuItem[] = [
  { key: 'buybacks', path: '/buybacks', capability: 'buyback.read' },
  { key: 'price-lists', path: '/price-lists', capability: 'buyback.read' },
  { key: 'catalogue', path: '/catalogue', capability: 'catalogue.read' },
  { key: 'categories', path: '/categories', capability: 'catalogue.read' },
  { key: 'discounts', path: '/discounts', capability: 'discounts.read' },
  { key: 'orders', path: '/orders', capability: 'orders.read' },
  { key: 'analytics', path: '/analytics', capability: 'analytics.read' },
  { key: 'blacklist', path: '/blacklist', capability: 'buyback.blacklist.read' },
  { key: 'mail', path: '/mail', capability: 'mail.read' },
  { key: 'users', path: '/users', capability: 'admin.users.read' },
  { key: 'approvals', path: '/approvals', capability: 'approval.decide' },
];

export const menuFor = (roles: readonly string[]): MenuItem[] => MENU.filter((item) => can(roles, item.capability));
