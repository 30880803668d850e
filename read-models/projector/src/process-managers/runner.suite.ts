import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore, type DocumentStore, type Lease, type WriteOperation } from '@buyloop/document-store';
import {
  backoffDelay,
  systemActor,
  type DeliveryOutcome,
  type OutboxEntry,
  type ProcessManager,
  type RecordedEvent,
} from '@buyloop/kit';
import { Projector } from '../projector';
import { orderSummary } from '../testing/order-summary';
import { ProcessManagerRunner, type ProcessManagerRunnerOptions } from './runner';
import { processManagerStorage, type ProcessManagerState } from './storage';

/*
 * The process-manager runner against real stores (PGlite always, the
 * PostgreSQL server when DATABASE_URL is set), with a made-up warehouse
 * workflow: an order placed asks for a picking list, keyed by the order's
 * number, so the same order placed twice still gets one list.
 */

interface PickingWork {
  readonly orderId: string;
  readonly customer: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await pause(20);
  }
}

/** A workflow whose reactions and deliveries the tests count. */
function pickingWorkflow() {
  const reactions: string[] = [];
  const manager: ProcessManager<PickingWork> = {
    name: 'picking-lists',
    handles: ['OrderPlaced'],
    react(event) {
      reactions.push(event.id);
      const data = event.data as { orderId: string; customer: string };
      return [{ id: `picking-${data.orderId}`, payload: { orderId: data.orderId, customer: data.customer } }];
    },
  };
  return { manager, reactions };
}

/** A deliverer that records what it carried out, and fails or drops while told to. */
function recordingDeliverer(who = 'runner') {
  const delivered: Array<{ id: string; by: string }> = [];
  const attempts: Array<OutboxEntry<PickingWork>> = [];
  let failing: ((entry: OutboxEntry<PickingWork>) => string | null) | null = null;
  let dropping: string | null = null;
  return {
    delivered,
    attempts,
    failWith(reason: ((entry: OutboxEntry<PickingWork>) => string | null) | null) {
      failing = reason;
    },
    dropWith(reason: string | null) {
      dropping = reason;
    },
    deliverer: {
      async deliver(entry: OutboxEntry<PickingWork>): Promise<DeliveryOutcome> {
        attempts.push(entry);
        const failure = failing?.(entry);
        if (failure) throw new Error(failure);
        if (dropping) return { outcome: 'dropped', reason: dropping };
        delivered.push({ id: entry.id, by: who });
        return { outcome: 'delivered', reference: `ref-${entry.id}` };
      },
    },
  };
}

/**
 * The document store as a process that dies sees it: once `dies` says so
 * about a write, that write is committed and then nothing more happens.
 * Every later call fails, and its leases are freed, as a dead process's
 * connection frees them.
 */
function mortalStore(inner: DocumentStore, dies: (operations: readonly WriteOperation[]) => boolean) {
  const state = { dead: false };
  const leases: Lease[] = [];
  let lose: () => void = () => undefined;
  const lost = new Promise<void>((resolve) => (lose = resolve));
  const crashed = () => new Error('the process is gone');
  const die = () => {
    state.dead = true;
    for (const lease of leases) void lease.release();
    lose();
  };
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'tryLease')
        return async (name: string): Promise<Lease | null> => {
          if (state.dead) throw crashed();
          const lease = await inner.tryLease(name);
          if (!lease) return null;
          leases.push(lease);
          return { name, lost, release: async () => (state.dead ? undefined : lease.release()) };
        };
      if (property === 'write')
        return async (operations: readonly WriteOperation[], options?: Parameters<DocumentStore['write']>[1]) => {
          if (state.dead) throw crashed();
          await inner.write(operations, options);
          if (dies(operations)) {
            die();
            throw crashed();
          }
        };
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        state.dead ? Promise.reject(crashed()) : (value as (...a: unknown[]) => unknown).apply(target, args);
    },
  });
  return { store, state };
}

