/**
 * `pnpm bench:eventstore`: our event store against its baselines, in the same
 * run on the same engine (docs: DESIGN.md section 9). One JSON object per line
 * on stdout, the summary last; progress goes to stderr.
 *
 *   append          single-event appends, 16 writers on distinct streams
 *   append-batch100 100 events per append, 4 writers
 *   catchup-read    replay of the whole log (200,000 events; 100,000 on PGlite)
 *                   through store.subscribe vs a raw ordered SELECT loop
 *
 * Contenders are measured interleaved (rounds of short slices, see harness.ts)
 * with identical writers, payloads, pool sizes, warm-ups and measured time, so
 * a neighbour's load spike on a shared machine hits all of them alike.
 *
 * Engines: the PostgreSQL server at DATABASE_URL (skipped with a JSON line when
 * unset) and PGlite (in memory) always. Every run works in fresh schemas that
 * are dropped at the end.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PostgresEventStore, pgClient, pgliteClient } from '@buyloop/event-store';
import type { SqlClient } from '@buyloop/event-store';
import { createEmmett, emmettWriter, pgExec, rawInsertWriter, rawTableSql } from './baselines';
import type { Emmett, Exec, WriterFactory } from './baselines';
import { emit, inParallel, measureInterleaved, progress, round } from './harness';
import type { Contender, LoadResult } from './harness';
import { ACTOR, MARKET, newEvents } from './payload';

const POOL_SIZE = 20;
const SINGLE = { writers: 16, eventsPerAppend: 1 };
const BATCH = { writers: 4, eventsPerAppend: 100 };
/** Per contender: `warmupMs`, then `rounds` slices of `sliceMs` (each later one after `sliceWarmupMs`), interleaved with the others. */
const TIMING = {
  postgres: {
    single: { warmupMs: 2000, sliceWarmupMs: 500, sliceMs: 2000, rounds: 4 },
    batch: { warmupMs: 1000, sliceWarmupMs: 500, sliceMs: 2000, rounds: 3 },
  },
  pglite: {
    single: { warmupMs: 1000, sliceWarmupMs: 300, sliceMs: 1500, rounds: 3 },
    batch: { warmupMs: 1000, sliceWarmupMs: 300, sliceMs: 1500, rounds: 3 },
  },
} as const;
const CATCHUP = {
  /** PGlite writes through one connection in this process: 200,000 would take about a minute to fill there. */
  events: { postgres: 200_000, pglite: 100_000 },
  eventsPerAppend: 1000,
  readBatch: 1000,
  rounds: 2,
  fillConcurrency: { postgres: 4, pglite: 1 },
  /** PGlite fills one append at a time; past this the log is read as it stands (and the line says so). */
  fillBudgetS: { postgres: 120, pglite: 60 },
  readTimeoutMs: 120_000,
} as const;

const RAW = 'raw-insert';
const PEER = 'emmett-postgresql';
const RAW_READ = 'raw-select';

type Engine = 'postgres' | 'pglite';
type Figures = Record<string, number | string | boolean | null>;

const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const startedAt = performance.now();
const summary: Record<Engine, Record<string, unknown>> = { postgres: {}, pglite: {} };
const targets: { key: string; ratio: number | null; min: number }[] = [];
const notMeasured: string[] = [];

const figures = (engine: Engine, bench: string): Figures => {
  const forEngine = summary[engine] as Record<string, Figures>;
  return (forEngine[bench] ??= {});
};

const ms = (value: number): number => round(value, 2);

/** One comparison line: ours vs one baseline, plus the target when there is one. */
function compare(
  engine: Engine,
  bench: string,
  extra: Figures,
  ours: LoadResult,
  baseline: string,
  base: LoadResult,
  min?: number,
) {
  const ratio = round(ours.eventsPerS / base.eventsPerS, 3);
  emit({
    bench,
    engine,
    ...extra,
    ours_per_s: round(ours.eventsPerS),
    ours_p50_ms: ms(ours.p50Ms),
    ours_p99_ms: ms(ours.p99Ms),
    baseline,
    baseline_per_s: round(base.eventsPerS),
    baseline_p50_ms: ms(base.p50Ms),
    baseline_p99_ms: ms(base.p99Ms),
    ratio,
    ...(min === undefined ? {} : { target: `>=${min}`, target_met: ratio >= min }),
  });
  const f = figures(engine, bench);
  Object.assign(f, {
    ours_per_s: round(ours.eventsPerS),
    ours_p50_ms: ms(ours.p50Ms),
    ours_p99_ms: ms(ours.p99Ms),
    [`${baseline}_per_s`]: round(base.eventsPerS),
    [`${baseline}_p50_ms`]: ms(base.p50Ms),
    [`${baseline}_p99_ms`]: ms(base.p99Ms),
    [`ratio_vs_${baseline}`]: ratio,
  });
  if (min !== undefined) targets.push({ key: `${engine}.${bench}.vs_${baseline}>=${min}`, ratio, min });
}

