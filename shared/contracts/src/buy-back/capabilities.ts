import { STAFF_ROLES, type Role } from '../roles';

const staff = STAFF_ROLES;

/** The buy-back context's rows of the permission table. */
export const BUYBACK_PERMISSIONS = {
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
} as const satisfies Record<string, readonly Role[]>;
