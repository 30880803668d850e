/**
 * `pnpm bench:projections`: our projector against its baselines, in the same
 * run on the same engine (DESIGN.md sections 4 and 9). One JSON object per
 * line on stdout, the summary last; progress goes to stderr.
 *
 *   fill       >= 200,000 order events (projections-workload.ts) in batched appends
 *   rebuild    a full build of order_summary from the start of the log with
 *              our Projector into a fresh document schema: from start() until
 *              the projection has committed the last event of the log (its
 *              checkpoint reached the store's current checkpoint); then
 *              Projector.rebuild() of the running projection (ops' path)
 *   naive      the same projection code, one SELECT + one UPSERT per event in
 *              autocommit (target: ours >= 5x)
 *   raw-select the ordered log read in pages of 1000, the floor a rebuild
 *              stands on (target: ours >= 0.4x its rows/s); beside it the bare
 *              subscription (store.subscribe, nothing written)
 *   live-lag   200 appends/s of one event each on the projector's own store
 *              instance; time from append resolved until the projector has
 *              committed past that event's checkpoint (target p99 < 100 ms)
 *
 * PostgreSQL server only (DATABASE_URL): without it one line says it was not
 * measured. Every schema the run creates is dropped at the end, on failure
 * and on SIGINT/SIGTERM.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { compareCheckpoints, PostgresEventStore, pgClient } from '@buyloop/event-store';
import type { Checkpoint } from '@buyloop/event-store';
import { PostgresDocumentStore } from '@buyloop/document-store';
import type { Document } from '@buyloop/document-store';
import { Projector } from '@buyloop/projector';
import type { Projection, ProjectionState } from '@buyloop/projector';
// The projector's own order-summary projection (its package exports no `testing` entry).
import { orderSummary } from '@buyloop/projector/testing';
import { emit, inParallel, percentile, progress, round } from './harness';
import { ACTOR, MARKET } from './payload';
import { naiveProjector, naiveTableSql, rawOrderedRead, subscriptionRead } from './projections-baselines';
import { liveTraffic, planFill } from './projections-workload';

const CONFIG = {
  minEvents: 200_000,
  /** Orders per wave: a wave's checkouts, the previous wave's payments and the one before's shipments are appended together. */
  waveSize: 2000,
  fillConcurrency: 8,
  eventPoolSize: 10,
  documentPoolSize: 4,
  /** The projector's default batch size, stated so the line says what was measured. */
  batchSize: 1000,
  buildTimeoutMs: 150_000,
  naiveEvents: 50_000,
  naiveBudgetMs: 75_000,
  rawPage: 1000,
  rawRuns: 2,
  live: { ratePerS: 200, warmupS: 1, measuredS: 15, drainMs: 5000 },
  targets: { ratioVsRaw: 0.4, ratioVsNaive: 5, liveP99Ms: 100 },
} as const;

const PROJECTION = 'order_summary';
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const startedAt = performance.now();
const ms = (value: number): number => round(value, 2);
const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const cleanups: (() => Promise<void>)[] = [];
const summary: Record<string, unknown> = {};
const targets: Record<string, boolean | null> = {};
const notMeasured: string[] = [];

type BatchHandler = (state: ProjectionState, events: number) => void;

