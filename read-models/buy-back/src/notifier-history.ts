import type { Document, DocumentStore, WriteOperation } from '@buyloop/document-store';
import { NotFound, type OutboxEntry, type OutboxStatus } from '@buyloop/kit';
import { BUYBACK_MAIL_PROCESS, type MailWork } from '@buyloop/buy-back';
import { outboxDefinition, processManagerStorage, PROCESS_MANAGER_STATE_COLLECTION } from '@buyloop/projector';

/*
 * Before the shared runner, the notifier kept its checkpoint and outbox in
 * collections of its own. A shop that ran that version would, without this,
 * start the notifier from the beginning of the log and mail every customer
 * everything again. So the first start on the runner takes the old
 * checkpoint and the old outbox over (the e-mails still pending are sent,
 * failed ones stay retryable, the mail page keeps its history).
 */

export const LEGACY_NOTIFIER_STATE = { collection: 'buyback_notifier_state', id: 'buyback-notifier' } as const;
export const LEGACY_MAIL_OUTBOX = 'buyback_mail_outbox';

const PAGE = 500;

interface LegacyEntry extends Document {
  readonly event_id: string;
  readonly event_type: string;
  readonly stream: string;
  readonly position: number;
  readonly kind: MailWork['kind'];
  readonly buyout_number: string;
  readonly status: 'pending' | 'sent' | 'failed' | 'dropped';
  readonly attempts: number;
  readonly round_attempts: number;
  readonly next_attempt_at: string | null;
  readonly last_attempt_at: string | null;
  readonly last_error: string | null;
  readonly sent_at: string | null;
  readonly message_id: string | null;
  readonly dropped_reason: string | null;
  readonly created_at: string;
  readonly enqueued_at: string;
  readonly event: MailWork['event'];
  readonly buyback: MailWork['buyback'];
  readonly recipient: MailWork['recipient'];
}

const isUnknownCollection = (error: unknown): boolean =>
  error instanceof NotFound && error.code === 'documentstore.collection_unknown';

async function legacyState(documents: DocumentStore): Promise<Document | null> {
  try {
    return await documents.get(LEGACY_NOTIFIER_STATE.collection, LEGACY_NOTIFIER_STATE.id);
  } catch (error) {
    if (isUnknownCollection(error)) return null;
    throw error;
  }
}

export function entryOf(legacy: LegacyEntry): OutboxEntry<MailWork> {
  const status: OutboxStatus = legacy.status === 'sent' ? 'delivered' : legacy.status;
  return {
    id: legacy.event_id,
    payload: {
      kind: legacy.kind,
      buyout_number: legacy.buyout_number,
      event: legacy.event,
      buyback: legacy.buyback,
      recipient: legacy.recipient,
    },
    event_id: legacy.event_id,
    event_type: legacy.event_type,
    stream: legacy.stream,
    position: legacy.position,
    created_at: legacy.created_at,
    enqueued_at: legacy.enqueued_at,
    status,
    attempts: legacy.attempts,
    round_attempts: legacy.round_attempts,
    next_attempt_at: legacy.next_attempt_at,
    last_attempt_at: legacy.last_attempt_at,
    last_error: legacy.last_error,
    delivered_at: legacy.sent_at,
    reference: legacy.message_id,
    dropped_reason: legacy.dropped_reason,
  };
}

/**
 * Takes the old notifier's checkpoint and outbox over, once: nothing happens
 * when the runner has a checkpoint of its own or the old one never ran. The
 * checkpoint is written last, so a crash halfway copies the entries again
 * (the same ids) on the next start.
 */
export async function adoptNotifierHistory(documents: DocumentStore): Promise<'adopted' | 'nothing to adopt'> {
  const storage = processManagerStorage(BUYBACK_MAIL_PROCESS);
  await documents.ensureCollection(outboxDefinition(storage.outboxCollection));
  await documents.ensureCollection({ name: PROCESS_MANAGER_STATE_COLLECTION, fields: {} });
  if (await documents.get(storage.stateCollection, storage.stateId)) return 'nothing to adopt';
  const state = await legacyState(documents);
  if (!state) return 'nothing to adopt';
  for (let offset = 0; ; offset += PAGE) {
    const page = await documents.find<LegacyEntry>(LEGACY_MAIL_OUTBOX, { offset, limit: PAGE }).catch((error: unknown) => {
      if (isUnknownCollection(error)) return { items: [], total: 0 };
      throw error;
    });
    const operations = page.items.map(({ document }): WriteOperation => ({
      type: 'upsert',
      collection: storage.outboxCollection,
      id: document.event_id,
      document: entryOf(document) as OutboxEntry<MailWork> & Document,
    }));
    if (operations.length > 0) await documents.write(operations);
    if (offset + PAGE >= page.total) break;
  }
  await documents.write([
    {
      type: 'upsert',
      collection: storage.stateCollection,
      id: storage.stateId,
      document: { checkpoint: state.checkpoint ?? null, position: state.position ?? '0', updated_at: state.updated_at ?? null },
    },
  ]);
  return 'adopted';
}
