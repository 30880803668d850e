/**
 * `pnpm bench:stock`: stock reservations on the event store (docs: DESIGN.md
 * section 9). One JSON object per line on stdout, the summary last; progress
 * goes to stderr.
 *
 *   stock-race        64 buyers reserve one piece each of a product with 8
 *                     left, all at once, 50 rounds: exactly 8 must succeed
 *                     every round and the stream must never hold more
 *                     reservations than pieces (oversold: 0)
 *   stock-throughput  single-piece reservations by 16 writers on distinct
 *                     products (StockService.reserve: read the stream, decide,
 *                     append with the version read) against the event store's
 *                     single-event appends by 16 writers, measured interleaved
 *                     in the same run on the same engine; target ≥ 0.5×
 *
 * Engine: the PostgreSQL server at DATABASE_URL when set, else PGlite in
 * memory. The run works in a fresh schema, dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { demoLocations, STOCK_ERRORS, stockStream, StockService, type StockEvent } from '@buyloop/catalogue';
import { dropSchemas, PostgresEventStore, pgClient, pgliteClient, type SqlClient } from '@buyloop/event-store';
import { emit, measureInterleaved, percentile, progress, round } from './harness';
import type { LoadResult } from './harness';
import { ACTOR, MARKET, newEvents } from './payload';

const RACE = { rounds: 50, buyers: 64, pieces: 8 } as const;
const THROUGHPUT = {
  writers: 16,
  /** Products per writer, taken in turn: streams stay short, as a shop's many products keep them. */
  productsPerWriter: 32,
  piecesPerProduct: 100_000,
  target: 0.5,
  timing: {
    postgres: { warmupMs: 2000, sliceWarmupMs: 500, sliceMs: 2000, rounds: 4 },
    pglite: { warmupMs: 1000, sliceWarmupMs: 300, sliceMs: 1500, rounds: 3 },
  },
} as const;
const POOL_SIZE = 20;
const WAREHOUSE = 'cz-central';

type Engine = 'postgres' | 'pglite';
const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const startedAt = performance.now();
const ctx = { actor: ACTOR };
const expiresAt = () => new Date(Date.now() + 30 * 60_000).toISOString();

async function createProduct(store: PostgresEventStore, code: string): Promise<void> {
  await store.append(
    `product-${code}`,
    [{ type: 'CatalogueProductCreated', data: { code, masterProductId: 'bench', at: new Date().toISOString() } }],
    {
      expectedVersion: 'no_stream',
      actor: ACTOR,
      market: MARKET,
    },
  );
}

interface RaceFigures {
  readonly rounds: number;
  readonly buyers: number;
  readonly pieces: number;
  readonly exact_rounds: number;
  readonly oversold: number;
  readonly undersold: number;
  readonly unexpected_errors: number;
  readonly round_p50_ms: number;
  readonly round_max_ms: number;
}

/** 64 buyers on the last 8 pieces, 50 times; a round is oversold if more than 8 reservations stand in the stream. */
async function race(store: PostgresEventStore, stock: StockService, engine: Engine): Promise<RaceFigures> {
  let exact = 0;
  let oversold = 0;
  let undersold = 0;
  let unexpected = 0;
  const durations: number[] = [];
  for (let r = 1; r <= RACE.rounds; r++) {
    const code = `RACE-${runId}-${r}`.toUpperCase().slice(0, 40);
    await createProduct(store, code);
    await stock.receive({ code, location: WAREHOUSE, quantity: RACE.pieces }, ctx);
    const t0 = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: RACE.buyers }, (_, buyer) =>
        stock.reserve(
          { reservationId: `race-${r}-${buyer}`, items: [{ code, location: WAREHOUSE, quantity: 1 }], expiresAt: expiresAt() },
          ctx,
        ),
      ),
    );
    durations.push(performance.now() - t0);
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    for (const outcome of outcomes)
      if (outcome.status === 'rejected' && (outcome.reason as { code?: string }).code !== STOCK_ERRORS.insufficient) unexpected++;
    const stored = (await store.readStream(stockStream(code, WAREHOUSE))) as unknown as StockEvent[];
    const held = stored
      .filter((event) => event.type === 'StockReserved')
      .reduce((sum, event) => sum + (event.type === 'StockReserved' ? event.data.quantity : 0), 0);
    const level = await stock.level(code, WAREHOUSE);
    if (held > RACE.pieces || level.available < 0 || won > RACE.pieces) oversold++;
    else if (won < RACE.pieces) undersold++;
    else exact++;
    if (r % 10 === 0)
      progress(`${engine} race: ${r}/${RACE.rounds} rounds, ${exact} exact, ${oversold} oversold, ${undersold} undersold`);
  }
  durations.sort((a, b) => a - b);
  return {
    rounds: RACE.rounds,
    buyers: RACE.buyers,
    pieces: RACE.pieces,
    exact_rounds: exact,
    oversold,
    undersold,
    unexpected_errors: unexpected,
    round_p50_ms: round(percentile(durations, 50), 1),
    round_max_ms: round(durations.at(-1) ?? Number.NaN, 1),
  };
}

