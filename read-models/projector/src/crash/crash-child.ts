/**
 * A projector process for crash.int.test.ts, which SIGKILLs it in the middle
 * of a batch and starts it again. Run it with tsx:
 *
 *   tsx read-models/projector/src/crash/crash-child.ts --engine pglite --data-dir DIR \
 *     --events-schema S --documents-schema S [--batch-size 200] [--slow-every 10] [--slow-ms 1] [--flush-every N]
 *     [--until-caught-up]
 *
 * `--engine postgres` connects to DATABASE_URL instead of opening a PGlite
 * directory (PGlite is single-process: nobody else may hold DIR open).
 *
 * It runs a Projector with orderSummary(), wrapped so that every
 * `--slow-every`-th evolve busy-waits `--slow-ms`: a batch then takes tens of
 * milliseconds to fold, and a kill shortly after a committed batch lands
 * while the next one is folded or written. It prints the lines of
 * protocol.ts.
 *
 * The runner commits batches with relaxed durability (synchronous_commit
 * off). On PGlite the database dies with the process, so a kill loses every
 * batch since the last synchronous commit. In the product other work in the
 * same database (the API's appends) commits synchronously now and then;
 * `--flush-every N` stands in for it: after every N-th batch the child
 * upserts a heartbeat document (a synchronous commit, which flushes the log
 * up to there) and prints a `flushed` line.
 *
 * With `--until-caught-up` it stops once it has projected
 * everything in the log and exits 0; otherwise it runs until it is killed,
 * the pipe on its stdin closes (the parent died) or `--max-seconds` pass.
 */
import { fstatSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { NotFound } from '@buyloop/kit';
import { PostgresEventStore, pgClient, pgliteClient } from '@buyloop/event-store';
import { PostgresDocumentStore, type DocumentStore } from '@buyloop/document-store';
import type { Projection } from '../projection';
import { STATE_COLLECTION, type ProjectionState } from '../projection-runner';
import { POINTER_COLLECTION, Projector } from '../projector';
import { orderSummary, type OrderSummary } from '../testing/order-summary';
import type { ChildLine } from './protocol';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string' },
    'data-dir': { type: 'string' },
    'events-schema': { type: 'string' },
    'documents-schema': { type: 'string' },
    'batch-size': { type: 'string', default: '200' },
    'slow-every': { type: 'string', default: '10' },
    'slow-ms': { type: 'string', default: '1' },
    'flush-every': { type: 'string', default: '0' },
    'until-caught-up': { type: 'boolean', default: false },
    'max-seconds': { type: 'string', default: '60' },
  },
});

/** Where the heartbeat of --flush-every goes, beside the projection's collections. */
const HEARTBEAT = 'crash_heartbeat';

const print = (line: ChildLine): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

function fail(message: string, code = 1): never {
  process.stderr.write(`crash-child: ${message}\n`);
  process.exit(code);
}

const positiveInteger = (name: keyof typeof args): number => {
  const value = Number(args[name]);
  if (!Number.isSafeInteger(value) || value < 1) fail(`--${name} must be a positive integer`);
  return value;
};

function busyWait(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Deliberately blocks: this is the slow fold the kill is aimed at.
  }
}

/** The same projection (name, version, collection, results), only slower to evolve. */
function slow<D extends OrderSummary>(inner: Projection<D>, every: number, ms: number): Projection<D> {
  let count = 0;
  return {
    ...inner,
    evolve(document, event) {
      if (++count % every === 0) busyWait(ms);
      return inner.evolve(document, event);
    },
  };
}

/**
 * The document store, announcing each batch `write` (one transaction: the
 * fenced writes of documents and checkpoint; the runner's claim of its state
 * at start is not one) before it begins, with the `processed` it commits.
 */
