import { IllegalState, NotFound, type OutboxEntry, type OutboxStatus, type ProcessManagerOutbox } from '@buyloop/kit';
import type { DeliveryStatus, DropReason, MailWork, OutboxItem } from './outbox';

export interface Delivery {
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_error: string | null;
  readonly sent_at: string | null;
}

/** 'failed_attempt': at least one attempt failed (it is being retried) or the e-mail was given up. */
export type DeliveryWait = 'sent' | 'failed_attempt' | 'pending';

export interface MailboxQuery {
  readonly status?: DeliveryStatus;
  /** 50 unless told; at most 1000. */
  readonly limit?: number;
  readonly offset?: number;
}

export interface MailboxPage {
  readonly items: readonly OutboxItem[];
  readonly total: number;
}

const toDeliveryStatus = (status: OutboxStatus): DeliveryStatus => (status === 'delivered' ? 'sent' : status);
const toOutboxStatus = (status: DeliveryStatus): OutboxStatus => (status === 'sent' ? 'delivered' : status);

const itemOf = (entry: OutboxEntry<MailWork>): OutboxItem => ({
  id: entry.id,
  kind: entry.payload.kind,
  buyout_number: entry.payload.buyout_number,
  status: toDeliveryStatus(entry.status),
  attempts: entry.attempts,
  last_error: entry.last_error,
  last_attempt_at: entry.last_attempt_at,
  next_attempt_at: entry.next_attempt_at,
  sent_at: entry.delivered_at,
  dropped_reason: entry.dropped_reason as DropReason | null,
  created_at: entry.created_at,
});

const deliveryOf = (entry: OutboxEntry<MailWork>): Delivery => ({
  status: toDeliveryStatus(entry.status),
  attempts: entry.attempts,
  last_error: entry.last_error,
  sent_at: entry.delivered_at,
});

/**
 * The buy-back's e-mails as the back office's mail page and the command
 * routes see them, in the buy-back's words (sent, not delivered), read from
 * the notifier's outbox on the shared process-manager runner.
 */
export class BuybackMailbox {
  constructor(private readonly entries: ProcessManagerOutbox<MailWork>) {}

  /** Newest first. */
  async outbox(query: MailboxQuery = {}): Promise<MailboxPage> {
    const page = await this.entries.list({
      ...(query.status ? { status: toOutboxStatus(query.status) } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      ...(query.offset !== undefined ? { offset: query.offset } : {}),
    });
    return { items: page.items.map(itemOf), total: page.total };
  }

  /** The delivery of the e-mail an event asked for; null when it is not queued (yet). */
  async deliveryOf(eventId: string): Promise<Delivery | null> {
    const entry = await this.entries.get(eventId);
    return entry ? deliveryOf(entry) : null;
  }

  /**
   * Waits up to `timeoutMs` for the first outcome of an event's e-mail:
   * 'sent'; 'failed_attempt' when the first attempt failed (it will be
   * retried) or the e-mail was given up; 'pending' when neither happened in time.
   */
  async waitForDelivery(eventId: string, timeoutMs: number): Promise<DeliveryWait> {
    const entry = await this.entries.settled(eventId, timeoutMs);
    if (!entry) return 'pending';
    if (entry.status === 'delivered') return 'sent';
    if (entry.status === 'failed' || entry.status === 'dropped' || entry.attempts > 0) return 'failed_attempt';
    return 'pending';
  }

  /**
   * Queues a failed e-mail again for a full round of attempts. Only failed
   * ones: a pending one is already queued, a sent one would reach the
   * customer twice, a dropped one has no recipient to send to.
   */
  async retry(id: string): Promise<void> {
    const answer = await this.entries.retry(id);
    if (answer.retried) return;
    if (!answer.entry) throw new NotFound('buyback.mail_not_found', `No e-mail ${id} in the outbox`, { id });
    const status = toDeliveryStatus(answer.entry.status);
    throw new IllegalState('buyback.mail_not_retryable', `E-mail ${id} is ${status}, not failed`, { status });
  }
}
