#!/usr/bin/env node
// Runs the whole vitest suite and ends with one plain summary line ("vitest: N passed, N failed, N skipped")
// that CI reads; vitest's own summary is not a format CI recognises.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-artifacts', { recursive: true });
const out = 'test-artifacts/vitest.json';
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
let passed = 0,
  failed = 0,
  skipped = 0;
try {
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  skipped = report.numPendingTests + report.numTodoTests;
} catch {
  failed = Math.max(1, failed);
}
console.log(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
