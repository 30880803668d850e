import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { systemActor } from '@buyloop/kit';
import { esdbConnectionString, openEventStore } from './event-store';
import { StartupError } from './startup-error';

describe('openEventStore', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'buyloop-store-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // Two on-disk PGlite starts (initdb, then recovery) take tens of seconds on a busy two-core machine.
  it('creates the PGlite data directory and keeps events across restarts', async () => {
    const dataDir = join(scratch, 'nested', 'pglite');
    const target = { kind: 'pglite', dataDir, schema: 'event_store' } as const;

    const first = await openEventStore({ eventStore: target });
    expect(existsSync(dataDir)).toBe(true);
    expect(first.engine).toBe('pglite');
    await first.append('order-1', [{ type: 'OrderPlaced', data: { total: 12990 } }], { actor: systemActor, market: 'cz' });
    await first.close();

    const second = await openEventStore({ eventStore: target });
    try {
      expect(await second.headPosition()).toBe(1n);
      expect((await second.readStream('order-1')).map((e) => e.type)).toEqual(['OrderPlaced']);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('says where it looked when the PostgreSQL server cannot be reached, without the password', async () => {
    const attempt = openEventStore({
      eventStore: { kind: 'postgres', url: 'postgres://shop:hunter2@127.0.0.1:1/buyloop', schema: 'event_store' },
    });
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    const error = (await attempt.catch((e: unknown) => e)) as StartupError;
    expect(error.message).toMatch(
      /^Cannot open the event store \(PostgreSQL at postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/buyloop \(schema event_store\)\): /,
    );
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain('hunter2');
  });

  it('says where it looked when the EventStoreDB server cannot be reached, without the password', async () => {
    const attempt = openEventStore({
      eventStore: { kind: 'eventstoredb', url: 'kurrentdb://admin:changeit@127.0.0.1:1?tls=false' },
    });
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StartupError);
    const message = (error as StartupError).message;
    expect(message).toMatch(
      /^Cannot open the event store \(EventStoreDB at kurrentdb:\/\/admin:\*\*\*@127\.0\.0\.1:1\?tls=false\): /,
    );
    expect(message).toContain('ECONNREFUSED');
    expect(message).not.toContain('changeit');
  });

  it('hands kurrentdb:// URLs to the client in the esdb:// spelling it parses', () => {
    expect(esdbConnectionString('kurrentdb://localhost:2113?tls=false')).toBe('esdb://localhost:2113?tls=false');
    expect(esdbConnectionString('kurrentdb+discover://a:2113,b:2113')).toBe('esdb+discover://a:2113,b:2113');
    expect(esdbConnectionString('esdb://localhost:2113')).toBe('esdb://localhost:2113');
  });
});
