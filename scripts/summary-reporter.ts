import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, 'N passed, N failed, N skipped', that CI reads, preceded by
 * every test that passed only when retried, so a flaky test is seen, not hidden by its retry.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const flaky: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
        if (test.diagnostic()?.flaky)
          flaky.push(`${mod.moduleId.replace(/^.*?\/(e2e|apps|packages)\//, '$1/')} > ${test.fullName}`);
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) counts.failed += 1;
    }
    if (flaky.length > 0) process.stdout.write(`\nflaky (passed on a retry):\n  ${flaky.join('\n  ')}\n`);
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
