import { defineConfig } from 'vitest/config';
import { describeEngines, detectEngines } from './infra/vitest/engines.ts';

const engines = detectEngines();
const postgres = engines.find((e) => e.name === 'postgres');
if (process.env.CI === 'true' && !postgres?.available) {
  throw new Error('CI=true but DATABASE_URL is not set: the PostgreSQL server tier must run in CI.');
}
const notRun = engines.filter((e) => !e.available);
process.env.BUYLOOP_ENGINES_NOT_RUN = notRun.map((e) => `${e.name} (${e.how.replace(/^NOT RUN: /, '')})`).join('; ');
process.stdout.write(`Storage engines in this run:\n${describeEngines(engines)}\n`);

export default defineConfig({
  test: {
    reporters: ['default', './infra/vitest/totals-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          // Projects with different worker limits must run as separate groups.
          sequence: { groupOrder: 0 },
          include: ['**/*.unit.test.ts'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**', ...notRun.flatMap((e) => e.files)],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: more forks than that only make the database tests contend.
          maxWorkers: 2,
        },
      },
    ],
  },
});
