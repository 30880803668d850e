import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the run's totals as the plain line CI reads (`N passed, N failed`)
 * and writes it to .vitest-totals so .ci/run can repeat it as its last line.
 * A module that failed to load counts as a failure: a suite that cannot even
 * start must never look green.
 */
export default class TotalsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let testsInModule = 0;
      for (const test of module.children.allTests()) {
        testsInModule++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && testsInModule === 0) failed++;
    }
    failed += unhandledErrors.length;
    const line = `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
    writeFileSync(new URL('../../.vitest-totals', import.meta.url), `${line}\n`);
    const notRun = process.env.BUYLOOP_ENGINES_NOT_RUN;
    if (notRun) process.stdout.write(`\nEngines not run (their contract suites were left out): ${notRun}\n`);
    process.stdout.write(`\n${line}\n`);
  }
}
