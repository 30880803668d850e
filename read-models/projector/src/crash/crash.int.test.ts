import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { PostgresDocumentStore, type DocumentStore } from '@buyloop/document-store';
import type { AppendOptions, NewEvent } from '@buyloop/kit';
import { STATE_COLLECTION, type ProjectionState } from '../projection-runner';
import { POINTER_COLLECTION, Projector } from '../projector';
import { orderEventTypes, orderSummary } from '../testing/order-summary';
import { parseChildLine, type ChildLine } from './protocol';
import { canonical } from '../testing/canonical';

/*
 * The crash test: a real projector process (crash-child.ts) is SIGKILLed in
 * the middle of a batch three times, restarted each time, and restarted a
 * last time in this process to run to the end of the log. After every kill
 * the restart must find the state of a batch boundary: on PostgreSQL exactly
 * the committed batches (the server outlives its client), on PGlite at least
 * what a synchronous commit flushed (the runner commits batches with relaxed
 * durability, and PGlite dies with the process); a batch whose write was in
 * flight counts all or nothing. At the end the read model must be
 * byte-for-byte equal (canonical JSON hash) to a fresh build of the same log,
 * and the state must have walked every event exactly once.
 *
 * Time goes mostly to fixed costs: creating the PGlite directory, and
 * starting each child (tsx, module loading, opening PGlite).
 *
 * Set CRASH_SEED to replay a run's kill points and data (each failure message
 * names the seed).
 */

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const childScript = 'read-models/projector/src/crash/crash-child.ts';

const BATCH_SIZE = 200;
const ORDERS = 2000;
const base: AppendOptions = { actor: { userId: 'crash-test', role: 'system' }, market: 'cz' };

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function seeded(seed: number): (below: number) => number {
  let a = seed >>> 0;
  return (below) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface Expected {
  /** Orders never cancelled: the documents the read model must hold. */
  readonly live: number;
  /** Handled events of those orders: the sum of their documents' `events` counters. */
  readonly eventsOnLive: number;
}

/**
 * Writes a couple of thousand orders, each in two appends (its opening:
 * placed and items; its closing: paid, shipped or cancelled, maybe a late
 * item), with cancellations, items added after a cancellation, and event
 * types the projection ignores (on order streams and on carts).
 *
 * Three rounds: the first quarter's openings; then the other orders'
 * openings shuffled with the first quarter's closings; then the rest's
 * closings. So most batches hold events that extend documents written in an
 * earlier batch (possibly by a killed process): applying such a batch twice
 * changes documents, where replaying a batch of whole openings would not
 * (OrderPlaced starts a document afresh).
 */
async function fill(events: PostgresEventStore, random: (below: number) => number): Promise<Expected> {
  const rounds: Array<Array<{ stream: string; events: NewEvent[] }>> = [[], [], []];
  let live = 0;
  let eventsOnLive = 0;
  for (let i = 0; i < ORDERS; i++) {
    const orderId = `o${String(i).padStart(5, '0')}`;
    const stream = `order-${orderId}`;
    const item = (n: number): NewEvent => ({
      type: 'ItemAdded',
      data: { orderId, sku: `SKU-${random(50)}`, quantity: 1 + random(3), price: 100 * (1 + random(40)) + n },
    });
    const first: NewEvent[] = [{ type: 'OrderPlaced', data: { orderId, customer: `Zákazník ${i % 97} Dvořák` } }];
    for (let n = 4 + random(8); n > 0; n--) first.push(item(n));
    if (random(4) === 0) first.push({ type: 'OrderNoteAdded', data: { orderId, note: 'ring twice' } });
    const fate = random(20);
    const cancelled = fate < 5;
    const second: NewEvent[] =
      fate < 3
        ? [{ type: 'OrderCancelled', data: { orderId } }]
        : fate < 5
          ? [
              { type: 'OrderPaid', data: { orderId } },
              { type: 'OrderCancelled', data: { orderId } },
            ]
          : fate < 9
            ? [{ type: 'OrderPaid', data: { orderId } }]
            : fate < 17
              ? [
                  { type: 'OrderPaid', data: { orderId } },
                  { type: 'OrderShipped', data: { orderId } },
                ]
              : [];
    // After a cancellation a late item must not bring the order back; on a live order it is one more event.
    if (random(4) === 0) second.push(item(0));
    const early = i < ORDERS / 4;
    rounds[early ? 0 : 1]!.push({ stream, events: first });
    if (second.length > 0) rounds[early ? 1 : 2]!.push({ stream, events: second });
    if (i % 10 === 0)
      rounds[1]!.push({
        stream: `cart-${i}`,
        events: Array.from({ length: 5 }, () => ({ type: 'CartViewed', data: { cart: i } })),
      });
    if (!cancelled) {
      live++;
      eventsOnLive += [...first, ...second].filter((e) => e.type !== 'OrderNoteAdded').length;
    }
  }
  for (const round of rounds.slice(1))
    for (let i = round.length - 1; i > 0; i--) {
      const j = random(i + 1);
      [round[i], round[j]] = [round[j]!, round[i]!];
    }
  // Streams of one round are independent; the rounds run one after another, so each stream keeps its order.
  for (const round of rounds) await inParallel(round, 8, (append) => events.append(append.stream, append.events, base));
  return { live, eventsOnLive };
}

/** Canonical JSON (sorted keys) of a whole collection, hashed: equal hashes mean byte-for-byte equal read models. */
async function hashCollection(documents: DocumentStore, collection: string) {
  const rows: string[] = [];
  let eventsCounted = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = await documents.find(collection, { offset, limit: 1000, sort: [] });
    for (const item of page.items) {
      rows.push(`${item.id}=${canonical(item.document)}`);
      eventsCounted += Number(item.document.events);
    }
    if (offset + 1000 >= page.total) break;
  }
  rows.sort();
  return { hash: createHash('sha256').update(rows.join('\n')).digest('hex'), count: rows.length, eventsCounted };
}