function failed(bench: string, error: unknown): void {
  progress(`${bench} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  emit({ bench, engine: 'postgres', error: errorMessage(error) });
  summary[`${bench}_error`] = errorMessage(error);
}

const sleep = (millis: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, millis));

async function postgresSuite(connectionString: string): Promise<void> {
  const schemas = {
    events: `bench_proj_es_${runId}`,
    documents: `bench_proj_docs_${runId}`,
    naive: `bench_proj_naive_${runId}`,
  };
  const admin = new pg.Pool({ connectionString, max: 2 });
  admin.on('error', () => undefined);
  const closers: (() => Promise<void>)[] = [];
  let dropped = false;
  const dropAll = async () => {
    if (dropped) return;
    dropped = true;
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const schema of Object.values(schemas))
      await admin.query(`drop schema if exists "${schema}" cascade`).catch((error: unknown) => {
        progress(`could not drop schema ${schema}: ${errorMessage(error)}`);
      });
    await admin.end().catch(() => undefined);
  };
  cleanups.push(dropAll);
  try {
    const version = await admin.query<{ v: string }>(`select current_setting('server_version') as v`);
    progress(`postgres ${version.rows[0]!.v}, run ${runId}`);
    const checkpoint = async () => {
      await admin.query('checkpoint');
    };

    // ------------------------------------------------------------ fill
    const store = await PostgresEventStore.create(pgClient({ connectionString, maxConnections: CONFIG.eventPoolSize }), {
      schema: schemas.events,
    });
    closers.push(() => store.close());
    const plan = planFill(CONFIG.minEvents, CONFIG.waveSize);
    progress(
      `fill: ${plan.events} events of ${plan.orders.length} orders in ${plan.appends} appends ` +
        `(${plan.steps.length} interleaved steps, ${CONFIG.fillConcurrency} concurrent appends)`,
    );
    const f0 = performance.now();
    let appended = 0;
    let appendedEvents = 0;
    for (const step of plan.steps) {
      await inParallel(
        step.map(({ order, append }) => async () => {
          const events = order.appends[append]!;
          await store.append(order.stream, events, {
            expectedVersion: append === 0 ? 'no_stream' : 'stream_exists',
            actor: ACTOR,
            market: MARKET,
          });
          appended++;
          appendedEvents += events.length;
        }),
        CONFIG.fillConcurrency,
      );
      progress(
        `fill: ${appendedEvents} events, ${appended} appends, ${round(appendedEvents / ((performance.now() - f0) / 1000))} events/s`,
      );
    }
    const fillSeconds = (performance.now() - f0) / 1000;
    // The last event in delivery order (transaction id, position): not necessarily the highest position.
    const end = await store.currentCheckpoint();
    const total = Number(
      (await admin.query<{ n: string }>(`select count(*)::text as n from "${schemas.events}".events`)).rows[0]!.n,
    );
    if (total !== plan.events) throw new Error(`the log holds ${total} events, the plan wrote ${plan.events}`);
    const typesPerOrder =
      plan.orders.reduce((n, o) => n + new Set(o.appends.flat().map((e) => e.type)).size, 0) / plan.orders.length;
    const fillLine = {
      bench: 'projections-fill',
      engine: 'postgres',
      events: total,
      orders: plan.orders.length,
      appends: plan.appends,
      events_per_order: round(total / plan.orders.length, 2),
      event_types_per_order: round(typesPerOrder, 2),
      min_event_types_per_order: Math.min(...plan.orders.map((o) => new Set(o.appends.flat().map((e) => e.type)).size)),
      cancelled_orders: plan.orders.filter((o) => o.cancelled).length,
      wave_size: CONFIG.waveSize,
      concurrency: CONFIG.fillConcurrency,
      seconds: round(fillSeconds, 1),
      per_s: round(total / fillSeconds),
      note:
        'each order is 3 appends (checkout: OrderPlaced + 2-4 ItemAdded; payment: OrderPaid, 10% + OrderCancelled; 60% of the rest: OrderShipped), ' +
        "a wave's checkouts interleaved with the previous wave's payments and shipments, so an order's later events come ~10,000 positions after its checkout",
    };
    emit(fillLine);
    summary.fill = { events: total, orders: plan.orders.length, appends: plan.appends, per_s: fillLine.per_s };
    await admin.query(`vacuum analyze "${schemas.events}".events`);

    // ------------------------------------------------------------ ceiling: raw ordered read
    let rawPerS: number | undefined;
    let subscriptionPerS: number | undefined;
    const rawPool = new pg.Pool({ connectionString, max: 1 });
    rawPool.on('error', () => undefined);
    closers.push(() => rawPool.end());
    try {
      progress('raw-select: one untimed pass (so nobody pays for a cold cache), then timed passes');
      await rawOrderedRead(rawPool, schemas.events, total, CONFIG.rawPage);
      const runs: number[] = [];
      for (let i = 0; i < CONFIG.rawRuns; i++) {
        await checkpoint();
        runs.push(await rawOrderedRead(rawPool, schemas.events, total, CONFIG.rawPage));
        progress(`raw-select #${i + 1}: ${round(total / runs[i]!)} rows/s`);
      }
      rawPerS = total / Math.min(...runs);
      const subscription: number[] = [];
      for (let i = 0; i < CONFIG.rawRuns; i++) {
        await checkpoint();
        subscription.push(await subscriptionRead(store, total));
        progress(`bare subscription #${i + 1}: ${round(total / subscription[i]!)} events/s`);
      }
      subscriptionPerS = total / Math.min(...subscription);
    } catch (error) {
      failed('projections-raw-select', error);
    }
    await rawPool.end();
    closers.pop();

    // ------------------------------------------------------------ ours: full build from the start of the log
    const projection = orderSummary() as unknown as Projection<Document>;
    const documents = await PostgresDocumentStore.create(
      pgClient({ connectionString, maxConnections: CONFIG.documentPoolSize }),
      { schema: schemas.documents, ownsClient: true },
    );
    closers.push(() => documents.close());
    let onBatch: BatchHandler = () => undefined;
    let batches = 0;
    const projector = new Projector(store, documents, [projection], {
      batchSize: CONFIG.batchSize,
      onBatch: (_name, state, events) => {
        batches++;
        onBatch(state, events);
      },
    });
    let projectorStopped = false;
    const stopProjector = async () => {
      if (projectorStopped) return;
      projectorStopped = true;
      await projector.stop();
    };
    closers.push(stopProjector);

    let oursPerS: number | undefined;
    let oursPrefixPerS: number | undefined;
    let buildOk = false;
    try {
      await checkpoint();
      const reached = (target: Checkpoint, what: string) => {
        let t50k: number | undefined;
        let lastReport = performance.now();
        const t0 = performance.now();
        const done = new Promise<{ at: number; t50k: number | undefined }>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${what} did not reach checkpoint ${target} within ${CONFIG.buildTimeoutMs / 1000}s`)),
            CONFIG.buildTimeoutMs,
          );
          onBatch = (state) => {
            const now = performance.now();
            if (t50k === undefined && state.processed >= CONFIG.naiveEvents) t50k = now;
            if (state.status === 'failed') reject(new Error(`${what} failed: ${state.error?.message}`));
            if (now - lastReport > 2000) {
              lastReport = now;
              progress(`${what}: ${state.processed} events, ${round(state.processed / ((now - t0) / 1000))} events/s`);
            }
            if (state.checkpoint !== null && compareCheckpoints(state.checkpoint, target) >= 0) {
              clearTimeout(timer);
              onBatch = () => undefined;
              resolve({ at: now, t50k });
            }
          };
        });
        return { t0, done };
      };

      progress(
        `ours: full build of ${PROJECTION} from the start of the log (${total} events, batch ${CONFIG.batchSize}) into a fresh schema`,
      );
      const build = reached(end, 'ours build');
      const b0 = performance.now();
      batches = 0;
      await projector.start();
      const { at, t50k } = await build.done;
      const buildSeconds = (at - b0) / 1000;
      const buildBatches = batches;
      // What the projector reports once it has everything (lagEvents is head minus the position of the last event delivered).
      const [report] = await projector.status();
      if (!report || report.processed !== total) throw new Error(`status after the build: ${JSON.stringify(report)}`);
      oursPerS = total / buildSeconds;
      oursPrefixPerS = t50k === undefined ? undefined : CONFIG.naiveEvents / ((t50k - b0) / 1000);
      progress(`ours: ${round(oursPerS)} events/s (${round(buildSeconds, 2)} s, ${buildBatches} batches)`);

      // The documents must be what the events say: one per order not cancelled, each having folded all its events.
      const collection = projector.activeCollection(PROJECTION);
      const verify = async (table: string) => {
        const { rows } = await admin.query<{ docs: string; events: string }>(
          `select count(*)::text as docs, coalesce(sum((document->>'events')::int), 0)::text as events from "${schemas.documents}"."${table}"`,
        );
        const expected = plan.orders.filter((o) => !o.cancelled);
        const expectedEvents = expected.reduce((n, o) => n + o.events, 0);
        const ok = Number(rows[0]!.docs) === expected.length && Number(rows[0]!.events) === expectedEvents;
        if (!ok)
          throw new Error(
            `${table} holds ${rows[0]!.docs} documents folding ${rows[0]!.events} events; expected ${expected.length} and ${expectedEvents}`,
          );
        return ok;
      };
      const verified = await verify(collection);

      // Ops' path: a new generation rebuilt beside the serving one, switched over, the old one dropped.
      await checkpoint();
      progress(`ours: Projector.rebuild('${PROJECTION}') beside the serving generation`);
      const r0 = performance.now();
      batches = 0;
      const rebuildWatch = reached(end, 'ours rebuild()');
      await projector.rebuild(PROJECTION);
      await rebuildWatch.done;
      const rebuildSeconds = (performance.now() - r0) / 1000;
      const rebuildBatches = batches;
      const rebuilt = projector.activeCollection(PROJECTION);
      await verify(rebuilt);
      progress(`ours rebuild(): ${round(total / rebuildSeconds)} events/s (${round(rebuildSeconds, 2)} s) into ${rebuilt}`);

      emit({
        bench: 'projections-rebuild',
        engine: 'postgres',
        projection: PROJECTION,
        events: total,
        batch_size: CONFIG.batchSize,
        ours_per_s: round(oursPerS),
        ours_s: round(buildSeconds, 3),
        batches: buildBatches,
        target: 'see projections-rebuild-vs-raw',
        rebuild_generation_per_s: round(total / rebuildSeconds),
        rebuild_generation_s: round(rebuildSeconds, 3),
        rebuild_generation_batches: rebuildBatches,
        documents_verified: verified,
        status_after: { processed: report.processed, position: report.position, head: report.head, lagEvents: report.lagEvents },
        ...(report.lagEvents !== 0
          ? {
              status_note:
                `status() reports lagEvents ${report.lagEvents} with every event processed: the last event delivered (in ` +
                `transaction-id order) is position ${report.position}, not the head ${report.head}`,
            }
          : {}),
        note:
          'ours_per_s: fresh document schema, from Projector.start() until an onBatch state (documents and checkpoint committed ' +
          "together) reached the store's current checkpoint, i.e. every event of the log; rebuild_generation_per_s: " +
          'Projector.rebuild() of the running projection into its next generation, until the switch-over and the drop of the old one',
      });
      summary.rebuild = {
        events: total,
        ours_per_s: round(oursPerS),
        rebuild_generation_per_s: round(total / rebuildSeconds),
      };
      buildOk = true;
    } catch (error) {
      failed('projections-rebuild', error);
    }

    // ------------------------------------------------------------ live lag
    if (buildOk) {
      try {
        await liveLag(
          store,
          projector,
          plan.orders,
          (handler) => (onBatch = handler),
          () => batches,
        );
      } catch (error) {
        failed('projections-live-lag', error);
        targets[`live_p99_ms<${CONFIG.targets.liveP99Ms}`] = null;
      }
    } else {
      emit({ bench: 'projections-live-lag', engine: 'postgres', skipped: 'the build did not complete' });
      targets[`live_p99_ms<${CONFIG.targets.liveP99Ms}`] = null;
    }
    await stopProjector();

    // ------------------------------------------------------------ naive baseline
    let naivePerS: number | undefined;
    try {
      await admin.query(naiveTableSql(schemas.naive));
      await checkpoint();
      const naivePool = new pg.Pool({ connectionString, max: 1 });
      naivePool.on('error', () => undefined);
      closers.push(() => naivePool.end());
      const client = await naivePool.connect();
      progress(`naive: first ${CONFIG.naiveEvents} events, one SELECT + one UPSERT per event (autocommit)`);
      let naive;
      try {
        naive = await naiveProjector(store, client, schemas.naive, projection, CONFIG.naiveEvents, CONFIG.naiveBudgetMs);
      } finally {
        client.release();
      }
      naivePerS = naive.events / naive.seconds;
      progress(`naive: ${round(naivePerS)} events/s (${naive.events} events in ${round(naive.seconds, 2)} s)`);
      const min = CONFIG.targets.ratioVsNaive;
      const ratio = oursPerS === undefined ? null : round(oursPerS / naivePerS, 2);
      const ratioPrefix = oursPrefixPerS === undefined ? null : round(oursPrefixPerS / naivePerS, 2);
      emit({
        bench: 'projections-rebuild-vs-naive',
        engine: 'postgres',
        projection: PROJECTION,
        ours_events: total,
        ours_per_s: oursPerS === undefined ? null : round(oursPerS),
        ours_first_50k_per_s: oursPrefixPerS === undefined ? null : round(oursPrefixPerS),
        baseline: 'naive-select-upsert-per-event',
        baseline_events: naive.events,
        baseline_per_s: round(naivePerS),
        baseline_s: round(naive.seconds, 3),
        baseline_statements: naive.selects + naive.upserts + naive.deletes,
        ratio,
        ratio_same_prefix: ratioPrefix,
        target: `>=${min}`,
        target_met: ratio !== null && ratio >= min,
        note:
          `naive run on the first ${naive.events} events only${naive.cut ? ` (cut by its ${CONFIG.naiveBudgetMs / 1000}s budget)` : ''}, ` +
          'compared by events/s: ratio uses ours over the whole log, ratio_same_prefix ours until its committed state passed the same ' +
          '50k events (from start(); catching up it writes behind, so what it has committed trails what it has folded); ' +
          'naive = same subscription, same projection code, per event a prepared SELECT then UPSERT/DELETE in autocommit ' +
          'into (id text primary key, document jsonb), no checkpoint stored',
      });
      summary.naive = { events: naive.events, per_s: round(naivePerS), ratio, ratio_same_prefix: ratioPrefix };
      targets[`ratio_vs_naive>=${min}`] = ratio === null ? null : ratio >= min;
    } catch (error) {
      failed('projections-rebuild-vs-naive', error);
      targets[`ratio_vs_naive>=${CONFIG.targets.ratioVsNaive}`] = null;
    }

    const minVsRaw = CONFIG.targets.ratioVsRaw;
    if (rawPerS !== undefined) {
      const ratio = oursPerS === undefined ? null : round(oursPerS / rawPerS, 3);
      emit({
        bench: 'projections-rebuild-vs-raw',
        engine: 'postgres',
        events: total,
        ours_per_s: oursPerS === undefined ? null : round(oursPerS),
        baseline: 'raw-select',
        baseline_per_s: round(rawPerS),
        ratio,
        target: `>=${minVsRaw}`,
        target_met: ratio !== null && ratio >= minVsRaw,
        runs: CONFIG.rawRuns,
        subscription_per_s: subscriptionPerS === undefined ? null : round(subscriptionPerS),
        ratio_vs_subscription:
          oursPerS === undefined || subscriptionPerS === undefined ? null : round(oursPerS / subscriptionPerS, 3),
        note:
          `floor: select * ... where global_position > $1 order by global_position limit ${CONFIG.rawPage} (prepared, keyset), ` +
          `best of ${CONFIG.rawRuns} after an untimed pass, nothing written; ratio = ours_per_s / baseline_per_s, both from this run. ` +
          'subscription_per_s: the same log through ' +
          'store.subscribe({from: "start", batchSize: 1000}) with nothing done per event, the read path the projector sits on',
      });
      summary.raw = {
        per_s: round(rawPerS),
        ratio,
        subscription_per_s: subscriptionPerS === undefined ? null : round(subscriptionPerS),
      };
      targets[`ratio_vs_raw>=${minVsRaw}`] = ratio === null ? null : ratio >= minVsRaw;
    } else targets[`ratio_vs_raw>=${minVsRaw}`] = null;
  } finally {
    cleanups.splice(cleanups.indexOf(dropAll), 1);
    await dropAll();
  }
}

async function liveLag(
  store: PostgresEventStore,
  projector: Projector,
  orders: Parameters<typeof liveTraffic>[0],
  setHandler: (handler: BatchHandler) => void,
  batchCount: () => number,
): Promise<void> {
  const { ratePerS, warmupS, measuredS, drainMs } = CONFIG.live;
  const [before] = await projector.status();
  const end = await store.currentCheckpoint();
  if (!before?.checkpoint || compareCheckpoints(before.checkpoint, end) < 0)
    throw new Error(`projector not caught up before the live phase: ${JSON.stringify(before)}`);
  progress(`live: ${ratePerS} appends/s of one event for ${warmupS}+${measuredS}s on the projector's own store instance`);

  interface Pending {
    readonly checkpoint: Checkpoint;
    readonly resolvedAt: number;
    readonly counted: boolean;
  }
  let latest: Checkpoint | null = before.checkpoint;
  const pending = new Set<Pending>();
  const lags: number[] = [];
  const appendMs: number[] = [];
  let liveEvents = 0;
  let batchesAtStart = 0;
  setHandler((state) => {
    if (!state.checkpoint) return;
    latest = state.checkpoint;
    const now = performance.now();
    for (const p of pending)
      if (compareCheckpoints(state.checkpoint, p.checkpoint) >= 0) {
        if (p.counted) lags.push(now - p.resolvedAt);
        pending.delete(p);
      }
  });

  const next = liveTraffic(orders);
  const intervalMs = 1000 / ratePerS;
  const warmup = Math.round(warmupS * ratePerS);
  const count = warmup + Math.round(measuredS * ratePerS);
  const inflight: Promise<void>[] = [];
  let failure: unknown;
  const one = async (counted: boolean) => {
    const { stream, event } = next();
    const a0 = performance.now();
    const result = await store.append(stream, [event], { actor: ACTOR, market: MARKET });
    const resolvedAt = performance.now();
    liveEvents++;
    if (counted) appendMs.push(resolvedAt - a0);
    if (latest !== null && compareCheckpoints(latest, result.checkpoint) >= 0) {
      if (counted) lags.push(0);
    } else pending.add({ checkpoint: result.checkpoint, resolvedAt, counted });
  };
  const t0 = performance.now();
  for (let i = 0; i < count && failure === undefined; i++) {
    if (i === warmup) batchesAtStart = batchCount();
    const wait = t0 + i * intervalMs - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(
      one(i >= warmup).catch((error: unknown) => {
        failure ??= error;
      }),
    );
  }
  await Promise.all(inflight);
  const sentSeconds = (performance.now() - t0) / 1000;
  if (failure !== undefined) throw failure;
  const drainUntil = performance.now() + drainMs;
  while (pending.size > 0 && performance.now() < drainUntil) await sleep(10);
  const unseen = [...pending].filter((p) => p.counted).length;
  const measuredBatches = batchCount() - batchesAtStart;
  for (const p of pending) if (p.counted) lags.push(performance.now() - p.resolvedAt);
  pending.clear();
  setHandler(() => undefined);
  const [after] = await projector.status();

  lags.sort((a, b) => a - b);
  appendMs.sort((a, b) => a - b);
  const p99 = percentile(lags, 99);
  const max = CONFIG.targets.liveP99Ms;
  const line = {
    bench: 'projections-live-lag',
    engine: 'postgres',
    rate_per_s: ratePerS,
    achieved_per_s: round(liveEvents / sentSeconds),
    warmup_s: warmupS,
    measured_s: measuredS,
    appends_measured: lags.length,
    events_per_append: 1,
    p50_ms: ms(percentile(lags, 50)),
    p90_ms: ms(percentile(lags, 90)),
    p99_ms: ms(p99),
    max_ms: ms(lags[lags.length - 1] ?? Number.NaN),
    mean_ms: ms(lags.reduce((s, v) => s + v, 0) / lags.length),
    unseen_after_drain: unseen,
    append_p50_ms: ms(percentile(appendMs, 50)),
    append_p99_ms: ms(percentile(appendMs, 99)),
    projector_batches: measuredBatches,
    events_per_batch: round((lags.length || 1) / Math.max(1, measuredBatches), 2),
    caught_up_after: after?.checkpoint ? compareCheckpoints(after.checkpoint, await store.currentCheckpoint()) >= 0 : false,
    target: `p99<${max}ms`,
    target_met: unseen === 0 && p99 < max,
    note:
      'writer and projector share one PostgresEventStore instance (as in the API process), so appends wake the subscription in-process ' +
      '(pollIntervalMs left at its default 100 ms); lag = from append() resolving until the Projector onBatch callback reports a committed ' +
      'checkpoint at or past that event (compareCheckpoints); open-loop schedule, mixed event types on fill orders and new ones',
  };
  emit(line);
  summary.live = {
    p50_ms: line.p50_ms,
    p99_ms: line.p99_ms,
    max_ms: line.max_ms,
    appends: lags.length,
    unseen: unseen,
  };
  targets[`live_p99_ms<${max}`] = line.target_met;
}

// ---------------------------------------------------------------- main

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: dropping this run's schemas`);
    const force = setTimeout(() => process.exit(130), 20_000);
    void Promise.allSettled(cleanups.map((c) => c())).then(() => {
      clearTimeout(force);
      process.exit(130);
    });
  });
}

