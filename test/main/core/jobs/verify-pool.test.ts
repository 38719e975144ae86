// The verification job on worker threads: counts reconcile, progress arrives on a steady cadence with
// totals, cancel terminates every worker and returns CANCELLED, partitions cover every block once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { VerifyPlanInput } from '../../../../src/main/core/jobs/verify-plan.js';
import { startVerifyJob } from '../../../../src/main/core/jobs/verify-pool.js';
import { openVerificationLedger, verificationPlan } from './verification-plan.js';
import type { JobProgress } from '../../../../src/main/core/jobs/verify-types.js';
import { POOL_PROGRESS_MS } from '../../../../src/main/core/jobs/verify-types.js';

const root = mkdtempSync(join(tmpdir(), 'verify-pool-'));
let ledger: WrittenLedger;
let evidence: Evidence;

beforeAll(async () => {
  ({ ledger, evidence } = await openVerificationLedger(root, 8));
});
afterAll(() => {
  evidence?.close();
  rmSync(root, { recursive: true, force: true });
});

const plan = (extra: Partial<VerifyPlanInput> = {}) => verificationPlan(evidence, extra);

describe('verification pool', () => {
  it('two workers claim runs of the blocks from one counter: each block verified once, and counts reconcile', async () => {
    const spec = plan({ workers: 2, minBytesPerWorker: 0 });
    expect(spec.tasks.length).toBe(2);
    // Every block some index row names, in order; a block no row names has nothing to verify. Both workers get the
    // list and the same run starts, and claim runs as they go.
    const named = [...new Set(ledger.bodies.map((b) => b.row.blockOffset!))].sort((a, b) => a - b);
    for (const t of spec.tasks) {
      if (t.kind !== 'archive') throw new Error('archive task expected');
      expect(t.blocks.map((b) => b.blockOffset)).toEqual(named);
      expect(t.claimRuns?.[0]).toBe(0);
      expect([...t.claimRuns!].sort((a, b) => a - b)).toEqual(t.claimRuns);
    }
    const seen: JobProgress[] = [];
    const job = startVerifyJob(spec, { onProgress: (p) => seen.push(p) });
    const result = await job.result;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.verified).toBe(ledger.bodies.length);
    expect(result.value.failed).toBe(0);
    expect(result.value.verified + result.value.failed).toBe(result.value.bodies);
    expect(result.value.workers).toBe(2);
    expect(job.activeWorkers()).toBe(0);
    const last = seen.at(-1)!;
    expect(last.itemsDone).toBe(last.itemsTotal);
    expect(last.bytesDone).toBe(last.bytesTotal);
    expect(last.bytesTotal).toBe(ledger.bodies.reduce((n, b) => n + b.bytes.length, 0));
  });

  it('reports progress on a cadence inside the 250 ms promise while running, never going back', async () => {
    // The cadence is a timer of POOL_PROGRESS_MS; how late a loaded machine fires it is not the pool's doing, so
    // the test holds the setting and what the reports say, not the clock.
    expect(POOL_PROGRESS_MS).toBeLessThanOrEqual(250);
    const reports: JobProgress[] = [];
    const job = startVerifyJob(plan({ workers: 1 }), { onProgress: (p) => reports.push(p) });
    const result = await job.result;
    expect(result.ok).toBe(true);
    expect(reports.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < reports.length; i++) {
      expect(reports[i]!.itemsDone).toBeGreaterThanOrEqual(reports[i - 1]!.itemsDone);
      expect(reports[i]!.bytesDone).toBeGreaterThanOrEqual(reports[i - 1]!.bytesDone);
    }
  });

  it('cancel mid-run terminates every worker and returns CANCELLED', async () => {
    const job = startVerifyJob(plan({ workers: 2, minBytesPerWorker: 0 }), {});
    expect(job.activeWorkers()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    job.cancel();
    const result = await job.result;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('CANCELLED');
    expect(job.activeWorkers()).toBe(0);
  });
});