function skip(engine: Engine, bench: string, baseline: string, reason: string, min?: number) {
  emit({ bench, engine, baseline, skipped: reason });
  figures(engine, bench)[`${baseline}_skipped`] = reason;
  if (min !== undefined) notMeasured.push(`${engine}.${bench}.vs_${baseline}>=${min}`);
}

function failed(engine: Engine, bench: string, baseline: string, error: unknown, min?: number) {
  const message = error instanceof Error ? error.message : String(error);
  progress(`${engine} ${bench} vs ${baseline} FAILED: ${message}`);
  emit({ bench, engine, baseline, error: message });
  figures(engine, bench)[`${baseline}_error`] = message;
  if (min !== undefined) targets.push({ key: `${engine}.${bench}.vs_${baseline}>=${min}`, ratio: null, min });
}

interface Entrant {
  readonly name: string;
  readonly writer: WriterFactory;
  readonly around?: <T>(work: () => Promise<T>) => Promise<T>;
}

type Load = { readonly writers: number; readonly eventsPerAppend: number };
type Timing = { readonly warmupMs: number; readonly sliceWarmupMs: number; readonly sliceMs: number; readonly rounds: number };

/** Measures every entrant under the same load and timing, interleaved (see measureInterleaved). */
const measureAll = (
  engine: Engine,
  bench: string,
  load: Load,
  timing: Timing,
  entrants: readonly Entrant[],
  beforeSlice: () => Promise<void>,
): Promise<Map<string, LoadResult | Error>> =>
  measureInterleaved(
    { label: `${engine} ${bench}`, writers: load.writers, eventsPerOp: load.eventsPerAppend, ...timing, beforeSlice },
    entrants.map((e): Contender => ({
      name: e.name,
      makeWriter: (w) => e.writer(w, load.eventsPerAppend, `${bench}-${e.name}`),
      ...(e.around ? { around: e.around } : {}),
    })),
  );

function report(
  engine: Engine,
  bench: string,
  load: Load,
  timing: Timing,
  results: Map<string, LoadResult | Error>,
  baselines: readonly { name: string; min?: number }[],
) {
  const extra: Figures = {
    writers: load.writers,
    events_per_append: load.eventsPerAppend,
    pool_size: engine === 'postgres' ? POOL_SIZE : 1,
    warmup_s: timing.warmupMs / 1000,
    measured_s: (timing.rounds * timing.sliceMs) / 1000,
    slices: timing.rounds,
  };
  const ours = results.get('ours');
  for (const { name, min } of baselines) {
    const base = results.get(name);
    if (ours instanceof Error) failed(engine, bench, name, ours, min);
    else if (base instanceof Error || base === undefined) failed(engine, bench, name, base ?? 'not run', min);
    else compare(engine, bench, extra, ours!, name, base, min);
  }
}

const oursWriter =
  (store: PostgresEventStore): WriterFactory =>
  (writer, size, tag) => {
    const stream = `bench-${tag}-w${writer}`;
    let version = 0n;
    return async () => {
      const result = await store.append(stream, newEvents(size), { expectedVersion: version, actor: ACTOR, market: MARKET });
      version = result.streamVersion;
    };
  };

// ---------------------------------------------------------------- catch-up read

interface CatchUp {
  readonly engine: Engine;
  readonly store: PostgresEventStore;
  /** Runs the raw SELECT (prepared where the driver supports it) and returns the rows as the driver gives them. */
  readonly rawPage: (after: string) => Promise<Record<string, unknown>[]>;
  readonly count: () => Promise<number>;
  readonly beforeEach: () => Promise<void>;
}

