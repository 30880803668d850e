import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@buyloop/identity';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

interface Run {
  readonly child: ChildProcess;
  stdout: string;
  stderr: string;
  readonly exited: Promise<number | null>;
}

const running: Run[] = [];

/** The service as an operator starts it, with only the settings given here (no stray URLs from the test's own env). */
function startService(settings: Record<string, string>): Run {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...settings };
  // As services/api's start script runs it: one node process with tsx as a loader, so a signal reaches the service
  // itself (the tsx CLI relays signals to a second process and kills it if that one does not answer within 30 ms,
  // which a busy PGlite start-up does not). Its own process group, so a test's clean-up can take everything down.
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const run: Run = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolveExit) => child.once('exit', (code) => resolveExit(code))),
  };
  child.stdout?.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  running.push(run);
  return run;
}

async function until(condition: () => boolean, what: string, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const address = probe.address();
  await new Promise((r) => probe.close(r));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

afterEach(() => {
  for (const run of running.splice(0)) {
    if (run.child.exitCode !== null || run.child.pid === undefined) continue;
    try {
      process.kill(-run.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

describe('starting the service (services/api/src/main.ts)', () => {
  it('refuses a bad PORT with exit code 1 and a plain sentence, no stack trace', async () => {
    const run = startService({ PORT: 'abc' });
    expect(await run.exited).toBe(1);
    expect(run.stderr).toContain('PORT must be a whole number 1-65535, got "abc"');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it("refuses a module's bad setting the same way, before opening anything, never echoing a key", async () => {
    const run = startService({ BUYBACK_PAYOUT_LIMIT: '15 000 Kč', PERSONAL_DATA_KEY: 'c2hvcnQta2V5LXNlY3JldA==' });
    expect(await run.exited).toBe(1);
    expect(run.stderr).toContain(
      'BUYBACK_PAYOUT_LIMIT must be a whole amount in the market currency, e.g. 20000, got "15 000 Kč"',
    );
    expect(run.stderr).toContain('PERSONAL_DATA_KEY must be 32 random bytes');
    expect(run.stderr).not.toContain('c2hvcnQta2V5');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('starts on PGlite, serves /health, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'buyloop-main-'));
    try {
      const port = await freePort();
      const run = startService({ PORT: String(port), DATA_DIR: join(dataDir, 'pglite'), MARKET: 'ro', BUYLOOP_MODE: 'test' });
      await until(() => run.stdout.includes('listening on') || run.child.exitCode !== null, 'the listening line');
      expect(run.stdout).toContain(
        `Buyloop API listening on http://127.0.0.1:${port} (market ro, test, events in PGlite in ${join(dataDir, 'pglite')}`,
      );

      // A load balancer learns that it is up; the details are the administrators' (here: the ops token beside the data).
      expect(await (await fetch(`http://127.0.0.1:${port}/health`)).json()).toEqual({ status: 'ok' });
      const opsToken = readFileSync(join(dataDir, 'ops-token'), 'utf8').trim();
      const health = (await (
        await fetch(`http://127.0.0.1:${port}/health/details`, { headers: { authorization: `Bearer ${opsToken}` } })
      ).json()) as Record<string, unknown>;
      // The demo data are the only events: the users (one per role, two events each: the e-mail claim and the
      // account), the staff roster (started with the first of supervisor and administrator, then the other
      // granted), the published buy-back catalogue, and the shop's catalogue (its pictures keep arriving in the
      // background, so the head only has a floor).
      expect(health).toMatchObject({ status: 'ok', market: 'ro', engine: 'pglite' });
      expect(Number(health.headPosition)).toBeGreaterThan(2 * DEMO_USERS.length + 2 + 1 + 333);
      expect(run.stdout).toMatch(/Demo catalogue loaded in [\d.]+ s: 130 models, 333 products, 21 categories/);

      // The storefront's selector answers on the demo catalogue, in the market's words.
      const types = (await (await fetch(`http://127.0.0.1:${port}/api/buyout/types`)).json()) as { choices: { label: string }[] };
      expect(types.choices.map((c) => c.label)).toContain('Telefoane');

      // A demo user signs in through the API as the README says.
      const csrf = (await (await fetch(`http://127.0.0.1:${port}/api/auth/csrf`)).json()) as { csrf_token: string };
      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': csrf.csrf_token,
          cookie: `buyloop_csrf=${csrf.csrf_token}`,
        },
        body: JSON.stringify({ email: 'supervisor@demo.buyloop.cz', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { roles: string[] } }).user.roles).toEqual(['supervisor']);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.stdout).toContain('Received SIGTERM, shutting down');
      expect(run.stdout).toContain('Stopped');
      expect(run.stderr).toBe('');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh PGlite data directory runs initdb: tens of seconds on a busy two-core machine.
  }, 120_000);
});
