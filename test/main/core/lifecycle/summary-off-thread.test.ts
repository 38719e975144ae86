// The ledger-wide lifecycle summary is made in a worker: a lanes request asked while it is being made is answered
// first (the summary's answer has not come in yet when the lanes' has), and the worker's summary is the one made on
// the main connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lifecycleHandlers } from '../../../../src/main/core/lifecycle/handlers.js';
import { laneBins } from '../../../../src/main/core/lifecycle/lanes.js';
import { summaryInProgress } from '../../../../src/main/core/lifecycle/summary-off-thread.js';
import { knownLifecycleSummary, readLifecycleSummary } from '../../../../src/main/core/lifecycle/summary.js';
import type { OpenedFixture } from '../graph/fixture-ledger.js';
import { openFixture } from '../graph/fixture-ledger.js';

const root = mkdtempSync(join(tmpdir(), 'lifecycle-summary-'));
let fx: OpenedFixture;
beforeAll(async () => {
  fx = await openFixture(root, 'a4', { seed: 5 });
});
afterAll(() => {
  fx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('lifecycle summary off the main thread', () => {
  it('answers lanes while the summary is being made, then the same summary as the main connection', async () => {
    const db = fx.evidence.db;
    const handlers = lifecycleHandlers({ get: () => fx.evidence });
    const summary = handlers['lifecycle.summary']({ evidenceId: 'x' });
    expect(summary).toBeInstanceOf(Promise);
    expect(summaryInProgress(db)).toBe(true);
    let summaryAnswered = false;
    void Promise.resolve(summary).then(() => (summaryAnswered = true));
    const lanes = await handlers['lifecycle.lanes']({ evidenceId: 'x', width: 800 });
    // Ordering by the app's own state: the lanes came back while the summary was still the worker's.
    expect(summaryAnswered).toBe(false);
    expect(summaryInProgress(db)).toBe(true);
    expect(knownLifecycleSummary(db)).toBeNull();
    expect(lanes).toEqual(laneBins(db, { width: 800 }));
    // A second caller shares the worker's answer.
    expect(handlers['lifecycle.summary']({ evidenceId: 'x' })).toBe(summary);
    const made = await summary;
    expect(summaryAnswered).toBe(true);
    expect(summaryInProgress(db)).toBe(false);
    expect(made).toEqual(readLifecycleSummary(db));
    expect(made.calls).toBe(fx.report.tools.calls);
    // Once in, it is answered at once from the connection's memo.
    expect(handlers['lifecycle.summary']({ evidenceId: 'x' })).toBe(knownLifecycleSummary(db));
  });
});
