import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient, type AppendResult } from '@buyloop/event-store';
import type { Decider, DomainEvent } from '@buyloop/kit';
import type { RegisteredDecider } from './decider-registry';
import { runCli } from './run';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const tsx = join(repoRoot, 'node_modules/.bin/tsx');

interface Result {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI as an operator runs it, with only the settings given here (no DATABASE_URL from the test's own env). */
function ops(args: readonly string[], settings: Record<string, string>): Promise<Result> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...settings };
  const child = spawn(tsx, ['read-models/ops/src/cli.ts', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const clerk = { userId: 'clerk-7', role: 'warehouse' };
const ids = {
  added: '0b5a6f3e-56a4-4b8e-9c3a-8f0d1d3f6a01',
  other: '0b5a6f3e-56a4-4b8e-9c3a-8f0d1d3f6a02',
  addedAgain: '0b5a6f3e-56a4-4b8e-9c3a-8f0d1d3f6a03',
  removed: '0b5a6f3e-56a4-4b8e-9c3a-8f0d1d3f6a04',
};

type CartEvent = DomainEvent<'ItemAdded', { sku: string; qty: number }> | DomainEvent<'ItemRemoved', { sku: string }>;
type CartState = { readonly items: Readonly<Record<string, number>> };

/** A context's decider, as one would register it for the `basket` category (a category no module of the product claims: the cart's is `cart`). */
const cartDecider: Decider<never, CartEvent, CartState> = {
  initialState: () => ({ items: {} }),
  evolve: (state, event) => {
    const items = { ...state.items };
    if (event.type === 'ItemAdded') items[event.data.sku] = (items[event.data.sku] ?? 0) + event.data.qty;
    else delete items[event.data.sku];
    return { items };
  },
  decide: () => [],
};

describe('pnpm ops (read-models/ops/src/cli.ts) on a PGlite DATA_DIR', () => {
  let root: string;
  let dataDir: string;
  const appended: Record<keyof typeof ids, AppendResult> = {} as Record<keyof typeof ids, AppendResult>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'buyloop-ops-'));
    dataDir = join(root, 'pglite');
    const store = await PostgresEventStore.create(await pgliteClient(dataDir), { schema: 'event_store' });
    try {
      const market = 'cz';
      appended.added = await store.append('basket-1', [{ id: ids.added, type: 'ItemAdded', data: { sku: 'phone', qty: 1 } }], {
        expectedVersion: 'no_stream',
        actor: clerk,
        market,
      });
      // Apart in time, so --at can fall between recorded times.
      await pause(30);
      appended.other = await store.append('basket-2', [{ id: ids.other, type: 'ItemAdded', data: { sku: 'cable', qty: 3 } }], {
        actor: clerk,
        market: 'ro',
      });
      await pause(30);
      appended.addedAgain = await store.append(
        'basket-1',
        [{ id: ids.addedAgain, type: 'ItemAdded', data: { sku: 'case', qty: 2 } }],
        { expectedVersion: 1n, actor: clerk, market, correlationId: 'corr-checkout-1', causationId: ids.added },
      );
      await pause(30);
      appended.removed = await store.append('basket-1', [{ id: ids.removed, type: 'ItemRemoved', data: { sku: 'phone' } }], {
        expectedVersion: 2n,
        actor: clerk,
        market,
      });
    } finally {
      await store.close();
    }
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('events:stream prints the stream in order, one readable line per event with all its metadata', async () => {
    const result = await ops(['events:stream', 'basket-1'], { DATA_DIR: dataDir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = lines(result.stdout);
    expect(out).toHaveLength(3);
    const [first, second, third] = out;
    expect(first).toMatch(
      new RegExp(
        `^#${appended.added.globalPosition}  \\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z  basket-1 v1  ItemAdded  \\{"qty":1,"sku":"phone"\\}  ` +
          `id=${ids.added}  schema=1  correlation=${ids.added}  causation=-  actor=clerk-7\\(warehouse\\)  market=cz$`,
      ),
    );
    expect(second).toContain(`#${appended.addedAgain.globalPosition}  `);
    expect(second).toContain('  basket-1 v2  ItemAdded  {"qty":2,"sku":"case"}  ');
    expect(second).toContain(`correlation=corr-checkout-1  causation=${ids.added}  `);
    expect(third).toContain('  basket-1 v3  ItemRemoved  {"sku":"phone"}  ');
    expect(result.stdout).not.toContain('cable');
  });

  it('events:stream --json prints one JSON object per line with every field', async () => {
    const result = await ops(['events:stream', 'basket-1', '--json'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    const events = lines(result.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => e.streamVersion)).toEqual(['1', '2', '3']);
    expect(events[1]).toEqual({
      globalPosition: String(appended.addedAgain.globalPosition),
      recordedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      stream: 'basket-1',
      streamVersion: '2',
      id: ids.addedAgain,
      type: 'ItemAdded',
      schemaVersion: 1,
      data: { sku: 'case', qty: 2 },
      metadata: { correlationId: 'corr-checkout-1', causationId: ids.added, actor: clerk, market: 'cz' },
      checkpoint: appended.addedAgain.checkpoint,
    });
  });

  it('events:state --at a position shows the stream as it was then, saying no decider is registered', async () => {
    const at = String(appended.addedAgain.globalPosition);
    const result = await ops(['events:state', 'basket-1', '--at', at], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('No decider is registered for category "basket"');
    const out = lines(result.stdout);
    expect(out[0]).toMatch(new RegExp(`^Stream basket-1 as of global position ${at}: 2 of 3 events, version 2, `));
    expect(out.slice(1).map((l) => / basket-1 (v\d) /.exec(l)?.[1])).toEqual(['v1', 'v2']);
    expect(result.stdout).not.toContain('ItemRemoved');
  });

  it('events:state --at an ISO time stops at the events recorded by then', async () => {
    const stream = await ops(['events:stream', 'basket-1', '--json'], { DATA_DIR: dataDir });
    const firstRecordedAt = (JSON.parse(lines(stream.stdout)[0] ?? '{}') as { recordedAt: string }).recordedAt;
    const result = await ops(['events:state', 'basket-1', '--at', firstRecordedAt, '--json'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    const events = lines(result.stdout).map((l) => JSON.parse(l) as { id: string });
    expect(events.map((e) => e.id)).toEqual([ids.added]);
  });

  it('events:state folds the stream with the decider registered for its category', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const run = (args: string[]) =>
      runCli(args, {
        io: { out: (t) => void out.push(t), err: (t) => void err.push(t) },
        env: { DATA_DIR: dataDir },
        deciders: new Map<string, RegisteredDecider>([['basket', cartDecider]]),
      });

    expect(await run(['events:state', 'basket-1', '--at', String(appended.addedAgain.globalPosition), '--json'])).toBe(0);
    expect(err).toEqual([]);
    expect(JSON.parse(out.join(''))).toEqual({
      stream: 'basket-1',
      category: 'basket',
      at: { position: String(appended.addedAgain.globalPosition) },
      streamVersion: '2',
      events: 2,
      totalEvents: 3,
      state: { items: { phone: 1, case: 2 } },
    });

    out.length = 0;
    expect(await run(['events:state', 'basket-1'])).toBe(0);
    expect(out.join('')).toContain('Stream basket-1 as of now: 3 of 3 events, version 3');
    expect(out.join('')).toContain('"case": 2');
    expect(out.join('')).not.toContain('phone');
  });

  it('events:tail --limit prints the newest events of the whole log, oldest first', async () => {
    const result = await ops(['events:tail', '--limit', '2', '--json'], { DATA_DIR: dataDir });
    expect(result.code).toBe(0);
    const events = lines(result.stdout).map((l) => JSON.parse(l) as { id: string });
    expect(events.map((e) => e.id)).toEqual([ids.addedAgain, ids.removed]);
  });

  it('refuses bad usage with exit code 2 and a message, before opening any store', async () => {
    // No database here: each of these must fail on the command line alone.
    const settings = { DATA_DIR: join(root, 'nothing-here') };
    const [unknown, missing, badAt, badDate, badOption, badLimit] = await Promise.all([
      ops(['events:replay'], settings),
      ops(['events:stream'], settings),
      ops(['events:state', 'basket-1', '--at', 'yesterday'], settings),
      ops(['events:state', 'basket-1', '--at', '2026-02-30T10:00:00Z'], settings),
      ops(['events:stream', 'basket-1', '--colour'], settings),
      ops(['events:tail', '--limit', '0'], settings),
    ]);
    for (const result of [unknown, missing, badAt, badDate, badOption, badLimit]) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(unknown.stderr).toContain('unknown command "events:replay"');
    expect(unknown.stderr).toContain('events:stream, events:tail, events:state');
    expect(missing.stderr).toContain('pnpm ops events:stream: missing <stream>');
    expect(badAt.stderr).toContain('--at must be a global position');
    expect(badAt.stderr).toContain('"yesterday"');
    expect(badDate.stderr).toContain('"2026-02-30T10:00:00Z"');
    expect(badOption.stderr).toContain("Unknown option '--colour'");
    expect(badLimit.stderr).toContain('--limit must be a whole number from 1 to 10000');
    expect(existsSync(settings.DATA_DIR)).toBe(false);
  });

  it('prints help with exit code 0, and the command list with 2 when no command is given', async () => {
    const [help, none] = await Promise.all([ops(['events:state', '--help'], {}), ops([], {})]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: pnpm ops events:state <stream> [options]');
    expect(help.stdout).toContain('--at <position|time>');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('events:tail');
    expect(none.stderr).toContain('no command given');
  });

  it('says so, with exit code 1, when a stream has no events or DATA_DIR holds no database', async () => {
    const empty = await ops(['events:stream', 'basket-404'], { DATA_DIR: dataDir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('Stream "basket-404" has no events.');

    const nowhere = join(root, 'typo');
    const missing = await ops(['events:stream', 'basket-1'], { DATA_DIR: nowhere });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`There is no Buyloop database in ${nowhere} (DATA_DIR)`);
    expect(existsSync(nowhere)).toBe(false);
  });

  it('refuses a PGlite database another process has open, and leaves it intact', async () => {
    // This process plays the running API.
    const holder = await PostgresEventStore.create(await pgliteClient(dataDir), { schema: 'event_store' });
    let busy: Result;
    try {
      busy = await ops(['events:stream', 'basket-1'], { DATA_DIR: dataDir });
      expect(await holder.headPosition()).toBe(appended.removed.globalPosition);
    } finally {
      await holder.close();
    }
    expect(busy.code).toBe(1);
    expect(busy.stdout).toBe('');
    expect(busy.stderr).toContain('stop the API first or use DATABASE_URL');

    const after = await ops(['events:stream', 'basket-1'], { DATA_DIR: dataDir });
    expect(after.code).toBe(0);
    expect(lines(after.stdout)).toHaveLength(3);
  });
});
