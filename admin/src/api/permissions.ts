/**
 * The part of the permission table (services/identity/src/permissions.ts)
 * the back office's menu and pages need. The API enforces it; this only
 * decides what to show.
 */
export const STAFF_ROLES = [
  'warehouse',
  'buyback_technician',
  'customer_support',
  'finance',
  'administrator',
  'supervisor',
] as const;

const staff = STAFF_ROLES;

export const PERMISSIONS = {
  'buyback.read': staff,
  'buyback.logistics': ['warehouse', 'buyback_technician', 'supervisor', 'administrator'],
  'buyback.inspect': ['buyback_technician', 'supervisor', 'administrator'],
  'buyback.payout': ['finance', 'supervisor'],
  'buyback.cancel': ['customer_support', 'buyback_technician', 'supervisor', 'administrator'],
  'buyback.price_lists': ['administrator', 'supervisor'],
  'buyback.blacklist.read': staff,
  'buyback.blacklist.manage': ['buyback_technician', 'supervisor', 'administrator'],
  'personal_data.erase': ['administrator', 'supervisor'],
  'mail.read': ['customer_support', 'administrator', 'supervisor'],
  'admin.users.read': ['customer_support', 'administrator', 'supervisor'],
  'approval.request': staff,
  'approval.read': staff,
  'approval.decide': ['supervisor'],
} as const satisfies Record<string, readonly string[]>;

export type Capability = keyof typeof PERMISSIONS;

export function can(roles: readonly string[], capability: Capability): boolean {
  const allowed: readonly string[] = PERMISSIONS[capability];
  return roles.some((role) => allowed.includes(role));
}

export const isStaff = (roles: readonly string[]): boolean =>
  roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));

export type MenuKey = 'buybacks' | 'price-lists' | 'blacklist' | 'mail' | 'users' | 'approvals';

export interface MenuItem {
  readonly key: MenuKey;
  readonly path: string;
  readonly capability: Capability;
}

/** The back office's sections in menu order, each with what opening it needs. */
export const MENU: readonly MenuItem[] = [
  { key: 'buybacks', path: '/buybacks', capability: 'buyback.read' },
  { key: 'price-lists', path: '/price-lists', capability: 'buyback.read' },
  { key: 'blacklist', path: '/blacklist', capability: 'buyback.blacklist.read' },
  { key: 'mail', path: '/mail', capability: 'mail.read' },
  { key: 'users', path: '/users', capability: 'admin.users.read' },
  { key: 'approvals', path: '/approvals', capability: 'approval.decide' },
];

export const menuFor = (roles: readonly string[]): MenuItem[] => MENU.filter((item) => can(roles, item.capability));
