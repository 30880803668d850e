import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium, which the browser tests drive (never a downloaded browser). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Which storage engines this test run can reach. Tests for an engine that is
 * not there are left out of the run, and the run says so by name (at the
 * start and beside the totals), so a missing engine never looks like a pass.
 */
export interface EngineAvailability {
  readonly name: 'pglite' | 'postgres' | 'eventstoredb' | 'mongodb' | 'chromium';
  readonly available: boolean;
  readonly how: string;
  /** Test files that need this engine (globs, relative to the repository root). */
  readonly files: readonly string[];
}

const dockerEngineRuns = (): boolean => {
  const result = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { timeout: 5000, encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() !== '';
};

export function detectEngines(env: NodeJS.ProcessEnv = process.env): EngineAvailability[] {
  const docker = env.EVENTSTORE_URL && env.MONGODB_URL ? false : dockerEngineRuns();
  return [
    { name: 'pglite', available: true, how: 'embedded, in memory', files: [] },
    {
      name: 'postgres',
      available: Boolean(env.DATABASE_URL),
      how: env.DATABASE_URL ? `server at DATABASE_URL` : 'NOT RUN: DATABASE_URL is not set',
      files: ['**/*postgres.int.test.ts'],
    },
    {
      name: 'eventstoredb',
      available: Boolean(env.EVENTSTORE_URL) || docker,
      how: env.EVENTSTORE_URL
        ? 'server at EVENTSTORE_URL'
        : docker
          ? 'container started by testcontainers'
          : 'NOT RUN: EVENTSTORE_URL is not set and no Docker engine is reachable for testcontainers',
      files: ['**/*eventstoredb.int.test.ts'],
    },
    {
      name: 'mongodb',
      available: Boolean(env.MONGODB_URL) || docker,
      how: env.MONGODB_URL
        ? 'server at MONGODB_URL'
        : docker
          ? 'container started by testcontainers'
          : 'NOT RUN: MONGODB_URL is not set and no Docker engine is reachable for testcontainers',
      files: ['**/*mongodb.int.test.ts'],
    },
    {
      name: 'chromium',
      available: existsSync(CHROMIUM_PATH),
      how: existsSync(CHROMIUM_PATH)
        ? `${CHROMIUM_PATH} (Debian's package)`
        : `NOT RUN: ${CHROMIUM_PATH} is missing (apt-get install chromium)`,
      files: ['**/*.browser.test.ts'],
    },
  ];
}

export const describeEngines = (engines: readonly EngineAvailability[]): string =>
  engines.map((e) => `  ${e.available ? '✓' : '✗'} ${e.name}: ${e.how}`).join('\n');
