import { STAFF_ROLES, type Role } from '../roles';

/** The payments context's rows of the permission table. */
export const PAYMENTS_PERMISSIONS = {
  /** An order's payment as the ledger keeps it (status, notifications, late failures), for the order detail. */
  'payments.read': STAFF_ROLES,
} as const satisfies Record<string, readonly Role[]>;