export function processManagerRunnerSuite(engine: 'pglite' | 'postgres'): void {
  describe(`process-manager runner (${engine})`, () => {
    let sql: SqlClient;
    const cleanups: Array<() => Promise<void>> = [];

    beforeAll(async () => {
      sql = engine === 'pglite' ? await pgliteClient() : pgClient({ connectionString: process.env.DATABASE_URL! });
    });
    afterAll(async () => {
      await sql.close();
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function open() {
      const id = randomUUID().replaceAll('-', '').slice(0, 10);
      const schemas = [`t_pmev_${id}`, `t_pmrm_${id}`] as const;
      const events = await PostgresEventStore.create(sql, { schema: schemas[0], ownsClient: false, pollIntervalMs: 20 });
      const documents = await PostgresDocumentStore.create(sql, { schema: schemas[1], ownsClient: false });
      const errors: unknown[] = [];
      const runners: Array<ProcessManagerRunner<PickingWork>> = [];
      cleanups.push(async () => {
        await Promise.all(runners.map((runner) => runner.stop()));
        await events.close();
        await documents.close();
        if (engine === 'postgres') await dropSchemas(sql, [...schemas]);
      });
      const storage = processManagerStorage('picking-lists');
      return {
        events,
        documents,
        errors,
        storage,
        runner(
          options: Partial<ProcessManagerRunnerOptions<PickingWork>> &
            Pick<ProcessManagerRunnerOptions<PickingWork>, 'manager' | 'deliverer'>,
        ) {
          const runner = new ProcessManagerRunner<PickingWork>({
            events,
            documents,
            onError: (error) => errors.push(error),
            standbyRetryMs: 50,
            ...options,
          });
          runners.push(runner);
          return runner;
        },
        async place(orderId: string, customer = 'Jana Nováková'): Promise<string> {
          const eventId = randomUUID();
          await events.append(`order-${orderId}`, [{ id: eventId, type: 'OrderPlaced', data: { orderId, customer } }], {
            actor: systemActor,
            market: 'cz',
          });
          return eventId;
        },
        async other(orderId: string): Promise<void> {
          await events.append(`order-${orderId}`, [{ type: 'OrderPaid', data: { orderId } }], {
            actor: systemActor,
            market: 'cz',
          });
        },
        state: () => documents.get<ProcessManagerState>(storage.stateCollection, storage.stateId),
      };
    }

    it('stores each piece of work with the event that asked for it, delivers it once, and only reacts to the types it handles', async () => {
      const w = await open();
      const { manager, reactions } = pickingWorkflow();
      const delivery = recordingDeliverer();
      const runner = w.runner({ manager, deliverer: delivery.deliverer });
      await runner.start();
      expect(runner.role).toBe('running');
      const placed = await w.place('1001');
      await w.other('1001');
      const later = await w.place('1002');
      expect(await runner.outbox.settled('picking-1002', 10_000)).toMatchObject({ status: 'delivered' });
      const entry = await runner.outbox.get('picking-1001');
      expect(entry).toMatchObject({
        id: 'picking-1001',
        payload: { orderId: '1001', customer: 'Jana Nováková' },
        event_id: placed,
        event_type: 'OrderPlaced',
        stream: 'order-1001',
        status: 'delivered',
        attempts: 1,
        reference: 'ref-picking-1001',
        last_error: null,
      });
      expect(entry!.delivered_at).not.toBeNull();
      expect(reactions).toEqual([placed, later]);
      expect(delivery.delivered).toEqual([
        { id: 'picking-1001', by: 'runner' },
        { id: 'picking-1002', by: 'runner' },
      ]);
      expect(await runner.outbox.list()).toMatchObject({ total: 2, items: [{ id: 'picking-1002' }, { id: 'picking-1001' }] });
      await runner.stop();
      expect(runner.role).toBe('stopped');
      // Stopping keeps the checkpoint of the last event taken.
      const [last] = await w.events.readStream('order-1002');
      expect((await w.state())?.position).toBe(last!.globalPosition.toString());
      expect(w.errors).toEqual([]);
    });

    it('hands over between two runners: one runs, the other stands by and takes over when the first stops', async () => {
      const w = await open();
      const workflow = pickingWorkflow();
      const first = recordingDeliverer('first');
      const second = recordingDeliverer('second');
      const one = w.runner({ manager: workflow.manager, deliverer: first.deliverer });
      const two = w.runner({ manager: workflow.manager, deliverer: second.deliverer });
      await one.start();
      await two.start();
      expect(one.role).toBe('running');
      expect(two.role).toBe('standby');
      await w.place('2001');
      // The standby's outbox sees what the running one delivers (polling the store: the outcome was recorded elsewhere).
      expect(await two.outbox.settled('picking-2001', 10_000)).toMatchObject({ status: 'delivered' });

      await one.stop();
      await eventually(async () => two.role === 'running', 'the standby to take over');
      await w.place('2002');
      expect(await two.outbox.settled('picking-2002', 10_000)).toMatchObject({ status: 'delivered' });
      await pause(200);
      expect(first.delivered).toEqual([{ id: 'picking-2001', by: 'first' }]);
      expect(second.delivered).toEqual([{ id: 'picking-2002', by: 'second' }]);
      expect(workflow.reactions).toHaveLength(2);
    });

    it('loses nothing and repeats nothing when the process dies between storing the work and delivering it', async () => {
      const w = await open();
      const workflow = pickingWorkflow();
      const dying = recordingDeliverer('dying');
      const { store, state } = mortalStore(w.documents, (operations) =>
        operations.some((operation) => operation.type === 'upsert' && operation.collection === w.storage.outboxCollection),
      );
      const dyingDeliverer = {
        deliver: (entry: OutboxEntry<PickingWork>) =>
          state.dead ? Promise.reject(new Error('the process is gone')) : dying.deliverer.deliver(entry),
      };
      const doomed = w.runner({ manager: workflow.manager, deliverer: dyingDeliverer, documents: store });
      await doomed.start();
      expect(doomed.role).toBe('running');
      const placed = [await w.place('3001'), await w.place('3002')];
      await eventually(async () => state.dead, 'the process to die after storing the work');
      const stored = await w.documents.get(w.storage.outboxCollection, 'picking-3001');
      expect(stored).toMatchObject({ status: 'pending', attempts: 0 });
      expect(dying.delivered).toEqual([]);
      const reactionsBefore = workflow.reactions.length;

      const survivor = recordingDeliverer('survivor');
      const next = w.runner({ manager: workflow.manager, deliverer: survivor.deliverer });
      await next.start();
      expect(next.role).toBe('running');
      await w.place('3003');
      for (const id of ['picking-3001', 'picking-3002', 'picking-3003'])
        expect(await next.outbox.settled(id, 10_000)).toMatchObject({ status: 'delivered', attempts: 1 });
      await pause(200);
      expect(survivor.delivered.map((d) => d.id).sort()).toEqual(['picking-3001', 'picking-3002', 'picking-3003']);
      expect(dying.delivered).toEqual([]);
      // The work and the checkpoint were stored together: the survivor did not react to what the dead one had taken.
      const taken = workflow.reactions.slice(0, reactionsBefore);
      expect(taken.filter((id) => placed.includes(id)).length).toBe(taken.length);
      expect(workflow.reactions.slice(reactionsBefore).filter((id) => taken.includes(id))).toEqual([]);
    });

    it('retries with exponential back-off, marks the work failed after maxAttempts, and a retry by hand starts a new round', async () => {
      const w = await open();
      const { manager } = pickingWorkflow();
      const delivery = recordingDeliverer();
      delivery.failWith(() => 'warehouse system unavailable');
      const retry = { baseDelayMs: 20, maxDelayMs: 1_000, maxAttempts: 4 };
      const runner = w.runner({ manager, deliverer: delivery.deliverer, retry });
      await runner.start();
      await w.place('4001');
      expect(await runner.outbox.settled('picking-4001', 10_000)).toMatchObject({ attempts: 1 });
      const failed = await eventually(async () => {
        const entry = await runner.outbox.get('picking-4001');
        return entry?.status === 'failed' ? entry : null;
      }, 'the work to be marked failed');
      expect(failed).toMatchObject({
        attempts: 4,
        round_attempts: 4,
        next_attempt_at: null,
        last_error: 'warehouse system unavailable',
      });
      // Each attempt after the first saw the wait the failure before it had set: base, 2 × base, 4 × base.
      const waits = delivery.attempts
        .slice(1)
        .map((entry) => Date.parse(entry.next_attempt_at!) - Date.parse(entry.last_attempt_at!));
      expect(waits).toEqual([1, 2, 3].map((failures) => backoffDelay(failures, retry)));
      await pause(200);
      expect(delivery.attempts).toHaveLength(4);
      expect((await runner.outbox.list({ status: 'failed' })).items.map((entry) => entry.id)).toEqual(['picking-4001']);

      delivery.failWith(null);
      expect(await runner.outbox.retry('picking-4001')).toMatchObject({
        retried: true,
        entry: { status: 'pending', round_attempts: 0 },
      });
      const delivered = await eventually(async () => {
        const entry = await runner.outbox.get('picking-4001');
        return entry?.status === 'delivered' ? entry : null;
      }, 'the retried work to be delivered');
      expect(delivered).toMatchObject({ attempts: 5, round_attempts: 1, last_error: 'warehouse system unavailable' });
      expect(delivery.delivered).toEqual([{ id: 'picking-4001', by: 'runner' }]);
      expect(await runner.outbox.retry('picking-4001')).toMatchObject({ retried: false, entry: { status: 'delivered' } });
      expect(await runner.outbox.retry('picking-none')).toEqual({ retried: false, entry: null });
    });

    it('drops work the deliverer says can never be done, without counting an attempt or retrying it', async () => {
      const w = await open();
      const { manager } = pickingWorkflow();
      const delivery = recordingDeliverer();
      delivery.dropWith('order_erased');
      const runner = w.runner({ manager, deliverer: delivery.deliverer });
      await runner.start();
      await w.place('5001');
      expect(await runner.outbox.settled('picking-5001', 10_000)).toMatchObject({
        status: 'dropped',
        dropped_reason: 'order_erased',
        attempts: 0,
        next_attempt_at: null,
      });
      await pause(200);
      expect(delivery.attempts).toHaveLength(1);
      expect(await runner.outbox.retry('picking-5001')).toMatchObject({ retried: false, entry: { status: 'dropped' } });
    });

    it('keeps one entry per deterministic id: the same order placed twice, and the whole log read again, deliver once', async () => {
      const w = await open();
      const workflow = pickingWorkflow();
      const delivery = recordingDeliverer();
      const runner = w.runner({ manager: workflow.manager, deliverer: delivery.deliverer });
      await runner.start();
      const firstPlacing = await w.place('6001', 'first placing');
      await w.place('6001', 'second placing');
      await w.place('6002');
      expect(await runner.outbox.settled('picking-6002', 10_000)).toMatchObject({ status: 'delivered' });
      expect(await runner.outbox.get('picking-6001')).toMatchObject({
        status: 'delivered',
        event_id: firstPlacing,
        payload: { customer: 'first placing' },
      });
      await runner.stop();

      // A lost checkpoint replays the log: every event is reacted to again, and nothing is queued or delivered twice.
      expect(await w.documents.delete(w.storage.stateCollection, w.storage.stateId)).toBe(true);
      const again = w.runner({ manager: workflow.manager, deliverer: delivery.deliverer });
      await again.start();
      await eventually(async () => workflow.reactions.length >= 6, 'the log to be read again');
      await w.place('6003');
      expect(await again.outbox.settled('picking-6003', 10_000)).toMatchObject({ status: 'delivered' });
      await pause(200);
      expect(delivery.delivered.map((d) => d.id)).toEqual(['picking-6001', 'picking-6002', 'picking-6003']);
      expect((await again.outbox.list()).total).toBe(3);
    });

    it('is never re-run by a projection rebuild or reset: its checkpoint and outbox are its own', async () => {
      const w = await open();
      const workflow = pickingWorkflow();
      const delivery = recordingDeliverer();
      const projector = new Projector(w.events, w.documents, [orderSummary()]);
      cleanups.push(() => projector.stop());
      await projector.start();
      const runner = w.runner({ manager: workflow.manager, deliverer: delivery.deliverer });
      await runner.start();
      await w.place('7001');
      await w.place('7002');
      expect(await runner.outbox.settled('picking-7002', 10_000)).toMatchObject({ status: 'delivered' });
      expect(await runner.outbox.settled('picking-7001', 10_000)).toMatchObject({ status: 'delivered' });
      const checkpoint = (await w.state())?.checkpoint;

      await projector.rebuild('order_summary');
      await projector.reset('order_summary');
      const last = (await w.events.readStream('order-7002')).at(-1) as RecordedEvent;
      expect(await projector.waitFor('order_summary', last.checkpoint, 10_000)).toBe(true);
      await pause(300);
      expect(workflow.reactions).toHaveLength(2);
      expect(delivery.attempts).toHaveLength(2);
      expect((await w.state())?.checkpoint).toBe(checkpoint);
      expect((await runner.outbox.list()).total).toBe(2);
    });
  });
}
