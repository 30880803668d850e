import { performance } from 'node:perf_hooks';

/**
 * The measuring loop every contender goes through, so ours and the baselines
 * get exactly the same treatment: same number of writers, same warm-up, same
 * measured window, same way of counting.
 */

/** Progress goes to stderr; stdout carries only the JSON result lines. */
export const progress = (message: string): void => {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
};

export const emit = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

export const round = (value: number, digits = 0): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

/** Nearest-rank percentile of already sorted values. */
export const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
};

export interface LoadResult {
  /** Operations completed inside the measured windows. */
  readonly ops: number;
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerS: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export interface Contender {
  readonly name: string;
  /** Called once per writer before the clock starts; returns that writer's operation (it keeps its stream across slices). */
  readonly makeWriter: (writer: number) => () => Promise<unknown>;
  /** Wraps each of this contender's slices (e.g. to install its driver settings). */
  readonly around?: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface LoadPlan {
  readonly label: string;
  readonly writers: number;
  readonly eventsPerOp: number;
  /** Warm-up before a contender's first slice (connections, prepared statements, caches). */
  readonly warmupMs: number;
  /** Warm-up before each later slice (the writers refill the pipeline). */
  readonly sliceWarmupMs: number;
  readonly sliceMs: number;
  readonly rounds: number;
  /** Runs before every slice of every contender (e.g. a CHECKPOINT). */
  readonly beforeSlice?: () => Promise<void>;
}

interface Tally {
  ops: number;
  latencies: number[];
  error?: Error;
}

/**
 * Runs `writers` closed loops (each starts its next operation as soon as the
 * previous one returns) for one slice. Operations completing during the
 * warm-up are not counted; only those completing inside the measured window
 * count, with their latencies. The first error stops every writer and rejects.
 */
async function runSlice(ops: ReadonlyArray<() => Promise<unknown>>, warmupMs: number, sliceMs: number, tally: Tally) {
  const measureStart = performance.now() + warmupMs;
  const measureEnd = measureStart + sliceMs;
  let failed: unknown;
  const loop = async (op: () => Promise<unknown>): Promise<void> => {
    for (;;) {
      if (failed !== undefined) return;
      const t0 = performance.now();
      try {
        await op();
      } catch (error) {
        failed ??= error;
        return;
      }
      const t1 = performance.now();
      if (t1 >= measureEnd) return;
      if (t1 >= measureStart) {
        tally.ops++;
        tally.latencies.push(t1 - t0);
      }
    }
  };
  await Promise.all(ops.map(loop));
  if (failed !== undefined) throw failed;
}

/**
 * Measures the contenders under identical load, interleaved: `rounds` rounds,
 * each giving every contender one slice of `sliceMs` (the order rotating from
 * round to round), so a neighbour's load spike on a shared machine lands on all
 * of them rather than on whoever happened to run at the time. Every contender
 * gets the same warm-ups and the same measured time in total.
 */
export async function measureInterleaved(
  plan: LoadPlan,
  contenders: readonly Contender[],
): Promise<Map<string, LoadResult | Error>> {
  const writers = new Map(contenders.map((c) => [c.name, Array.from({ length: plan.writers }, (_, w) => c.makeWriter(w))]));
  const tallies = new Map<string, Tally>(contenders.map((c) => [c.name, { ops: 0, latencies: [] }]));
  progress(
    `${plan.label}: ${contenders.map((c) => c.name).join(' / ')}, ${plan.writers} writers x ${plan.eventsPerOp} event(s)/append, ` +
      `${plan.rounds} interleaved slices of ${plan.sliceMs / 1000}s each`,
  );
  for (let r = 0; r < plan.rounds; r++) {
    for (let i = 0; i < contenders.length; i++) {
      const contender = contenders[(i + r) % contenders.length]!;
      const tally = tallies.get(contender.name)!;
      if (tally.error) continue;
      await plan.beforeSlice?.();
      const slice = () =>
        runSlice(writers.get(contender.name)!, r === 0 ? plan.warmupMs : plan.sliceWarmupMs, plan.sliceMs, tally);
      try {
        await (contender.around ? contender.around(slice) : slice());
      } catch (error) {
        tally.error = error instanceof Error ? error : new Error(String(error));
        progress(`${plan.label} ${contender.name} failed: ${tally.error.message}`);
      }
    }
  }
  const seconds = (plan.rounds * plan.sliceMs) / 1000;
  const results = new Map<string, LoadResult | Error>();
  for (const [name, tally] of tallies) {
    if (tally.error) {
      results.set(name, tally.error);
      continue;
    }
    tally.latencies.sort((a, b) => a - b);
    const events = tally.ops * plan.eventsPerOp;
    const result: LoadResult = {
      ops: tally.ops,
      events,
      seconds,
      eventsPerS: events / seconds,
      p50Ms: percentile(tally.latencies, 50),
      p99Ms: percentile(tally.latencies, 99),
    };
    results.set(name, result);
    progress(
      `${plan.label} ${name}: ${round(result.eventsPerS)} events/s, p50 ${round(result.p50Ms, 2)} ms, p99 ${round(result.p99Ms, 2)} ms`,
    );
  }
  return results;
}

/** Runs `tasks` with at most `concurrency` in flight. */
export async function inParallel(tasks: ReadonlyArray<() => Promise<unknown>>, concurrency: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
}
