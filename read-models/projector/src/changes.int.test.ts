import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { compareCheckpoints, dropSchemas, PostgresEventStore, pgClient, pgliteClient } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import type { AppendOptions } from '@buyloop/kit';
import { Projector } from './projector';
import { documentChanges, type DocumentChange, type DocumentsChanged, type ProjectorChange } from './changes';
import { orderSummary } from './testing/order-summary';

const base: AppendOptions = { actor: { userId: 'clerk-1', role: 'warehouse' }, market: 'cz' };
const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(engine: 'pglite' | 'postgres') {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  const sql = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
  const events = await PostgresEventStore.create(sql, { schema: `t_chev_${id}`, ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: `t_chrm_${id}`, ownsClient: false });
  cleanups.push(async () => {
    await events.close();
    if (engine === 'postgres') await dropSchemas(sql, [`t_chev_${id}`, `t_chrm_${id}`]);
    await sql.close();
  });
  return { events, documents };
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A projector that has filled its collections for the first time (announced as one reload), ready to watch. */
async function running(events: PostgresEventStore, documents: PostgresDocumentStore, batchSize = 100): Promise<Projector> {
  const projector = new Projector(events, documents, [orderSummary()], { batchSize });
  let firstRun = false;
  const subscription = projector.changes$.subscribe((change) => {
    if (change.kind === 'reload' && change.reason === 'first-run') firstRun = true;
  });
  await projector.start();
  await until(() => firstRun);
  subscription.unsubscribe();
  return projector;
}

const placeOrder = (events: PostgresEventStore, orderId: string, items = 1) =>
  events.append(
    `order-${orderId}`,
    [
      { type: 'OrderPlaced', data: { orderId, customer: `Customer ${orderId}` } },
      ...Array.from({ length: items }, (_, i) => ({
        type: 'ItemAdded',
        data: { orderId, sku: `S${i}`, quantity: 1, price: 10 },
      })),
    ],
    base,
  );

describe.each(engines)('the projector’s change stream on %s', (engine) => {
  it('publishes each committed batch of the serving generation: ids written and deleted, and the checkpoint they are stamped by', async () => {
    const { events, documents } = await world(engine);
    const projector = await running(events, documents);
    const seen: ProjectorChange[] = [];
    const subscription = projector.changes$.subscribe((change) => seen.push(change));

    await placeOrder(events, 'o1');
    await until(() => seen.some((c) => c.kind === 'documents' && c.written.includes('o1')));
    const written = seen.find((c): c is DocumentsChanged => c.kind === 'documents' && c.written.includes('o1'))!;
    const collection = projector.activeCollection('order_summary');
    expect(written).toMatchObject({ kind: 'documents', projection: 'order_summary', collection, deleted: [] });
    // What resuming from Last-Event-ID relies on: the document is stamped at or before the change's checkpoint.
    const stamp = (await documents.getStamped(collection, ['o1'])).get('o1')?.stamp;
    expect(stamp).toBeTruthy();
    expect(compareCheckpoints(stamp!, written.checkpoint)).toBeLessThanOrEqual(0);

    await events.append('order-o1', [{ type: 'OrderCancelled', data: { orderId: 'o1' } }], base);
    await until(() => seen.some((c) => c.kind === 'documents' && c.deleted.includes('o1')));
    // Events no projection handles change no document and are not announced.
    const before = seen.length;
    await events.append('cart-1', [{ type: 'CartViewed', data: {} }], base);
    await until(async () => (await projector.status())[0]!.lagEvents === 0);
    expect(seen.length).toBe(before);

    subscription.unsubscribe();
    await projector.stop();
  });

  it('filters one document’s changes out of the stream', async () => {
    const { events, documents } = await world(engine);
    const projector = await running(events, documents);
    const mine: DocumentChange[] = [];
    const subscription = documentChanges(projector.changes$, 'order_summary', 'o2').subscribe((change) => mine.push(change));
    await placeOrder(events, 'o1');
    await placeOrder(events, 'o2');
    await events.append('order-o2', [{ type: 'OrderCancelled', data: { orderId: 'o2' } }], base);
    await until(() => mine.some((change) => change.kind === 'changed' && change.deleted));
    expect(mine.every((change) => change.kind === 'changed')).toBe(true);
    expect(mine.at(-1)).toMatchObject({ kind: 'changed', deleted: true });
    subscription.unsubscribe();
    await projector.stop();
  });

  it('a rebuild does not flood readers: the new generation is announced once, as a reload, when it takes over', async () => {
    const { events, documents } = await world(engine);
    for (let i = 0; i < 40; i++) await placeOrder(events, `o${i}`, 2);
    // Filled from the start of the log on its first run: heard of once, as a reload, not batch by batch.
    const projector = await running(events, documents, 5);
    const seen: ProjectorChange[] = [];
    const subscription = projector.changes$.subscribe((change) => seen.push(change));

    await projector.rebuild('order_summary');
    const rebuilt = projector.activeCollection('order_summary');
    expect(seen.filter((change) => change.kind === 'documents')).toEqual([]);
    expect(seen).toEqual([expect.objectContaining({ kind: 'reload', reason: 'rebuilt', collection: rebuilt })]);

    // Live batches after the switch-over are announced as usual.
    await placeOrder(events, 'after');
    await until(() => seen.some((c) => c.kind === 'documents' && c.written.includes('after')));
    subscription.unsubscribe();
    await projector.stop();
  });

  it('a reset fills the collection again in place and says so once, not batch by batch', async () => {
    const { events, documents } = await world(engine);
    for (let i = 0; i < 40; i++) await placeOrder(events, `o${i}`, 2);
    // Filled from the start of the log on its first run: heard of once, as a reload, not batch by batch.
    const projector = await running(events, documents, 5);
    const seen: ProjectorChange[] = [];
    const subscription = projector.changes$.subscribe((change) => seen.push(change));

    await projector.reset('order_summary');
    await until(() => seen.length > 0);
    await until(async () => (await projector.status())[0]!.lagEvents === 0);
    expect(seen).toEqual([expect.objectContaining({ kind: 'reload', reason: 'reset' })]);
    subscription.unsubscribe();
    await projector.stop();
  });

  it('announces its first run over an existing log once, as a reload', async () => {
    const { events, documents } = await world(engine);
    for (let i = 0; i < 20; i++) await placeOrder(events, `o${i}`, 2);
    const projector = new Projector(events, documents, [orderSummary()], { batchSize: 5 });
    const seen: ProjectorChange[] = [];
    projector.changes$.subscribe((change) => seen.push(change));
    await projector.start();
    await until(() => seen.length > 0);
    await until(async () => (await projector.status())[0]!.lagEvents === 0);
    expect(seen).toEqual([expect.objectContaining({ kind: 'reload', reason: 'first-run' })]);
    await projector.stop();
  });

  it('completes when the projector stops, so nobody waits on it', async () => {
    const { events, documents } = await world(engine);
    const projector = new Projector(events, documents, [orderSummary()]);
    await projector.start();
    let completed = false;
    projector.changes$.subscribe({ complete: () => (completed = true) });
    await projector.stop();
    expect(completed).toBe(true);
  });
});