async function fill(engine: Engine, store: PostgresEventStore): Promise<{ events: number; seconds: number; cut: boolean }> {
  const appends = CATCHUP.events[engine] / CATCHUP.eventsPerAppend;
  const budget = CATCHUP.fillBudgetS[engine] * 1000;
  const t0 = performance.now();
  let done = 0;
  let cut = false;
  const tasks = Array.from({ length: appends }, (_, i) => async () => {
    if (performance.now() - t0 > budget) {
      cut = true;
      return;
    }
    await store.append(`fill-${i}`, newEvents(CATCHUP.eventsPerAppend), {
      expectedVersion: 'no_stream',
      actor: ACTOR,
      market: MARKET,
    });
    done++;
    if (done % 50 === 0) progress(`${engine} catch-up fill: ${done * CATCHUP.eventsPerAppend} events`);
  });
  await inParallel(tasks, CATCHUP.fillConcurrency[engine]);
  return { events: done * CATCHUP.eventsPerAppend, seconds: (performance.now() - t0) / 1000, cut };
}

async function readOurs(store: PostgresEventStore, total: number): Promise<number> {
  const subscription = store.subscribe({ from: 'start', batchSize: CATCHUP.readBatch });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void subscription.close();
  }, CATCHUP.readTimeoutMs);
  let received = 0;
  let last: unknown;
  const t0 = performance.now();
  for await (const event of subscription) {
    received++;
    if (received === total) {
      last = event;
      break;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearTimeout(timer);
  await subscription.close();
  if (received !== total || timedOut)
    throw new Error(`subscription delivered ${received} of ${total} events within ${CATCHUP.readTimeoutMs / 1000}s`);
  if (typeof (last as { globalPosition?: unknown }).globalPosition !== 'bigint')
    throw new Error('events are not typed RecordedEvents');
  return seconds;
}

async function readRaw(catchUp: CatchUp, total: number): Promise<number> {
  let received = 0;
  let after = '0';
  const t0 = performance.now();
  while (received < total) {
    const rows = await catchUp.rawPage(after);
    if (rows.length === 0) throw new Error(`raw read found ${received} of ${total} rows`);
    received += rows.length;
    after = String(rows[rows.length - 1]!.global_position);
  }
  return (performance.now() - t0) / 1000;
}

async function catchUpBench(catchUp: CatchUp) {
  const { engine, store } = catchUp;
  const bench = 'catchup-read';
  const min = 0.5;
  try {
    progress(`${engine} catch-up: filling ${CATCHUP.events[engine]} events in appends of ${CATCHUP.eventsPerAppend}`);
    const filled = await fill(engine, store);
    const total = await catchUp.count();
    progress(`${engine} catch-up: ${total} events in ${round(filled.seconds, 1)}s (${round(total / filled.seconds)} events/s)`);
    // Untimed pass so neither side pays for a cold cache.
    await readRaw(catchUp, total);
    const ours: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < CATCHUP.rounds; i++) {
      await catchUp.beforeEach();
      ours.push(await readOurs(store, total));
      progress(`${engine} catch-up ours #${i + 1}: ${round(total / ours[i]!)} events/s`);
      await catchUp.beforeEach();
      raw.push(await readRaw(catchUp, total));
      progress(`${engine} catch-up raw #${i + 1}: ${round(total / raw[i]!)} rows/s`);
    }
    const oursPerS = total / Math.min(...ours);
    const rawPerS = total / Math.min(...raw);
    const ratio = round(oursPerS / rawPerS, 3);
    const line: Figures = {
      bench,
      engine,
      events: total,
      read_batch: CATCHUP.readBatch,
      runs: CATCHUP.rounds,
      ours_per_s: round(oursPerS),
      ours_s: round(Math.min(...ours), 3),
      baseline: RAW_READ,
      baseline_per_s: round(rawPerS),
      baseline_s: round(Math.min(...raw), 3),
      ratio,
      target: `>=${min}`,
      target_met: ratio >= min,
      fill_per_s: round(total / filled.seconds),
      ...(filled.cut
        ? {
            note: `log cut to ${total} events: filling ${CATCHUP.events[engine]} exceeded the ${CATCHUP.fillBudgetS[engine]}s fill budget`,
          }
        : total < 200_000
          ? { note: `smaller log on ${engine} (${total} events, not 200,000) to keep the fill within the run's time budget` }
          : {}),
    };
    emit(line);
    Object.assign(figures(engine, bench), {
      events: total,
      ours_per_s: line.ours_per_s,
      [`${RAW_READ}_per_s`]: line.baseline_per_s,
      [`ratio_vs_${RAW_READ}`]: ratio,
      fill_per_s: line.fill_per_s,
    });
    targets.push({ key: `${engine}.${bench}.vs_${RAW_READ}>=${min}`, ratio, min });
  } catch (error) {
    failed(engine, bench, RAW_READ, error, min);
  }
}

// ---------------------------------------------------------------- engines

