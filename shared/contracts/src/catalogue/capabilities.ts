import { ROLES, STAFF_ROLES, type Role } from '../roles';

const staff = STAFF_ROLES;
const catalogueWork = ['catalogue_manager', 'administrator', 'supervisor'] as const satisfies readonly Role[];

/** The catalogue context's rows of the permission table. */
export const CATALOGUE_PERMISSIONS = {
  /** Products, categories, prices and stock as the back office shows them. */
  'catalogue.read': staff,
  /** Products, variants, meta masters, relations, attributes, SEO texts, images, categories and their imports. */
  'catalogue.manage': catalogueWork,
  /** Prices and time-limited offers (and the price CSV import). */
  'catalogue.prices': catalogueWork,
  /** Stock per location as the back office shows it. */
  'stock.read': staff,
  /** Receipts, counts and transfers: the warehouse and the catalogue's managers. */
  'stock.manage': ['warehouse', ...catalogueWork],
  /** One's own favourites (the storefront's heart), kept in the account: anyone signed in. */
  'favourites.own': ROLES.filter((role) => role !== 'visitor'),
} as const satisfies Record<string, readonly Role[]>;
