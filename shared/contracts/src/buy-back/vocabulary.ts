import type { Capability } from '../permissions';

/**
 * The buy-back's words as the API speaks them and the front ends show them:
 * plain lists with no zod, so a browser bundle that imports them stays small.
 * The write side (services/buy-back) and the read side build on these lists
 * instead of restating them.
 */

/** Every status a buy-back can be in once it exists, in the order a buy-back usually passes them. */
export const BUYBACK_STATUSES = [
  'offered',
  'submitted',
  'awaiting_device',
  'received',
  'inspected',
  'quarantined',
  'revised',
  'approved',
  'payout_ordered',
  'paid',
  'completed',
  'returning',
  'returned',
  'cancelled',
  'reported',
] as const;
export type BuybackStatus = (typeof BUYBACK_STATUSES)[number];

/** The grades a device can get, best first (spec section 9: sorted by quality weight). */
export const QUALITIES = ['A+', 'A', 'B', 'C', 'D'] as const;
export type Quality = (typeof QUALITIES)[number];

export const DEVICE_TYPES = ['phone', 'tablet', 'smartwatch'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const PICKUP_METHODS = ['courier', 'centre'] as const;
export type PickupMethod = (typeof PICKUP_METHODS)[number];

export const QUARANTINE_REASONS = ['imei_blacklisted', 'imei_mismatch'] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];

export const REVISED_OFFER_OUTCOMES = ['open', 'accepted', 'rejected', 'expired'] as const;
export type RevisedOfferOutcome = (typeof REVISED_OFFER_OUTCOMES)[number];

/** What the grid flags: a sale nobody touched for 30 minutes, a revised offer about to expire, a quarantine. */
export const BUYBACK_FLAGS = ['untouched_30_min', 'revised_offer_expiring', 'quarantined'] as const;
export type BuybackFlag = (typeof BUYBACK_FLAGS)[number];

/** How the storefront renders a condition question, and what the question is about. */
export const CONDITION_TYPES = ['radio', 'select'] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const CONDITION_ROLES = ['general', 'original_charger', 'battery'] as const;
export type ConditionRole = (typeof CONDITION_ROLES)[number];

export const IMEI_BLACKLIST_SOURCES = ['police', 'gsma', 'staff'] as const;
export type ImeiBlacklistSource = (typeof IMEI_BLACKLIST_SOURCES)[number];

export const MAIL_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'dropped'] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];

/**
 * The back office's commands on one buy-back (`POST /api/admin/buybacks/{number}/<action>`)
 * and the capability each needs. Which of them a buy-back allows is the
 * decider's answer (the detail's `available_actions`), never a second table.
 */
export const STAFF_ACTIONS = {
  'order-pickup': 'buyback.logistics',
  receive: 'buyback.logistics',
  inspect: 'buyback.inspect',
  'release-quarantine': 'buyback.inspect',
  'report-quarantine': 'buyback.inspect',
  approve: 'buyback.inspect',
  'revise-offer': 'buyback.inspect',
  'return-device': 'buyback.logistics',
  'order-payout': 'buyback.payout',
  'confirm-payout': 'buyback.payout',
  complete: 'buyback.payout',
  cancel: 'buyback.cancel',
} as const satisfies Readonly<Record<string, Capability>>;
export type StaffActionName = keyof typeof STAFF_ACTIONS;
export const STAFF_ACTION_NAMES = Object.keys(STAFF_ACTIONS) as StaffActionName[];
export const isStaffActionName = (value: unknown): value is StaffActionName =>
  typeof value === 'string' && Object.hasOwn(STAFF_ACTIONS, value);

/** What the customer may do with the token from their e-mail (`POST /api/buyout/{number}/<action>`). */
export const CUSTOMER_ACTIONS = ['accept-revised-offer', 'reject-revised-offer', 'cancel'] as const;
export type CustomerActionName = (typeof CUSTOMER_ACTIONS)[number];
