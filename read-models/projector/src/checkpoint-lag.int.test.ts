import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore, type WriteOperation } from '@buyloop/document-store';
import type { AppendOptions } from '@buyloop/kit';
import { Projector } from './projector';
import { ProjectionRunner, type ProjectionState } from './projection-runner';
import { orderSummary } from './testing/order-summary';

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const base: AppendOptions = { actor: { userId: 'clerk-1', role: 'warehouse' }, market: 'cz' };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A store whose writes of the projection's state are counted: what a checkpoint costs. */
async function world(engine: 'pglite' | 'postgres') {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  const sql: SqlClient = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
  const events = await PostgresEventStore.create(sql, { schema: `t_lev_${id}`, ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: `t_lrm_${id}`, ownsClient: false });
  const stateWrites: ProjectionState[] = [];
  const write = documents.write.bind(documents);
  documents.write = (async (operations: WriteOperation[], options?: Parameters<typeof write>[1]) => {
    for (const op of operations)
      if (op.type === 'upsert' && op.collection === 'projector_state') stateWrites.push(op.document as ProjectionState);
    return write(operations, options);
  }) as typeof documents.write;
  cleanups.push(async () => {
    await events.close();
    if (engine === 'postgres') await dropSchemas(sql, [`t_lev_${id}`, `t_lrm_${id}`]);
    await sql.close();
  });
  return { events, documents, stateWrites };
}

/** Events the order summary does not fold: another context's, as most of the log is for any one projection. */
async function foreign(events: PostgresEventStore, count: number) {
  let last = '';
  for (let i = 0; i < count; i++)
    last = (await events.append(`cart-${randomUUID()}`, [{ type: 'CartItemAdded', data: { n: i } }], base)).checkpoint!;
  return last;
}

describe.each(engines)('checkpoints of batches that change no document, on %s', (engine) => {
  it('are kept in memory: the runner says it passed them, the state is stored with the next document and on stop', async () => {
    const { events, documents, stateWrites } = await world(engine);
    // A lag no run of this test reaches, so what is stored is decided by documents and stopping alone.
    const runner = new ProjectionRunner(events, documents, orderSummary(), { batchSize: 100, checkpointLagMs: 600_000 });
    await runner.start();
    const passed = (checkpoint: string) => expect.poll(() => runner.status?.checkpoint, { timeout: 20_000 }).toBe(checkpoint);
    const placed = await events.append('order-o1', [{ type: 'OrderPlaced', data: { orderId: 'o1', customer: 'Eva' } }], base);
    await passed(placed.checkpoint!);
    const before = stateWrites.length;

    // One at a time, each its own batch: read-your-writes (the state in memory) passes each, nothing is written.
    for (let i = 0; i < 5; i++) await passed(await foreign(events, 1));
    expect(stateWrites.length).toBe(before);

    // A document changes: it is written with the checkpoint past everything folded.
    const paid = await events.append('order-o1', [{ type: 'OrderPaid', data: { orderId: 'o1' } }], base);
    await passed(paid.checkpoint!);
    expect(stateWrites.at(-1)?.checkpoint).toBe(paid.checkpoint);
    expect(await documents.get(runner.collection, 'o1')).toMatchObject({ status: 'paid' });

    // Stopped with a checkpoint only in memory: it is stored, so the next start does not read those events again.
    const trailing = await foreign(events, 3);
    await passed(trailing);
    await runner.stop();
    const stored = await documents.get<ProjectionState>('projector_state', runner.collection);
    expect(stored?.checkpoint).toBe(trailing);
  }, 180_000);

  it('the projector answers read-your-writes for a checkpoint kept in memory', async () => {
    const { events, documents } = await world(engine);
    const projector = new Projector(events, documents, [orderSummary()], { batchSize: 100 });
    await projector.start();
    const checkpoint = await foreign(events, 1);
    expect(await projector.waitFor('order_summary', checkpoint, 20_000)).toBe(true);
    await projector.stop();
  }, 180_000);

  it('a checkpoint trailing longer than the lag allowed is stored with the next batch', async () => {
    const { events, documents, stateWrites } = await world(engine);
    const runner = new ProjectionRunner(events, documents, orderSummary(), { batchSize: 100, checkpointLagMs: 200 });
    await runner.start();
    const first = await foreign(events, 1);
    await expect.poll(() => runner.status?.checkpoint, { timeout: 20_000 }).toBe(first);
    const writes = stateWrites.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    const later = await foreign(events, 1);
    await expect.poll(() => runner.status?.checkpoint, { timeout: 20_000 }).toBe(later);
    expect(stateWrites.length).toBe(writes + 1);
    expect(stateWrites.at(-1)?.checkpoint).toBe(later);
    await runner.stop();
  }, 180_000);

  it('with checkpointLagMs 0 every batch stores its checkpoint', async () => {
    const { events, documents, stateWrites } = await world(engine);
    const runner = new ProjectionRunner(events, documents, orderSummary(), { batchSize: 100, checkpointLagMs: 0 });
    await runner.start();
    const writes = stateWrites.length;
    const checkpoint = await foreign(events, 1);
    await expect.poll(() => stateWrites.at(-1)?.checkpoint, { timeout: 20_000 }).toBe(checkpoint);
    expect(stateWrites.length).toBeGreaterThan(writes);
    await runner.stop();
  }, 180_000);
});