async function postgresSuite(connectionString: string) {
  const schemas = {
    ours: `bench_ours_${runId}`,
    raw: `bench_raw_${runId}`,
    emmett: `bench_emmett_${runId}`,
    read: `bench_read_${runId}`,
  };
  const admin = new pg.Pool({ connectionString, max: 2 });
  admin.on('error', () => undefined);
  const closers: (() => Promise<void>)[] = [];
  const dropAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const schema of Object.values(schemas))
      await admin.query(`drop schema if exists "${schema}" cascade`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  cleanups.push(dropAll);
  try {
    const version = await admin.query<{ v: string }>(`select current_setting('server_version') as v`);
    progress(`postgres ${version.rows[0]!.v}, run ${runId}`);
    const checkpoint = async () => {
      await admin.query('checkpoint');
    };

    const ours = await PostgresEventStore.create(pgClient({ connectionString, maxConnections: POOL_SIZE }), {
      schema: schemas.ours,
    });
    closers.push(() => ours.close());
    await admin.query(rawTableSql(schemas.raw, schemas.ours));
    const rawPool = new pg.Pool({ connectionString, max: POOL_SIZE });
    rawPool.on('error', () => undefined);
    closers.push(() => rawPool.end());
    let emmett: Emmett | Error;
    try {
      emmett = await createEmmett(connectionString, schemas.emmett, POOL_SIZE, admin);
      const e = emmett;
      closers.push(() => e.close());
    } catch (error) {
      emmett = error instanceof Error ? error : new Error(String(error));
      progress(`emmett-postgresql setup failed: ${emmett.message}`);
    }
    const contenders: Entrant[] = [
      { name: 'ours', writer: oursWriter(ours) },
      { name: RAW, writer: rawInsertWriter(pgExec(rawPool), `"${schemas.raw}".events`) },
    ];
    if (!(emmett instanceof Error)) {
      const e = emmett;
      contenders.push({ name: PEER, writer: emmettWriter(e.store), around: (work) => e.withOwnParsers(work) });
    }
    const withPeer = (results: Map<string, LoadResult | Error>) => {
      if (emmett instanceof Error) results.set(PEER, emmett);
      return results;
    };

    const single = withPeer(await measureAll('postgres', 'append', SINGLE, TIMING.postgres.single, contenders, checkpoint));
    report('postgres', 'append', SINGLE, TIMING.postgres.single, single, [
      { name: RAW, min: 0.6 },
      { name: PEER, min: 1.5 },
    ]);
    const batch = withPeer(await measureAll('postgres', 'append-batch100', BATCH, TIMING.postgres.batch, contenders, checkpoint));
    report('postgres', 'append-batch100', BATCH, TIMING.postgres.batch, batch, [{ name: PEER, min: 1.0 }, { name: RAW }]);

    const readStore = await PostgresEventStore.create(pgClient({ connectionString, maxConnections: POOL_SIZE }), {
      schema: schemas.read,
    });
    closers.push(() => readStore.close());
    const readPool = new pg.Pool({ connectionString, max: POOL_SIZE });
    readPool.on('error', () => undefined);
    closers.push(() => readPool.end());
    const exec: Exec = pgExec(readPool);
    const rawSelect = `select * from "${schemas.read}".events where global_position > $1 order by global_position limit ${CATCHUP.readBatch}`;
    await catchUpBench({
      engine: 'postgres',
      store: readStore,
      rawPage: async (after) => (await exec('bench_raw_select', rawSelect, [after])) as Record<string, unknown>[],
      count: async () =>
        Number((await admin.query<{ n: string }>(`select count(*) as n from "${schemas.read}".events`)).rows[0]!.n),
      beforeEach: async () => {
        await admin.query(`vacuum analyze "${schemas.read}".events`);
        await checkpoint();
      },
    });
    // How each table was read while appending (seq scans on ours mean a plan ignored its indexes).
    // Read last: backends publish their table counters up to ~10 s after going idle.
    const tables = await admin.query<Record<string, string | boolean>>(
      `select schemaname, relname, seq_scan::text, seq_tup_read::text, idx_scan::text, n_tup_ins::text,
              autoanalyze_count::text
         from pg_stat_user_tables where schemaname = any($1) order by schemaname, relname`,
      [[schemas.ours, schemas.raw, schemas.emmett]],
    );
    const label = (schema: string) =>
      schema === schemas.ours ? 'ours' : schema === schemas.raw ? RAW : schema === schemas.emmett ? PEER : schema;
    (summary.postgres as Record<string, unknown>).table_stats = Object.fromEntries(
      tables.rows.map((r) => [
        `${label(String(r.schemaname))}.${String(r.relname)}`,
        {
          seq_scan: Number(r.seq_scan),
          seq_tup_read: Number(r.seq_tup_read),
          idx_scan: Number(r.idx_scan),
          rows_inserted: Number(r.n_tup_ins),
          autoanalyze_count: Number(r.autoanalyze_count),
        },
      ]),
    );
  } finally {
    cleanups.splice(cleanups.indexOf(dropAll), 1);
    await dropAll();
  }
}