function announcingWrites(documents: PostgresDocumentStore): DocumentStore {
  let writes = 0;
  return new Proxy(documents, {
    get(target, property) {
      if (property === 'write') {
        return (...write: Parameters<DocumentStore['write']>) => {
          const [operations, options] = write;
          if (options?.expectStamp) {
            const state = operations.find((op) => op.collection === 'projector_state' && op.type === 'upsert');
            const processed =
              state?.type === 'upsert' ? Number((state.document as { processed?: unknown }).processed) : Number.NaN;
            print({ kind: 'write', n: ++writes, processed });
          }
          // Every argument passes through: the runner's durability option decides what a kill may lose.
          return target.write(...write);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function orNull<T>(read: () => Promise<T | null>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    // Before the first start the projector's collections do not exist yet.
    if (error instanceof NotFound) return null;
    throw error;
  }
}

async function main(): Promise<void> {
  const engine = args.engine;
  const eventsSchema = args['events-schema'] ?? fail('--events-schema is required');
  const documentsSchema = args['documents-schema'] ?? fail('--documents-schema is required');
  const batchSize = positiveInteger('batch-size');
  const slowEvery = positiveInteger('slow-every');
  const slowMs = Number(args['slow-ms']);
  const maxSeconds = positiveInteger('max-seconds');
  const flushEvery = Number(args['flush-every']);
  if (!Number.isSafeInteger(flushEvery) || flushEvery < 0) fail('--flush-every must be a whole number');

  print({ kind: 'pid', pid: process.pid });
  // Never outlive the test: a parent that died closes the pipe on our stdin.
  if (fstatSync(0).isFIFO()) {
    process.stdin.on('end', () => fail('stdin closed: the parent is gone', 2));
    process.stdin.resume();
  }
  setTimeout(() => fail(`still running after ${maxSeconds} s`, 3), maxSeconds * 1000).unref();

  const sql =
    engine === 'pglite'
      ? await pgliteClient(args['data-dir'] ?? fail('--data-dir is required with --engine pglite'))
      : engine === 'postgres'
        ? pgClient({ connectionString: process.env.DATABASE_URL ?? fail('DATABASE_URL is required with --engine postgres') })
        : fail('--engine must be pglite or postgres');
  const events = await PostgresEventStore.create(sql, { schema: eventsSchema, ownsClient: false, pollIntervalMs: 20 });
  const documents = await PostgresDocumentStore.create(sql, { schema: documentsSchema, ownsClient: false });

  await documents.ensureCollection({ name: HEARTBEAT, fields: {} });

  const projection = slow(orderSummary(), slowEvery, slowMs);
  const pointer = await orNull(() => documents.get<{ active: string | null }>(POINTER_COLLECTION, projection.name));
  const collection = pointer?.active ?? null;
  const stored = collection ? await orNull(() => documents.get<ProjectionState>(STATE_COLLECTION, collection)) : null;
  print({ kind: 'resumed', collection, processed: stored?.processed ?? 0, position: stored?.position ?? '0' });

  const head = (await events.headPosition()).toString();
  let batches = 0;
  let reachedHead: () => void = () => undefined;
  const caughtUp = new Promise<void>((resolve) => (reachedHead = resolve));
  const projector = new Projector(events, announcingWrites(documents), [projection], {
    batchSize,
    // At most two batches per write: merged writes are crash-tested, and the log still holds enough writes for every kill point.
    maxWriteEvents: 2 * batchSize,
    // Catching up, documents go quiet after a few batches and are written ahead of the checkpoint: the kills
    // land between writes whose documents are stamped past it, and a write still follows nearly every batch.
    writeBehindEvents: 4 * batchSize,
    // On PostgreSQL the killed process's lease dies with its connection; should the server not have noticed yet, retry soon.
    standbyRetryMs: 100,
    onBatch: (_name, state, applied) => {
      print({ kind: 'batch', n: ++batches, processed: state.processed, position: state.position, events: applied });
      if (flushEvery > 0 && batches % flushEvery === 0) {
        const processed = state.processed;
        void documents
          .upsert(HEARTBEAT, 'crash-child', { batches, processed })
          .then(() => print({ kind: 'flushed', processed }))
          .catch((error: unknown) => fail(`heartbeat failed: ${String(error)}`));
      }
      if (state.status === 'failed') fail(`projection failed: ${state.error?.message ?? 'unknown error'}`, 4);
      if (state.position === head) reachedHead();
    },
  });
  await projector.start();
  print({ kind: 'started' });
  if (!args['until-caught-up']) return;

  if (stored?.position === head) reachedHead();
  await caughtUp;
  await projector.stop();
  const [report] = await projector.status();
  print({ kind: 'caught-up', processed: report?.processed ?? -1, position: report?.position ?? '' });
  await events.close();
  await documents.close();
  await sql.close();
  process.exit(0);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
