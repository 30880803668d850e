import { createHash, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareCheckpoints,
  dropSchemas,
  PostgresEventStore,
  pgClient,
  pgliteClient,
  type SqlClient,
} from '@buyloop/event-store';
import { PostgresDocumentStore, type DocumentStore, type WriteOperation } from '@buyloop/document-store';
import type { AppendOptions, RecordedEvent } from '@buyloop/kit';
import { Projector } from './projector';
import { ProjectionRunner } from './projection-runner';
import { orderSummary } from './testing/order-summary';
import { canonical } from './testing/canonical';

const base: AppendOptions = { actor: { userId: 'clerk-1', role: 'warehouse' }, market: 'cz' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface World {
  events: PostgresEventStore;
  documents: PostgresDocumentStore;
  sql: SqlClient;
  schemas: { events: string; documents: string };
  /** A second document store on its own schema: where a fresh build goes to compare. */
  freshDocuments: () => Promise<PostgresDocumentStore>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function world(engine: 'pglite' | 'postgres'): Promise<World> {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  const sql = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
  const events = await PostgresEventStore.create(sql, { schema: `t_ev_${id}`, ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: `t_rm_${id}`, ownsClient: false });
  let fresh = 0;
  cleanups.push(async () => {
    await events.close();
    if (engine === 'postgres') {
      await dropSchemas(sql, [`t_ev_${id}`, `t_rm_${id}`, ...Array.from({ length: fresh }, (_, i) => `t_fr${i + 1}_${id}`)]);
    }
    await sql.close();
  });
  return {
    events,
    documents,
    sql,
    schemas: { events: `t_ev_${id}`, documents: `t_rm_${id}` },
    freshDocuments: () => PostgresDocumentStore.create(sql, { schema: `t_fr${++fresh}_${id}`, ownsClient: false }),
  };
}

async function placeOrder(events: PostgresEventStore, orderId: string, customer: string, items = 2) {
  await events.append(`order-${orderId}`, [{ type: 'OrderPlaced', data: { orderId, customer } }], base);
  for (let i = 0; i < items; i++) {
    await events.append(
      `order-${orderId}`,
      [{ type: 'ItemAdded', data: { orderId, sku: `SKU-${i}`, quantity: i + 1, price: 100 * (i + 1) } }],
      base,
    );
  }
}

/** Canonical JSON (sorted keys) of a whole collection, hashed: equal hashes mean byte-for-byte equal read models. */
async function hashCollection(documents: DocumentStore, collection: string): Promise<{ hash: string; count: number }> {
  const rows: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await documents.find(collection, { offset, limit: 1000, sort: [] });
    for (const item of page.items) rows.push(`${item.id}=${canonical(item.document)}`);
    if (offset + 1000 >= page.total) break;
  }
  rows.sort();
  return { hash: createHash('sha256').update(rows.join('\n')).digest('hex'), count: rows.length };
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('projector on %s', (engine) => {
  it('projects events into documents, folding a batch per document, and deletes on null', async () => {
    const { events, documents } = await world(engine);
    await placeOrder(events, 'o1', 'Jiří Křížek', 3);
    await events.append('order-o1', [{ type: 'OrderPaid', data: { orderId: 'o1' } }], base);
    await placeOrder(events, 'o2', 'Ana Ștefănescu', 1);
    await events.append('order-o2', [{ type: 'OrderCancelled', data: { orderId: 'o2' } }], base);
    await events.append('cart-1', [{ type: 'CartViewed', data: {} }], base);

    const projector = new Projector(events, documents, [orderSummary()], { batchSize: 50 });
    await projector.start();
    const head = await events.headPosition();
    await until(async () => (await projector.status())[0]!.position === head.toString());
    const collection = projector.activeCollection('order_summary');
    const o1 = await documents.get(collection, 'o1');
    expect(o1).toMatchObject({ customer: 'Jiří Křížek', status: 'paid', total: 100 + 400 + 900, events: 5 });
    expect(await documents.get(collection, 'o2')).toBeNull();
    const found = await documents.find(collection, { filters: [{ op: 'text', value: 'krizek' }] });
    expect(found.items.map((i) => i.id)).toEqual(['o1']);
    const [report] = await projector.status();
    expect(report).toMatchObject({ name: 'order_summary', status: 'running', lagEvents: 0, error: null });
    await projector.stop();
  });

  it('resumes from its checkpoint after a restart and applies nothing twice', async () => {
    const { events, documents } = await world(engine);
    await placeOrder(events, 'o1', 'Eva', 2);
    const first = new Projector(events, documents, [orderSummary()], { batchSize: 2 });
    await first.start();
    await until(async () => (await first.status())[0]!.lagEvents === 0);
    await first.stop();

    await events.append('order-o1', [{ type: 'ItemAdded', data: { orderId: 'o1', sku: 'X', quantity: 1, price: 5 } }], base);
    const second = new Projector(events, documents, [orderSummary()], { batchSize: 2 });
    await second.start();
    await until(async () => (await second.status())[0]!.lagEvents === 0);
    const document = await documents.get(second.activeCollection('order_summary'), 'o1');
    expect(document).toMatchObject({ events: 4, total: 100 + 400 + 5 });
    await second.stop();
  });

  it('replaying the same events twice leaves identical documents', async () => {
    const { events, documents, freshDocuments } = await world(engine);
    for (let i = 0; i < 30; i++) await placeOrder(events, `o${i}`, `Customer ${i}`, i % 4);
    const once = new Projector(events, documents, [orderSummary()], { batchSize: 7 });
    await once.start();
    await until(async () => (await once.status())[0]!.lagEvents === 0);
    const first = await hashCollection(documents, once.activeCollection('order_summary'));
    await once.reset('order_summary');
    await until(async () => (await once.status())[0]!.lagEvents === 0);
    const second = await hashCollection(documents, once.activeCollection('order_summary'));
    await once.stop();

    const elsewhere = await freshDocuments();
    const fresh = new Projector(events, elsewhere, [orderSummary()], { batchSize: 1000 });
    await fresh.start();
    await until(async () => (await fresh.status())[0]!.lagEvents === 0);
    const third = await hashCollection(elsewhere, fresh.activeCollection('order_summary'));
    await fresh.stop();

    expect(first.count).toBe(30);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('documents that already hold events past a lost checkpoint do not fold them twice (stamps)', async () => {
    const { events, documents } = await world(engine);
    for (let i = 0; i < 12; i++) await placeOrder(events, `o${i}`, `Customer ${i}`, 1 + (i % 3));
    const first = new ProjectionRunner(events, documents, orderSummary(), { batchSize: 5 });
    await first.start();
    const all = await events.readAll();
    await until(() => first.status?.processed === all.length);
    await first.stop();
    const whole = await hashCollection(documents, first.collection);

    // What a write without a transaction (standalone MongoDB) can leave after a crash: the documents of the
    // later batches stored, the checkpoint still at an earlier one.
    const lost = Math.floor(all.length / 3);
    const state = await documents.get<Record<string, unknown>>('projector_state', first.collection);
    await documents.upsert('projector_state', first.collection, {
      ...state!,
      checkpoint: all[lost - 1]!.checkpoint,
      position: all[lost - 1]!.globalPosition.toString(),
      processed: lost,
    });
    const second = new ProjectionRunner(events, documents, orderSummary(), { batchSize: 5 });
    await second.start();
    await until(() => second.status?.processed === all.length);
    await second.stop();

    expect(whole.count).toBe(12);
    expect(await hashCollection(documents, second.collection)).toEqual(whole);
  });

  it('a generation left behind by a crash between switch-over and drop is dropped by the next start', async () => {
    const { events, documents } = await world(engine);
    await placeOrder(events, 'o1', 'Eva', 1);
    const first = new Projector(events, documents, [orderSummary()]);
    await first.start();
    await until(async () => (await first.status())[0]!.lagEvents === 0);
    const serving = first.activeCollection('order_summary');
    await first.stop();
    // What the switch-over writes before it drops the old generation: the pointer names it as retired.
    const leftBehind = 'order_summary_g0';
    await documents.ensureCollection({ name: leftBehind, fields: {} });
    await documents.upsert(leftBehind, 'o1', { stale: true });
    const pointer = await documents.get<Record<string, unknown>>('projector_pointers', 'order_summary');
    await documents.upsert('projector_pointers', 'order_summary', { ...pointer!, retired: leftBehind });

    const second = new Projector(events, documents, [orderSummary()]);
    await second.start();
    expect(second.activeCollection('order_summary')).toBe(serving);
    await expect(documents.get(leftBehind, 'o1')).rejects.toMatchObject({ code: 'documentstore.collection_unknown' });
    expect(await documents.get('projector_pointers', 'order_summary')).toMatchObject({ retired: null, active: serving });
    await second.stop();
  });

  it('a store failure under the runner shows as failed, and a new runner resumes from the committed checkpoint', async () => {
    const { events, documents, freshDocuments } = await world(engine);
    // The real store, with its writes made to fail on demand (a dropped connection, a restarting database).
    let failWrites = 0;
    const flaky = new Proxy(documents, {
      get(target, property, receiver) {
        if (property === 'write')
          return async (...args: Parameters<DocumentStore['write']>) => {
            if (failWrites > 0) {
              failWrites--;
              throw new Error('Connection terminated unexpectedly');
            }
            return target.write(...args);
          };
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    for (let i = 0; i < 5; i++) await placeOrder(events, `a${i}`, `Customer ${i}`, 2);
    const projector = new Projector(events, flaky, [orderSummary()], { batchSize: 4 });
    await projector.start();
    await until(async () => (await projector.status())[0]!.lagEvents === 0);

    failWrites = 1;
    for (let i = 0; i < 5; i++) await placeOrder(events, `b${i}`, `Customer ${i}`, 2);
    await until(async () => (await projector.status())[0]!.status === 'failed');
    const [failed] = await projector.status();
    expect(failed!.error?.message).toMatch(/Storage error, retrying: Connection terminated unexpectedly/);
    await until(async () => {
      const [report] = await projector.status();
      return report!.status === 'running' && report!.lagEvents === 0;
    });
    const collection = projector.activeCollection('order_summary');
    const recovered = await hashCollection(documents, collection);
    await projector.stop();

    const elsewhere = await freshDocuments();
    const fresh = new Projector(events, elsewhere, [orderSummary()]);
    await fresh.start();
    await until(async () => (await fresh.status())[0]!.lagEvents === 0);
    expect(recovered).toEqual(await hashCollection(elsewhere, fresh.activeCollection('order_summary')));
    expect(recovered.count).toBe(10);
    await fresh.stop();
  });

  it('a projection that throws stops at that event, keeps what came before, and resumes there once fixed', async () => {
    const { events, documents } = await world(engine);
    await placeOrder(events, 'o1', 'Eva', 1);
    await events.append('order-o1', [{ type: 'OrderPaid', data: { orderId: 'o1' } }], base);
    await events.append('order-o1', [{ type: 'OrderShipped', data: { orderId: 'o1' } }], base);
    let broken = true;
    const projection = orderSummary({ failOn: (event) => broken && event.type === 'OrderPaid' });
    const projector = new Projector(events, documents, [projection], { batchSize: 100 });
    await projector.start();
    await until(async () => (await projector.status())[0]!.status === 'failed');
    const [failed] = await projector.status();
    expect(failed!.error).toMatchObject({ eventType: 'OrderPaid', stream: 'order-o1' });
    expect(failed!.error!.message).toContain('cannot project OrderPaid');
    const collection = projector.activeCollection('order_summary');
    // Placed and the item are in; the failed event and everything after it are not.
    expect(await documents.get(collection, 'o1')).toMatchObject({ status: 'placed', events: 2 });

    broken = false;
    await projector.resume('order_summary');
    await until(async () => (await projector.status())[0]!.lagEvents === 0);
    expect(await documents.get(collection, 'o1')).toMatchObject({ status: 'shipped', events: 4 });
    expect((await projector.status())[0]).toMatchObject({ status: 'running', error: null });
    await projector.stop();
  });

  it('catching up, writes a document once it has gone quiet, and its checkpoint never passes a change not written', async () => {
    const { events, documents, freshDocuments } = await world(engine);
    // Four rounds over 40 orders, so every order changes in batches 40 events apart. One in five is cancelled in
    // the second round and hears nothing more: its deletion goes quiet while the others are still changing.
    const orders = Array.from({ length: 40 }, (_, i) => `o${String(i).padStart(2, '0')}`);
    const cancelled = (orderId: string) => orders.indexOf(orderId) % 5 === 0;
    const round = async (event: (orderId: string) => { type: string; data: Record<string, unknown> } | null) => {
      for (const orderId of orders) {
        const next = event(orderId);
        if (next) await events.append(`order-${orderId}`, [next], base);
      }
    };
    await round((orderId) => ({ type: 'OrderPlaced', data: { orderId, customer: `C ${orderId}` } }));
    await round((orderId) =>
      cancelled(orderId)
        ? { type: 'OrderCancelled', data: { orderId } }
        : { type: 'ItemAdded', data: { orderId, sku: 'S1', quantity: 1, price: 10 } },
    );
    await round((orderId) =>
      cancelled(orderId) ? null : { type: 'ItemAdded', data: { orderId, sku: 'S2', quantity: 2, price: 10 } },
    );
    await round((orderId) => (cancelled(orderId) ? null : { type: 'OrderPaid', data: { orderId } }));
    const log = await events.readAll();

    /** Every batch write: its document operations and the state it commits. */
    const recorded = (store: PostgresDocumentStore) => {
      // A null checkpoint: the state has not passed a single event yet.
      const writes: Array<{ operations: WriteOperation[]; checkpoint: string | null }> = [];
      const recording = new Proxy(store, {
        get(target, property, receiver) {
          if (property === 'write')
            return async (...args: Parameters<DocumentStore['write']>) => {
              const [operations, options] = args;
              const state = operations.find((op) => op.collection === 'projector_state');
              if (options?.expectStamp && state?.type === 'upsert')
                writes.push({
                  operations: operations.filter((op) => op.collection !== 'projector_state'),
                  checkpoint: (state.document as { checkpoint: string | null }).checkpoint,
                });
              return target.write(...args);
            };
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
      return { writes, recording };
    };
    const build = async (store: PostgresDocumentStore, writeBehindEvents: number) => {
      const { writes, recording } = recorded(store);
      // One batch's worth per write at most, so writes never merge batches by chance.
      const projector = new Projector(events, recording, [orderSummary()], {
        batchSize: 10,
        maxWriteEvents: 10,
        writeBehindEvents,
      });
      await projector.start();
      await until(async () => (await projector.status())[0]!.lagEvents === 0);
      const collection = projector.activeCollection('order_summary');
      await projector.stop();
      return { writes, hash: await hashCollection(store, collection) };
    };
    const behind = await build(documents, 50);
    const everyBatch = await build(await freshDocuments(), 0);

    expect(behind.hash).toEqual(everyBatch.hash);
    expect(behind.hash.count).toBe(32);
    const upserts = (writes: typeof behind.writes) => writes.flatMap((w) => w.operations).filter((op) => op.type === 'upsert');
    expect(upserts(everyBatch.writes).length).toBeGreaterThanOrEqual(4 * 32 + 8);
    expect(upserts(behind.writes).length).toBeLessThan(upserts(everyBatch.writes).length / 2);

    // Replayed from any committed checkpoint, the stored documents must hold every change at or before it: the
    // documents as stored after each write hold all their events up to that write's checkpoint, and every stamp is
    // at or past it. A deletion, which leaves no stamp, is written only with a checkpoint past the order's last event.
    const atOrBefore = (checkpoint: string, limit: string | null) => limit !== null && compareCheckpoints(checkpoint, limit) <= 0;
    const stored = new Map<string, { events: number } | null>();
    for (const write of behind.writes) {
      for (const op of write.operations) {
        if (op.type === 'upsert') {
          if (write.checkpoint !== null) expect(atOrBefore(write.checkpoint, op.stamp!)).toBe(true);
          stored.set(op.id, op.document as { events: number });
        } else {
          const last = log.filter((e) => (e.data as { orderId: string }).orderId === op.id).at(-1)!;
          expect(atOrBefore(last.checkpoint, write.checkpoint), `deletion of ${op.id}`).toBe(true);
          stored.set(op.id, null);
        }
      }
      for (const orderId of orders) {
        const folded = log.filter(
          (e) => (e.data as { orderId: string }).orderId === orderId && atOrBefore(e.checkpoint, write.checkpoint),
        );
        if (folded.length === 0 || cancelled(orderId)) continue;
        expect(stored.get(orderId)?.events, `${orderId} at ${write.checkpoint}`).toBeGreaterThanOrEqual(folded.length);
      }
    }
  });

  it('rebuilds into a new generation while writers append, switches reads, drops the old one, and equals a fresh build', async () => {
    const { events, documents, freshDocuments } = await world(engine);
    for (let i = 0; i < 40; i++) await placeOrder(events, `o${i}`, `Customer ${i}`, 2);
    const projector = new Projector(events, documents, [orderSummary()], { batchSize: 25 });
    await projector.start();
    await until(async () => (await projector.status())[0]!.lagEvents === 0);
    const before = projector.activeCollection('order_summary');

    let writing = true;
    const writer = (async () => {
      let i = 40;
      while (writing) {
        await placeOrder(events, `o${i}`, `Late ${i}`, 1);
        await events.append(`order-o${i - 20}`, [{ type: 'OrderPaid', data: { orderId: `o${i - 20}` } }], base);
        i++;
      }
    })();
    const progress: string[] = [];
    await projector.rebuild('order_summary', (state) => progress.push(state.position));
    writing = false;
    await writer;
    const after = projector.activeCollection('order_summary');
    expect(after).not.toBe(before);
    expect(progress.length).toBeGreaterThan(0);
    await expect(documents.find(before, {})).rejects.toThrow();
    await until(async () => (await projector.status())[0]!.lagEvents === 0);
    const rebuilt = await hashCollection(documents, after);
    await projector.stop();

    const elsewhere = await freshDocuments();
    const fresh = new Projector(events, elsewhere, [orderSummary()]);
    await fresh.start();
    await until(async () => (await fresh.status())[0]!.lagEvents === 0);
    expect(rebuilt).toEqual(await hashCollection(elsewhere, fresh.activeCollection('order_summary')));
    await fresh.stop();
  });

  it('a new projection version is rebuilt beside the old one, which serves until the switch', async () => {
    const { events, documents } = await world(engine);
    for (let i = 0; i < 10; i++) await placeOrder(events, `o${i}`, `Customer ${i}`, 1);
    const v1 = new Projector(events, documents, [orderSummary({ version: 1 })]);
    await v1.start();
    await until(async () => (await v1.status())[0]!.lagEvents === 0);
    const oldCollection = v1.activeCollection('order_summary');
    await v1.stop();

    const v2 = new Projector(events, documents, [orderSummary({ version: 2 })]);
    await v2.start();
    // Reads keep going to the old generation until the new one has caught up.
    expect(v2.activeCollection('order_summary')).toBe(oldCollection);
    await until(() => v2.activeCollection('order_summary') !== oldCollection);
    const [report] = await v2.status();
    expect(report).toMatchObject({ version: 2, status: 'running' });
    expect((await documents.find(v2.activeCollection('order_summary'), {})).total).toBe(10);
    await v2.stop();
  });

  it('read-your-writes: waitFor resolves once the projection has passed a command checkpoint', async () => {
    const { events, documents } = await world(engine);
    const projector = new Projector(events, documents, [orderSummary()]);
    await projector.start();
    const written = await events.append('order-ryw', [{ type: 'OrderPlaced', data: { orderId: 'ryw', customer: 'Radu' } }], base);
    expect(await projector.waitFor('order_summary', written.checkpoint, 10_000)).toBe(true);
    expect(await documents.get(projector.activeCollection('order_summary'), 'ryw')).toMatchObject({ customer: 'Radu' });
    await projector.stop();
  });

  it('only one process runs a projection; the other stands by and takes over when the first stops', async () => {
    const { events, documents, sql, schemas } = await world(engine);
    await placeOrder(events, 'o1', 'Eva', 1);
    const other = await PostgresDocumentStore.create(sql, { schema: schemas.documents, ownsClient: false });
    const first = new Projector(events, documents, [orderSummary()], { standbyRetryMs: 50 });
    const second = new Projector(events, other, [orderSummary()], { standbyRetryMs: 50 });
    await first.start();
    await second.start();
    expect((await second.status())[0]!.status).toBe('standby');
    await expect(second.rebuild('order_summary')).rejects.toThrow(/another process/);
    await until(async () => (await first.status())[0]!.lagEvents === 0);
    await first.stop();
    await until(async () => (await second.status())[0]!.status === 'running');
    await events.append('order-o1', [{ type: 'OrderPaid', data: { orderId: 'o1' } }], base);
    await until(async () => (await second.status())[0]!.lagEvents === 0);
    expect(await other.get(second.activeCollection('order_summary'), 'o1')).toMatchObject({ status: 'paid', events: 3 });
    await second.stop();
  });

  it('the runner writes documents and checkpoint together: a batch is all or nothing', async () => {
    const { events, documents } = await world(engine);
    await placeOrder(events, 'o1', 'Eva', 1);
    const runner = new ProjectionRunner(events, documents, orderSummary(), { batchSize: 100 });
    await runner.start();
    await until(() => runner.status?.processed === 2);
    await runner.stop();
    const state = await documents.get<{ processed: number; checkpoint: string }>('projector_state', runner.collection);
    expect(state).toMatchObject({ processed: 2 });
    const document = await documents.get(runner.collection, 'o1');
    expect(document).toMatchObject({ events: 2 });
    const last: RecordedEvent | undefined = (await events.readStream('order-o1', { direction: 'backwards', limit: 1 }))[0];
    expect(state!.checkpoint).toBe(last!.checkpoint);
  });
});
