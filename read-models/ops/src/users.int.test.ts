import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, pgliteClient } from '@buyloop/event-store';
import { buildApp, listen, closeServer, openStorage, parseConfig, silentLogger, urlOf } from '@buyloop/api';
import { opsRunner } from './test-support';
import { openModulesOn } from './users';

/** Bootstrapping the first administrator on a stopped shop's PGlite data. */
describe('pnpm ops users:create', () => {
  let root: string;
  let env: Record<string, string>;

  const ops = opsRunner(() => env);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'buyloop-ops-users-'));
    env = { DATA_DIR: join(root, 'pglite') };
    // The shop has run once: its database exists.
    await (await PostgresEventStore.create(await pgliteClient(env.DATA_DIR), { schema: 'event_store' })).close();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates an administrator with a generated password that then signs in, recorded as created by ops-cli', async () => {
    const created = await ops('users:create', '--email', 'Reditel@Example.cz', '--role', 'administrator', '--role', 'supervisor');
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/Created reditel@example\.cz \(administrator, supervisor\)/);
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(created.out)![1]!;

    const config = parseConfig(env);
    if (!config.ok) throw new Error(config.errors.join());
    // Signing in as the shop would: the modules' routes on the same storage, a real HTTP login.
    const storage = await openStorage(config.config);
    const running = await openModulesOn(storage, config.config, env);
    const app = buildApp({
      config: config.config,
      eventStore: storage.eventStore,
      logger: silentLogger,
      sessions: running.sessions,
      routes: running.routes,
    }).app;
    const server = await listen(app, 0, '127.0.0.1');
    try {
      const base = urlOf(server);
      const csrf = await fetch(`${base}/api/auth/csrf`);
      const token = /buyloop_csrf=([^;]+)/.exec(csrf.headers.getSetCookie().join('; '))![1]!;
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie: `buyloop_csrf=${token}` },
        body: JSON.stringify({ email: 'reditel@example.cz', password }),
      });
      expect(login.status).toBe(200);
      const { user } = (await login.json()) as { user: { user_id: string; roles: string[] } };
      expect(user.roles).toEqual(['administrator', 'supervisor']);
      const [registered] = await storage.eventStore.readStream(`user-${user.user_id}`);
      expect(registered!.data).toMatchObject({ createdBy: 'ops-cli', kind: 'staff' });
    } finally {
      await closeServer(server);
      await storage.close();
    }
  });

  it('refuses mixed or unknown roles as a usage error and a taken address as a failure, naming the reason', async () => {
    const mixed = await ops('users:create', '--email', 'x@example.cz', '--role', 'customer', '--role', 'finance');
    expect(mixed.code).toBe(2);
    expect(mixed.err).toMatch(/one customer role, or staff roles only/);
    const missing = await ops('users:create', '--role', 'finance');
    expect(missing.code).toBe(2);
    const weak = await ops('users:create', '--email', 'weak@example.cz', '--role', 'finance', '--password', '1234567890');
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/validation\.password_rules/);
    const taken = await ops('users:create', '--email', 'reditel@example.cz', '--role', 'finance');
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/auth\.email_taken/);
  });
});
