import type { CollectionDefinition, Document } from '@buyloop/document-store';
import type { SealedPersonalData } from '../personal-data/sealed';
import type { BuybackMailContext, BuybackMailKind } from './templates';

/*
 * The notifier's outbox: one document per e-mail, keyed by the id of the
 * event that asked for it. It holds what the e-mail is rendered from at send
 * time (the event's data and the sealed personal data, never opened data),
 * so erasing the subject's key still forgets the recipient, and a change of
 * wording reaches e-mails still waiting to be sent.
 */

export const OUTBOX_COLLECTION = 'buyback_mail_outbox';
export const NOTIFIER_STATE_COLLECTION = 'buyback_notifier_state';
export const NOTIFIER_STATE_ID = 'buyback-notifier';
export const NOTIFIER_LEASE = 'buyback-notifier';

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'dropped';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'sent', 'failed', 'dropped'];

/** Why an e-mail was given up without sending it. */
export type DropReason = 'personal_data_erased' | 'recipient_unknown';

/** The sealed data that names the recipient: the sale's (seller details) or the e-mailed offer's (contact). */
export interface SealedRecipient {
  readonly holds: 'seller' | 'contact';
  readonly sealed: SealedPersonalData;
}

export interface OutboxDocument extends Document {
  readonly event_id: string;
  readonly event_type: string;
  readonly stream: string;
  /** The event's global position, to order e-mails of one instant. */
  readonly position: number;
  readonly kind: BuybackMailKind;
  readonly buyout_number: string;
  readonly status: DeliveryStatus;
  /** Every attempt to send, retries by the back office included. */
  readonly attempts: number;
  /** Attempts since the entry was queued or last retried by hand: the back-off and the limit count these. */
  readonly round_attempts: number;
  /** When the delivery loop takes it next; null once it is no longer pending. */
  readonly next_attempt_at: string | null;
  readonly last_attempt_at: string | null;
  readonly last_error: string | null;
  readonly sent_at: string | null;
  readonly message_id: string | null;
  readonly dropped_reason: DropReason | null;
  /** When the event asking for the e-mail was recorded. */
  readonly created_at: string;
  readonly enqueued_at: string;
  /** The event's data as recorded. */
  readonly event: Readonly<Record<string, unknown>>;
  /** The buy-back as its stream told it when the e-mail was queued; null when the stream had no sale or offer. */
  readonly buyback: BuybackMailContext | null;
  readonly recipient: SealedRecipient | null;
}

export interface NotifierState extends Document {
  /** Where the subscription resumes; null before the first event. */
  readonly checkpoint: string | null;
  readonly position: string;
  readonly updated_at: string;
}

export const OUTBOX_DEFINITION: CollectionDefinition = {
  name: OUTBOX_COLLECTION,
  fields: {
    status: { path: 'status', type: 'string' },
    next_attempt_at: { path: 'next_attempt_at', type: 'date' },
    buyout_number: { path: 'buyout_number', type: 'string' },
    kind: { path: 'kind', type: 'string' },
    created_at: { path: 'created_at', type: 'date' },
    position: { path: 'position', type: 'number' },
  },
  indexes: [['status', 'next_attempt_at'], 'created_at', 'buyout_number'],
};

export const NOTIFIER_STATE_DEFINITION: CollectionDefinition = { name: NOTIFIER_STATE_COLLECTION, fields: {} };

export interface RetryPolicy {
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 5_000, maxDelayMs: 30 * 60_000, maxAttempts: 20 };

/** The wait after the `failures`-th failed attempt in a row: base, 2 × base, 4 × base, … up to the cap. */
export function backoffDelay(failures: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, failures - 1);
  // 2^exponent overflows to Infinity long after the cap is reached; min() keeps it finite.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
}

/** What the back office sees of an entry: everything but the event data and the sealed recipient. */
export interface OutboxItem {
  readonly id: string;
  readonly kind: BuybackMailKind;
  readonly buyout_number: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_error: string | null;
  readonly last_attempt_at: string | null;
  readonly next_attempt_at: string | null;
  readonly sent_at: string | null;
  readonly dropped_reason: DropReason | null;
  readonly created_at: string;
}

export const outboxItem = (id: string, d: OutboxDocument): OutboxItem => ({
  id,
  kind: d.kind,
  buyout_number: d.buyout_number,
  status: d.status,
  attempts: d.attempts,
  last_error: d.last_error,
  last_attempt_at: d.last_attempt_at,
  next_attempt_at: d.next_attempt_at,
  sent_at: d.sent_at,
  dropped_reason: d.dropped_reason,
  created_at: d.created_at,
});