/** True once `pid` has exited (gone, or a zombie waiting to be reaped: its files are closed either way). */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  }
}

/**
 * One run of crash-child.ts. tsx runs the script in a second node process
 * under its own, so the child gets a process group of its own and is killed
 * as a group: a SIGKILL to the tsx process alone would leave the projector
 * running as an orphan.
 */
class Child {
  readonly lines: ChildLine[] = [];
  /** When each line arrived (performance.now()), by index in `lines`. */
  private readonly arrivals: number[] = [];
  stderr = '';
  readonly closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly process: ChildProcessWithoutNullStreams;
  private readonly listeners = new Set<() => void>();
  private partial = '';
  private done = false;

  constructor(args: readonly string[], env: NodeJS.ProcessEnv) {
    this.process = spawn(tsx, [childScript, ...args], { cwd: repoRoot, env, detached: true, stdio: 'pipe' });
    this.process.stdout.on('data', (chunk: Buffer) => {
      const text = this.partial + chunk.toString();
      const complete = text.split('\n');
      this.partial = complete.pop()!;
      for (const line of complete) {
        const parsed = parseChildLine(line);
        if (parsed) {
          this.lines.push(parsed);
          this.arrivals.push(performance.now());
        }
      }
      for (const listener of this.listeners) listener();
    });
    this.process.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.closed = new Promise((done, fail) => {
      this.process.once('error', fail);
      this.process.once('close', (code, signal) => {
        this.done = true;
        for (const listener of this.listeners) listener();
        done({ code, signal });
      });
    });
  }