/** Reservations on distinct products against single appends, interleaved under the same load. */
async function throughput(store: PostgresEventStore, stock: StockService, engine: Engine) {
  const products: string[][] = [];
  progress(`${engine} throughput: stocking ${THROUGHPUT.writers * THROUGHPUT.productsPerWriter} products`);
  for (let w = 0; w < THROUGHPUT.writers; w++) {
    const own: string[] = [];
    for (let p = 0; p < THROUGHPUT.productsPerWriter; p++) {
      const code = `TP-${runId}-${w}-${p}`.toUpperCase().slice(0, 40);
      await createProduct(store, code);
      await stock.receive({ code, location: WAREHOUSE, quantity: THROUGHPUT.piecesPerProduct }, ctx);
      own.push(code);
    }
    products.push(own);
  }
  const results = await measureInterleaved(
    { label: `${engine} stock-throughput`, writers: THROUGHPUT.writers, eventsPerOp: 1, ...THROUGHPUT.timing[engine] },
    [
      {
        name: 'reserve',
        makeWriter: (writer) => {
          const own = products[writer]!;
          let next = 0;
          return async () => {
            const code = own[next++ % own.length]!;
            await stock.reserve(
              { reservationId: randomUUID(), items: [{ code, location: WAREHOUSE, quantity: 1 }], expiresAt: expiresAt() },
              ctx,
            );
          };
        },
      },
      {
        name: 'single-append',
        makeWriter: (writer) => {
          const stream = `bench-append-${runId}-w${writer}`;
          let version = 0n;
          return async () => {
            const result = await store.append(stream, newEvents(1), { expectedVersion: version, actor: ACTOR, market: MARKET });
            version = result.streamVersion;
          };
        },
      },
    ],
  );
  const ours = results.get('reserve');
  const base = results.get('single-append');
  if (ours instanceof Error || base instanceof Error || !ours || !base)
    throw new Error(
      `throughput not measured: ${String(ours instanceof Error ? ours.message : base instanceof Error ? base.message : 'missing')}`,
    );
  return { ours, base };
}

const figuresOf = (result: LoadResult) => ({
  per_s: round(result.eventsPerS),
  p50_ms: round(result.p50Ms, 2),
  p99_ms: round(result.p99Ms, 2),
});

async function main() {
  const url = process.env.DATABASE_URL;
  const engine: Engine = url ? 'postgres' : 'pglite';
  const schema = `bench_stock_${runId}`;
  const sql: SqlClient = url ? pgClient({ connectionString: url, maxConnections: POOL_SIZE }) : await pgliteClient();
  const cleanup = async () => {
    if (engine === 'postgres') await dropSchemas(sql, [schema]).catch(() => undefined);
    await sql.close().catch(() => undefined);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      progress(`${signal}: dropping this run's schema`);
      void cleanup().then(() => process.exit(130));
    });
  try {
    const store = await PostgresEventStore.create(sql, { schema, ownsClient: false });
    const stock = new StockService({ events: store, market: 'cz', clock: () => new Date() });
    await stock.defineLocations(demoLocations('cz'), ctx);

    progress(`${engine} race: ${RACE.rounds} rounds of ${RACE.buyers} buyers on the last ${RACE.pieces} pieces`);
    const raced = await race(store, stock, engine);
    emit({ bench: 'stock-race', engine, ...raced });

    const { ours, base } = await throughput(store, stock, engine);
    const ratio = round(ours.eventsPerS / base.eventsPerS, 3);
    const timing = THROUGHPUT.timing[engine];
    emit({
      bench: 'stock-throughput',
      engine,
      writers: THROUGHPUT.writers,
      products: THROUGHPUT.writers * THROUGHPUT.productsPerWriter,
      measured_s: (timing.rounds * timing.sliceMs) / 1000,
      slices: timing.rounds,
      ours: 'reserve (read, decide, append with expected version)',
      ours_per_s: round(ours.eventsPerS),
      ours_p50_ms: round(ours.p50Ms, 2),
      ours_p99_ms: round(ours.p99Ms, 2),
      baseline: 'single-append',
      baseline_per_s: round(base.eventsPerS),
      baseline_p50_ms: round(base.p50Ms, 2),
      baseline_p99_ms: round(base.p99Ms, 2),
      ratio,
      target: `>=${THROUGHPUT.target}`,
      target_met: ratio >= THROUGHPUT.target,
    });

    const targetsMet = {
      [`${engine}.stock-race.exactly_${RACE.pieces}_every_round`]: raced.exact_rounds === RACE.rounds,
      [`${engine}.stock-race.oversold==0`]: raced.oversold === 0,
      [`${engine}.stock-throughput.vs_single-append>=${THROUGHPUT.target}`]: ratio >= THROUGHPUT.target,
    };
    emit({
      bench: 'stock-summary',
      run: runId,
      engine,
      duration_s: round((performance.now() - startedAt) / 1000, 1),
      oversold: raced.oversold,
      exact_rounds: `${raced.exact_rounds}/${raced.rounds}`,
      race: raced,
      throughput: { reserve: figuresOf(ours), 'single-append': figuresOf(base), ratio },
      targets_met: targetsMet,
      all_targets_met: Object.values(targetsMet).every(Boolean),
    });
    await store.close();
  } finally {
    await cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    progress(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