async function pgliteSuite() {
  const engine = 'pglite';
  const reason =
    'emmett-postgresql 0.42 runs on node-postgres only: getPostgreSQLEventStore takes a connection string and ' +
    'pg.Pool/pg.Client/dumbo connection options, and its SQL layer (dumbo 0.12.7) has a single connector, PostgreSQL:pg';
  let sql: SqlClient | undefined = await pgliteClient();
  try {
    const ours = await PostgresEventStore.create(sql, { schema: 'bench_ours', ownsClient: false });
    await sql.exec(rawTableSql('bench_raw', 'bench_ours'));
    const client = sql;
    const exec: Exec = (_name, text, params) => client.query(text, params);
    const contenders: Entrant[] = [
      { name: 'ours', writer: oursWriter(ours) },
      { name: RAW, writer: rawInsertWriter(exec, 'bench_raw.events') },
    ];
    const checkpoint = async () => {
      await client.exec('checkpoint');
    };
    const single = await measureAll(engine, 'append', SINGLE, TIMING.pglite.single, contenders, checkpoint);
    report(engine, 'append', SINGLE, TIMING.pglite.single, single, [{ name: RAW, min: 0.6 }]);
    skip(engine, 'append', PEER, reason);
    const batch = await measureAll(engine, 'append-batch100', BATCH, TIMING.pglite.batch, contenders, checkpoint);
    report(engine, 'append-batch100', BATCH, TIMING.pglite.batch, batch, [{ name: RAW }]);
    skip(engine, 'append-batch100', PEER, reason);
    await ours.close();
    await sql.close();

    // A fresh database for the read, so it holds exactly the filled log.
    sql = await pgliteClient();
    const readClient = sql;
    const readStore = await PostgresEventStore.create(readClient, { schema: 'bench_read', ownsClient: false });
    const rawSelect = `select * from bench_read.events where global_position > $1 order by global_position limit ${CATCHUP.readBatch}`;
    await catchUpBench({
      engine,
      store: readStore,
      rawPage: (after) => readClient.query<Record<string, unknown>>(rawSelect, [after]),
      count: async () =>
        Number((await readClient.query<{ n: string | number }>(`select count(*) as n from bench_read.events`))[0]!.n),
      beforeEach: async () => {
        await readClient.exec('vacuum analyze bench_read.events');
        await readClient.exec('checkpoint');
      },
    });
    await readStore.close();
  } catch (error) {
    failed(engine, 'eventstore', 'all', error);
  } finally {
    await sql?.close();
  }
}

// ---------------------------------------------------------------- main

const cleanups: (() => Promise<void>)[] = [];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    progress(`${signal}: dropping this run's schemas`);
    void Promise.allSettled(cleanups.map((c) => c())).then(() => process.exit(130));
  });
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (url) {
    try {
      await postgresSuite(url);
    } catch (error) {
      failed('postgres', 'eventstore', 'all', error);
    }
  } else {
    const reason = 'DATABASE_URL is not set; set it to a PostgreSQL server to measure the server engine';
    summary.postgres = { skipped: reason };
    emit({ bench: 'eventstore', engine: 'postgres', skipped: reason });
    notMeasured.push('postgres.append.vs_raw-insert>=0.6', 'postgres.append.vs_emmett-postgresql>=1.5');
    notMeasured.push('postgres.append-batch100.vs_emmett-postgresql>=1', 'postgres.catchup-read.vs_raw-select>=0.5');
  }
  await pgliteSuite();

  const targetsMet = Object.fromEntries(targets.map((t) => [t.key, t.ratio !== null && t.ratio >= t.min]));
  emit({
    bench: 'eventstore-summary',
    run: runId,
    duration_s: round((performance.now() - startedAt) / 1000, 1),
    postgres: summary.postgres,
    pglite: summary.pglite,
    targets_met: targetsMet,
    ...(notMeasured.length > 0 ? { targets_not_measured: notMeasured } : {}),
    all_targets_met: targets.length > 0 && Object.values(targetsMet).every(Boolean),
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    progress(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
