import { describe, expect, it } from 'vitest';
import type { ProjectionReport } from '@buyloop/projector';
import { printStatus } from './projections';

const report = (name: string): ProjectionReport => ({
  name,
  version: 1,
  collection: `${name}_g1`,
  status: 'running',
  checkpoint: null,
  position: '21',
  head: '21',
  lagEvents: 0,
  lagSeconds: 0,
  eventsPerSecond: 0,
  processed: 21,
  error: null,
  rebuilding: null,
});

describe('projections:status as a table', () => {
  it('keeps the state column apart from a long projection name', async () => {
    let out = '';
    await printStatus(
      { out: (text) => void (out += text), err: () => undefined },
      [report('users'), report('warehouse_pick_list_progress')],
      false,
    );
    const [header, short, long] = out.trim().split('\n');
    const stateColumn = header!.indexOf('STATE');
    expect(long!.slice(0, stateColumn).trimEnd()).toBe('warehouse_pick_list_progress v1');
    expect(long!.slice(stateColumn)).toMatch(/^running\s+21\s+21/);
    expect(short!.slice(stateColumn)).toMatch(/^running\s/);
  });
});
