import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient } from '@buyloop/event-store';
import { opsRunner } from './test-support';

/** The stream_summary line of `projections:status --json` (one JSON object per projection). */
const summaryOf = (out: string): unknown =>
  out
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { name: string })
    .find((report) => report.name === 'stream_summary');

/** The projections commands on a stopped shop's PGlite data: they open the stores themselves. */
describe('pnpm ops projections:* on a PGlite DATA_DIR', () => {
  let root: string;
  let env: Record<string, string>;

  const ops = opsRunner(() => env);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'buyloop-ops-projections-'));
    env = { DATA_DIR: join(root, 'pglite') };
    const store = await PostgresEventStore.create(await pgliteClient(env.DATA_DIR), { schema: 'event_store' });
    const by = { actor: { userId: 'clerk-1', role: 'warehouse' }, market: 'cz' as const };
    for (let i = 0; i < 30; i++)
      await store.append(
        `parcel-${i}`,
        [
          { type: 'Submitted', data: { i } },
          { type: 'Received', data: {} },
        ],
        by,
      );
    await store.close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('status before the projector ever ran names the projection and its lag', async () => {
    const result = await ops('projections:status', '--json');
    expect(result.code).toBe(0);
    const [report] = result.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; head: string; lagEvents: number });
    expect(report).toMatchObject({ name: 'stream_summary', head: '60', lagEvents: 60 });
  });

  it('rebuild builds the read model, reports where reads go, and status then shows no lag', async () => {
    const rebuilt = await ops('projections:rebuild', 'stream_summary');
    expect(rebuilt.err).toContain('Rebuilding stream_summary');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.out).toMatch(/stream_summary rebuilt in .* reads now go to stream_summary_g\d+/);
    const status = await ops('projections:status', '--json');
    expect(summaryOf(status.out)).toMatchObject({
      name: 'stream_summary',
      status: 'running',
      position: '60',
      lagEvents: 0,
    });
  });

  it('pause and resume are recorded and shown', async () => {
    expect((await ops('projections:pause', 'stream_summary')).out).toContain('stream_summary: paused');
    expect(summaryOf((await ops('projections:status', '--json')).out)).toMatchObject({ status: 'paused' });
    expect((await ops('projections:resume', 'stream_summary')).out).toContain('stream_summary: running');
  });

  it('an unknown projection is an error that lists the known ones', async () => {
    const result = await ops('projections:rebuild', 'nope');
    expect(result.code).toBe(1);
    expect(result.err).toContain('Known: stream_summary');
  });
});
