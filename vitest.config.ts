import { defineConfig } from 'vitest/config';

const shared = {
  exclude: ['**/node_modules/**'],
};

export default defineConfig({
  test: {
    reporters: ['default', './infra/vitest/totals-reporter.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['**/*.unit.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'int',
          include: ['**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: more forks than that only make the database tests contend.
          maxWorkers: 2,
        },
      },
    ],
  },
});