  /** The first line of this kind that matches (waiting for it); rejects when the child ends first. */
  next<K extends ChildLine['kind']>(
    kind: K,
    match: (line: Extract<ChildLine, { kind: K }>) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<Extract<ChildLine, { kind: K }>> {
    return new Promise((found, fail) => {
      const check = () => {
        const line = this.lines.find((l): l is Extract<ChildLine, { kind: K }> => l.kind === kind && match(l as never));
        if (line) finish(() => found(line));
        else if (this.done) finish(() => fail(new Error(`crash-child ended before a ${kind} line: ${this.stderr}`)));
      };
      const finish = (then: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        then();
      };
      const timer = setTimeout(
        () => finish(() => fail(new Error(`no ${kind} line in ${timeoutMs} ms: ${this.stderr}`))),
        timeoutMs,
      );
      this.listeners.add(check);
      check();
    });
  }

  line<K extends ChildLine['kind']>(kind: K): Extract<ChildLine, { kind: K }> | undefined {
    return this.lines.findLast((l): l is Extract<ChildLine, { kind: K }> => l.kind === kind);
  }

  /** Median time from a write's line to its batch's line: how long one batch's transaction takes. */
  writeMs(): number {
    const began = new Map<number, number>();
    const took: number[] = [];
    this.lines.forEach((line, i) => {
      if (line.kind === 'write') began.set(line.n, this.arrivals[i]!);
      else if (line.kind === 'batch' && began.has(line.n)) took.push(this.arrivals[i]! - began.get(line.n)!);
    });
    took.sort((a, b) => a - b);
    return took[Math.floor(took.length / 2)] ?? 0;
  }

  /** SIGKILLs the whole process group and resolves once the projector's own process is gone. */
  async kill(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.done) {
      try {
        process.kill(-this.process.pid!, 'SIGKILL');
      } catch (error) {
        // The group is gone already (the child ended on its own); `closed` tells how.
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
    const result = await this.closed;
    const pid = this.line('pid')?.pid;
    const deadline = Date.now() + 5000;
    while (pid !== undefined && !exited(pid)) {
      if (Date.now() > deadline) throw new Error(`projector process ${pid} survived SIGKILL`);
      await sleep(5);
    }
    return result;
  }
}

interface World {
  readonly engine: 'pglite' | 'postgres';
  readonly schemas: { readonly events: string; readonly documents: string; readonly fresh: string };
  /** Opens the database in this process; for PGlite only while no child holds it. */
  open(): Promise<SqlClient>;
  childArgs: string[];
  childEnv: NodeJS.ProcessEnv;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  // Every cleanup runs, even after one failed (schemas are dropped even if a kill went wrong).
  const failures: unknown[] = [];
  for (const cleanup of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error) => failures.push(error));
  if (failures.length > 0) throw failures[0];
});

function world(engine: 'pglite' | 'postgres'): World {
  const id = randomUUID().replaceAll('-', '').slice(0, 10);
  const schemas = { events: `crash_ev_${id}`, documents: `crash_rm_${id}`, fresh: `crash_fr_${id}` };
  const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  const schemaArgs = ['--events-schema', schemas.events, '--documents-schema', schemas.documents];
  if (engine === 'pglite') {
    const root = mkdtempSync(join(tmpdir(), 'buyloop-crash-'));
    const dataDir = join(root, 'pglite');
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    return {
      engine,
      schemas,
      open: () => pgliteClient(dataDir),
      // Stands in for the API's appends, which commit synchronously in the same database (see crash-child.ts).
      childArgs: ['--engine', 'pglite', '--data-dir', dataDir, '--flush-every', '3', ...schemaArgs],
      childEnv,
    };
  }
  const connectionString = process.env.DATABASE_URL!;
  cleanups.push(async () => {
    const sql = pgClient({ connectionString, maxConnections: 1 });
    await dropSchemas(sql, Object.values(schemas));
    await sql.close();
  });
  return {
    engine,
    schemas,
    open: async () => pgClient({ connectionString, maxConnections: 4 }),
    childArgs: ['--engine', 'postgres', ...schemaArgs],
    childEnv: { ...childEnv, DATABASE_URL: connectionString },
  };
}

function startChild(w: World, extra: string[] = []): Child {
  const child = new Child([...w.childArgs, '--batch-size', String(BATCH_SIZE), ...extra], w.childEnv);
  cleanups.push(() => child.kill().then(() => undefined));
  return child;
}

/**
 * How one kill is aimed: after the k-th committed batch plus a delay, or
 * after the k-th write began plus a fraction of the time a write takes.
 */
type KillPoint =
  | { readonly after: 'batch'; readonly k: number; readonly delayMs: number }
  | { readonly after: 'write'; readonly k: number; readonly ofWrite: number };

