import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, pgClient, type EventStore } from '@buyloop/event-store';
import { systemActor } from '@buyloop/kit';
import { createApp } from './app';
import { parseConfig } from './config';
import { openEventStore } from './event-store';
import { silentLogger } from './logger';
import { closeServer, listen, urlOf } from './server';

// Left out of the run by vitest.config.ts (and named as not run) when DATABASE_URL is unset.
const databaseUrl = process.env.DATABASE_URL ?? '';

describe('the API on the PostgreSQL server named by DATABASE_URL', () => {
  // A schema of its own, so parallel runs and other suites on the same server never meet.
  const schema = `api_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let store: EventStore;
  let server: Server;

  beforeAll(async () => {
    const result = parseConfig({ DATABASE_URL: databaseUrl, EVENT_STORE_SCHEMA: schema, MARKET: 'cz' });
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.config.eventStore.kind).toBe('postgres');
    store = await openEventStore(result.config);
    server = await listen(
      createApp({ config: result.config, eventStore: store, logger: silentLogger, opsToken: 'postgres-test-ops-token' }),
      0,
      '127.0.0.1',
    );
  });

  afterAll(async () => {
    await closeServer(server);
    await store.close();
    const sql = pgClient({ connectionString: databaseUrl, maxConnections: 1 });
    await dropSchemas(sql, [schema]);
    await sql.close();
  });

  it('reports the postgres engine and the head of its log to administrators on /health/details', async () => {
    await store.append('order-1', [{ type: 'OrderPlaced', data: {} }], { actor: systemActor, market: 'cz' });
    const response = await fetch(`${urlOf(server)}/health/details`, {
      headers: { authorization: 'Bearer postgres-test-ops-token' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', market: 'cz', engine: 'postgres', headPosition: '1' });
  });
});
