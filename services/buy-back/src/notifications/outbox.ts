import type { SealedPersonalData } from '../personal-data/sealed';
import type { BuybackMailContext, BuybackMailKind } from './templates';

/*
 * What the buy-back's e-mails keep in the process manager's outbox: one
 * entry per e-mail, keyed by the id of the event that asked for it. It holds
 * what the e-mail is rendered from at send time (the event's data and the
 * sealed personal data, never opened data), so erasing the subject's key
 * still forgets the recipient, and a change of wording reaches e-mails still
 * waiting to be sent.
 */

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'dropped';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'sent', 'failed', 'dropped'];

/** Why an e-mail was given up without sending it. */
export type DropReason = 'personal_data_erased' | 'recipient_unknown';

/** The sealed data that names the recipient: the sale's (seller details) or the e-mailed offer's (contact). */
export interface SealedRecipient {
  readonly holds: 'seller' | 'contact';
  readonly sealed: SealedPersonalData;
}

/** One e-mail as the outbox keeps it until it is sent. */
export interface MailWork {
  readonly kind: BuybackMailKind;
  readonly buyout_number: string;
  /** The event's data as recorded. */
  readonly event: Readonly<Record<string, unknown>>;
  /** The buy-back as its stream told it when the e-mail was queued; null when the stream had no sale or offer. */
  readonly buyback: BuybackMailContext | null;
  readonly recipient: SealedRecipient | null;
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