async function main() {
  const url = process.env.DATABASE_URL;
  const keys = [
    `ratio_vs_raw>=${CONFIG.targets.ratioVsRaw}`,
    `ratio_vs_naive>=${CONFIG.targets.ratioVsNaive}`,
    `live_p99_ms<${CONFIG.targets.liveP99Ms}`,
  ];
  if (url) {
    try {
      await postgresSuite(url);
    } catch (error) {
      failed('projections', error);
    }
    for (const key of keys) if (!(key in targets)) targets[key] = null;
  } else {
    const reason =
      'DATABASE_URL is not set; the projections benchmark runs on a PostgreSQL server only — set DATABASE_URL to measure it';
    emit({ bench: 'projections', engine: 'postgres', measured: false, skipped: reason });
    summary.skipped = reason;
    notMeasured.push(...keys);
  }
  const measured = Object.values(targets);
  emit({
    bench: 'projections-summary',
    engine: 'postgres',
    run: runId,
    duration_s: round((performance.now() - startedAt) / 1000, 1),
    rebuild_events_per_s: (summary.rebuild as { ours_per_s?: number } | undefined)?.ours_per_s ?? null,
    rebuild_generation_events_per_s:
      (summary.rebuild as { rebuild_generation_per_s?: number } | undefined)?.rebuild_generation_per_s ?? null,
    naive_events_per_s: (summary.naive as { per_s?: number } | undefined)?.per_s ?? null,
    ratio_vs_naive: (summary.naive as { ratio?: number } | undefined)?.ratio ?? null,
    ratio_vs_naive_same_prefix: (summary.naive as { ratio_same_prefix?: number } | undefined)?.ratio_same_prefix ?? null,
    raw_select_rows_per_s: (summary.raw as { per_s?: number } | undefined)?.per_s ?? null,
    ratio_vs_raw: (summary.raw as { ratio?: number } | undefined)?.ratio ?? null,
    live_p50_ms: (summary.live as { p50_ms?: number } | undefined)?.p50_ms ?? null,
    live_p99_ms: (summary.live as { p99_ms?: number } | undefined)?.p99_ms ?? null,
    live_max_ms: (summary.live as { max_ms?: number } | undefined)?.max_ms ?? null,
    details: summary,
    targets_met: targets,
    ...(notMeasured.length > 0 ? { targets_not_measured: notMeasured } : {}),
    all_targets_met: measured.length > 0 && measured.every((v) => v === true),
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    progress(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