interface KillRecord {
  readonly after: KillPoint['after'];
  readonly k: number;
  readonly delayMs: number;
  readonly writeMs: number;
  /** What the child was doing when it died: reading or folding the next batch, or inside its write. */
  readonly phase: 'folding' | 'writing';
  /** `processed` of the last batch the child reported committed. */
  readonly lastCommitted: number;
  /** `processed` the write in flight at the kill would commit (it may carry several batches folded while the one before was written). */
  readonly inFlight: number | null;
  /** Every `processed` the child's stored state went through: where it started, then each committed batch. */
  readonly boundaries: readonly number[];
  /** `processed` known to be flushed: where the child started, or its last heartbeat (`flushed` line). */
  readonly flushed: number;
  /** `processed` the restart found stored. */
  resumedAt?: number;
  /** From spawning the child to its first line after opening the stores, and on to the kill. */
  readonly startMs: number;
  readonly runMs: number;
}

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(engines)('a projector SIGKILLed mid-batch on %s', (engine) => {
  it(
    'resumes at a batch boundary after every kill and ends byte-for-byte equal to a fresh build',
    { timeout: 120_000 },
    async () => {
      const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
      const random = seeded(seed);
      const why = (what: string) => `${what} (${engine}, CRASH_SEED=${seed})`;
      const timings: Record<string, number> = {};
      let clock = Date.now();
      const lap = (name: string) => {
        timings[name] = Date.now() - clock;
        clock = Date.now();
      };

      const w = world(engine);
      let sql = await w.open();
      cleanups.push(() => sql.close());
      lap('open');
      const writer = await PostgresEventStore.create(sql, { schema: w.schemas.events, ownsClient: false });
      const expected = await fill(writer, random);
      const head = (await writer.headPosition()).toString();
      const [counts] = await sql.query<{ total: number; handled: number }>(
        `select count(*)::int as total, count(*) filter (where event_type = any($1::text[]))::int as handled
         from "${w.schemas.events}".events`,
        [orderEventTypes],
      );
      await writer.close();
      // PGlite is single-process: the children open the directory themselves.
      if (w.engine === 'pglite') await sql.close();
      expect(counts!.total, why('events in the log')).toBeGreaterThanOrEqual(20_000);
      expect(counts!.handled, why('the log also holds events the projection ignores')).toBeLessThan(counts!.total);
      lap('fill');

      // About 110 batches of 200 in all; the kills land in the first half. The last one aims into a write in flight:
      // after the write began, a random 0-125 % of the time a write takes.
      const killPoints: KillPoint[] = [
        { after: 'batch', k: 3 + random(6), delayMs: random(21) },
        { after: 'batch', k: 5 + random(16), delayMs: random(21) },
        { after: 'write', k: 4 + random(12), ofWrite: random(1000) / 800 },
      ];
      const kills: KillRecord[] = [];
      /** What a restart must find stored after the last kill (see the comment at the top). */
      const checkResumed = (resumed: { processed: number; position: string }) => {
        const kill = kills.at(-1);
        if (!kill) {
          expect(resumed.processed, why('the first run starts from nothing')).toBe(0);
          return;
        }
        kill.resumedAt = resumed.processed;
        const inFlightLanded = kill.phase === 'writing' && resumed.processed === kill.inFlight;
        if (w.engine === 'postgres') {
          // The server outlives its killed client: every acknowledged commit is kept (synchronous_commit off or not).
          if (kill.phase === 'folding')
            expect(resumed.processed, why('killed before its write: exactly the committed batches')).toBe(kill.lastCommitted);
          else if (!inFlightLanded)
            expect(resumed.processed, why('committed batches survive, the batch in flight all or nothing')).toBe(
              kill.lastCommitted,
            );
        } else {
          // PGlite dies with the process, and the runner commits batches with relaxed durability (synchronous_commit off):
          // the batches since the last synchronous commit may be lost, but only whole, documents and checkpoint together.
          if (!inFlightLanded)
            expect(kill.boundaries, why('a restart resumes at a batch boundary the killed process reached')).toContain(
              resumed.processed,
            );
          expect(resumed.processed, why('what a synchronous commit flushed survives the kill')).toBeGreaterThanOrEqual(
            kill.flushed,
          );
        }
        expect(BigInt(resumed.position), why('the kill came before the end of the log')).toBeLessThan(BigInt(head));
      };

      for (const point of killPoints) {
        const spawned = Date.now();
        const child = startChild(w);
        checkResumed(await child.next('resumed'));
        const opened = Date.now();
        if (point.after === 'batch') await child.next('batch', (l) => l.n === point.k);
        else await child.next('write', (l) => l.n === point.k);
        const writeMs = child.writeMs();
        const delayMs = point.after === 'batch' ? point.delayMs : Math.round(point.ofWrite * writeMs);
        await sleep(delayMs);
        const { signal } = await child.kill();
        expect(signal, why(`the child died of the kill, not on its own: ${child.stderr}`)).toBe('SIGKILL');
        // The pipe holds every line printed before the kill: the last committed batch, and whether a write began after it.
        const lastBatch = child.line('batch');
        const startedAt = child.line('resumed')!.processed;
        const lastWrite = child.line('write');
        kills.push({
          after: point.after,
          k: point.k,
          delayMs,
          writeMs,
          phase: lastWrite && lastWrite.processed > lastBatch!.processed ? 'writing' : 'folding',
          lastCommitted: lastBatch!.processed,
          inFlight: lastWrite && lastWrite.processed > lastBatch!.processed ? lastWrite.processed : null,
          boundaries: [startedAt, ...child.lines.flatMap((l) => (l.kind === 'batch' ? [l.processed] : []))],
          flushed: child.line('flushed')?.processed ?? startedAt,
          startMs: opened - spawned,
          runMs: Date.now() - opened,
        });
      }
      lap('kills');

      // The last restart, in this process, runs to the end of the log.
      if (w.engine === 'pglite') sql = await w.open();
      const events = await PostgresEventStore.create(sql, { schema: w.schemas.events, ownsClient: false, pollIntervalMs: 20 });
      cleanups.push(() => events.close());
      const documents = await PostgresDocumentStore.create(sql, { schema: w.schemas.documents, ownsClient: false });
      const pointer = await documents.get<{ active: string | null; building: string | null }>(
        POINTER_COLLECTION,
        'order_summary',
      );
      expect(pointer, why('one generation, never rebuilt: every restart went on with it')).toMatchObject({
        active: 'order_summary_g1',
        building: null,
      });
      const collection = pointer!.active!;
      const resumed = await documents.get<ProjectionState>(STATE_COLLECTION, collection);
      // Nothing stored yet (every batch lost) is a resume from the start.
      checkResumed(resumed ?? { processed: 0, position: '0' });
      const restarted = new Projector(events, documents, [orderSummary()], { batchSize: BATCH_SIZE, standbyRetryMs: 100 });
      await restarted.start();
      await until(async () => (await restarted.status())[0]!.position === head);
      await restarted.stop();
      const state = await documents.get<ProjectionState>(STATE_COLLECTION, collection);
      expect(state, why('stored projection state at the end')).toMatchObject({ position: head, status: 'running', error: null });
      // `processed` counts every event the projector walked past, ignored types included: all of them, each once.
      expect(state!.processed, why('every event walked exactly once across all the kills')).toBe(counts!.total);
      const crashed = await hashCollection(documents, collection);
      lap('finish');

      const elsewhere = await PostgresDocumentStore.create(sql, { schema: w.schemas.fresh, ownsClient: false });
      const fresh = new Projector(events, elsewhere, [orderSummary()], { batchSize: 1000 });
      await fresh.start();
      await until(async () => (await fresh.status())[0]!.position === head);
      const [freshReport] = await fresh.status();
      await fresh.stop();
      const rebuilt = await hashCollection(elsewhere, fresh.activeCollection('order_summary'));
      lap('fresh build');

      expect(freshReport!.processed, why('the fresh build walked every event once')).toBe(counts!.total);
      expect(rebuilt.count, why('live orders in the fresh build')).toBe(expected.live);
      expect(rebuilt.eventsCounted, why('handled events on live orders in the fresh build')).toBe(expected.eventsOnLive);
      expect(crashed.count, why('documents after the crashes')).toBe(rebuilt.count);
      expect(crashed.eventsCounted, why('events applied after the crashes: none twice, none skipped')).toBe(
        expected.eventsOnLive,
      );
      expect(crashed.hash, why('the crashed read model equals the fresh build')).toBe(rebuilt.hash);

      const described = kills.map(
        (k) =>
          `after ${k.after} ${k.k} +${k.delayMs} ms of ${Math.round(k.writeMs)}: ${k.phase}, ${k.lastCommitted}${engine === 'pglite' ? ` (flushed ${k.flushed})` : ''} -> ${k.resumedAt} (start ${k.startMs} ms, run ${k.runMs} ms)`,
      );
      console.info(
        `crash test on ${engine}, CRASH_SEED=${seed}: ${counts!.total} events (${counts!.handled} handled), ` +
          `${expected.live} orders live; kills [${described.join('; ')}]; ms ${JSON.stringify(timings)}`,
      );
    },
  );
});

async function until(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}
