import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buybackMailProcess, type MailWork } from '@buyloop/buy-back';
import { buybackHistory as h } from '@buyloop/buy-back/testing';
import { PostgresDocumentStore } from '@buyloop/document-store';
import { PostgresEventStore, pgliteClient } from '@buyloop/event-store';
import { systemActor } from '@buyloop/kit';
import { ProcessManagerRunner, processManagerStorage } from '@buyloop/projector';
import { adoptNotifierHistory, LEGACY_MAIL_OUTBOX, LEGACY_NOTIFIER_STATE } from './notifier-history';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open() {
  const sql = await pgliteClient();
  const events = await PostgresEventStore.create(sql, { schema: 'events', ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: 'documents', ownsClient: false });
  cleanups.push(async () => {
    await events.close();
    await documents.close();
    await sql.close();
  });
  return { events, documents };
}

/** An outbox entry as the notifier wrote it before the shared runner. */
const legacyEntry = (eventId: string, status: 'sent' | 'failed', position: number) => ({
  event_id: eventId,
  event_type: 'OfferEmailed',
  stream: 'buyback-B-1001',
  position,
  kind: 'offer_emailed',
  buyout_number: 'B-1001',
  status,
  attempts: status === 'sent' ? 1 : 20,
  round_attempts: status === 'sent' ? 1 : 20,
  next_attempt_at: null,
  last_attempt_at: '2026-11-10T08:00:01.000Z',
  last_error: status === 'sent' ? null : 'SMTP down',
  sent_at: status === 'sent' ? '2026-11-10T08:00:01.000Z' : null,
  message_id: status === 'sent' ? '<m1@buyloop>' : null,
  dropped_reason: null,
  created_at: '2026-11-10T08:00:00.000Z',
  enqueued_at: '2026-11-10T08:00:00.500Z',
  event: h.offerEmailed.data,
  buyback: { buyoutNumber: 'B-1001', deviceLabel: 'iPhone 13 128 GB, Midnight', currency: 'CZK' },
  recipient: null,
});

describe("the notifier's history from before the shared runner", () => {
  it('is taken over once: the old checkpoint and outbox carry on, and nothing already sent is sent again', async () => {
    const { events, documents } = await open();
    const sentId = randomUUID();
    const failedId = randomUUID();
    const options = { actor: systemActor, market: 'cz' as const };
    await events.append('buyback-B-1001', [{ ...h.offerEmailed, id: sentId }], options);
    const last = await events.append('buyback-B-1002', [{ ...h.offerEmailed, id: failedId }], options);
    await documents.ensureCollection({ name: LEGACY_NOTIFIER_STATE.collection, fields: {} });
    await documents.ensureCollection({ name: LEGACY_MAIL_OUTBOX, fields: {} });
    await documents.upsert(LEGACY_NOTIFIER_STATE.collection, LEGACY_NOTIFIER_STATE.id, {
      checkpoint: last.checkpoint,
      position: last.globalPosition.toString(),
      updated_at: '2026-11-10T08:00:02.000Z',
    });
    await documents.upsert(LEGACY_MAIL_OUTBOX, sentId, legacyEntry(sentId, 'sent', 1));
    await documents.upsert(LEGACY_MAIL_OUTBOX, failedId, legacyEntry(failedId, 'failed', 2));

    expect(await adoptNotifierHistory(documents)).toBe('adopted');
    expect(await adoptNotifierHistory(documents)).toBe('nothing to adopt');

    const delivered: string[] = [];
    const runner = new ProcessManagerRunner<MailWork>({
      events,
      documents,
      manager: buybackMailProcess,
      deliverer: {
        async deliver(entry) {
          delivered.push(entry.id);
          return { outcome: 'delivered', reference: null };
        },
      },
    });
    cleanups.push(() => runner.stop());
    await runner.start();
    expect(await runner.outbox.get(sentId)).toMatchObject({
      status: 'delivered',
      delivered_at: '2026-11-10T08:00:01.000Z',
      reference: '<m1@buyloop>',
      payload: { kind: 'offer_emailed', buyout_number: 'B-1001' },
    });
    expect(await runner.outbox.get(failedId)).toMatchObject({ status: 'failed', attempts: 20, last_error: 'SMTP down' });
    const newId = randomUUID();
    await events.append('buyback-B-1003', [{ ...h.offerEmailed, id: newId }], options);
    expect(await runner.outbox.settled(newId, 10_000)).toMatchObject({ status: 'delivered' });
    expect(delivered).toEqual([newId]);
    expect((await runner.outbox.list()).total).toBe(3);
  });

  it('leaves a shop that never ran the old notifier alone', async () => {
    const { documents } = await open();
    expect(await adoptNotifierHistory(documents)).toBe('nothing to adopt');
    const storage = processManagerStorage(buybackMailProcess.name);
    expect(await documents.get(storage.stateCollection, storage.stateId)).toBeNull();
  });
});
