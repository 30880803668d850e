import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { describeEngines, detectEngines } from './infra/vitest/engines.ts';

/** Test files under `dir`, skipping installed packages, git and local data. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', '.git', '.data'].includes(entry.name) ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
// A test file whose suffix no project includes would never run and never be missed: refuse it.
const strayTests = testFiles('.').filter((file) => !/\.(unit|int|browser)\.test\.tsx?$/.test(file));
if (strayTests.length > 0)
  throw new Error(`Test files must end in .unit.test.ts, .int.test.ts or .browser.test.ts: ${strayTests.join(', ')}`);

const engines = detectEngines();
const postgres = engines.find((e) => e.name === 'postgres');
if (process.env.CI === 'true' && !postgres?.available) {
  throw new Error('CI=true but DATABASE_URL is not set: the PostgreSQL server tier must run in CI.');
}
if (process.env.CI === 'true' && !engines.find((e) => e.name === 'chromium')?.available) {
  throw new Error('CI=true but Chromium is missing: the browser tests must run in CI.');
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
          include: ['**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: ['**/*.int.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...notRun.flatMap((e) => e.files)],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: more forks than that only make the database tests contend.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'browser',
          sequence: { groupOrder: 2 },
          include: ['**/*.browser.test.ts'],
          exclude: ['**/node_modules/**', ...notRun.flatMap((e) => e.files)],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One Chromium at a time on two cores.
          maxWorkers: 1,
        },
      },
    ],
  },
});
