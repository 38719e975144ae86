/** Running jobs by id: start verification, forward throttled progress as events, end each job exactly once. */
import { randomBytes } from 'node:crypto';
import type { InspectorEvent, JobOutcome, VerifySummary as VerifySummaryView } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { disjointCounts } from '../jobs/body-failure.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import { startEvidenceVerify } from '../integrity/verify-adapter.js';
import { workersWorthStarting } from '../jobs/workers-worth-starting.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../jobs/verify-runner.js';
import { defaultWorkerCount } from '../jobs/verify-plan.js';
import type { BodySearchArg } from '../../../shared/contract.js';
import { startGrepJob } from '../search/grep-jobs.js';
import { recordVerification } from '../jobs/verified-bodies.js';

/** The job's summary as the contract carries it: verified + failed + unreadable = total (jobs/body-failure.ts). */
export function toVerifySummaryView(s: VerifySummary): VerifySummaryView {
  return {
    total: s.bodies,
    ...disjointCounts(s),
    failures: s.failures.map((f) => ({
      eventId: f.eventId,
      sourceTable: f.sourceTable,
      direction: f.direction,
      code: f.code,
      message: f.message,
    })),
  };
}

export class JobBoard {
  private readonly cancels = new Map<string, () => void>();
  /**
   * `verified` hears every verification that finished, before its job.done event goes out, so that a report
   * asked for after that event already includes it.
   */
  constructor(
    private readonly emit: (e: InspectorEvent) => void,
    private readonly verified: (evidenceId: string, summary: VerifySummary) => void = () => undefined,
    /** Where the workers run: this process's threads, or serve's background host (jobs/verify-runner.ts). */
    private readonly runner: VerifyRunner = inProcessVerifyRunner,
  ) {}

  startVerify(evidence: Evidence): string {
    const jobId = `job-${randomBytes(8).toString('hex')}`;
    const evidenceId = evidence.id;
    const handle = startEvidenceVerify(
      evidence,
      (p) =>
        this.emit({
          name: 'job.progress',
          payload: {
            jobId,
            kind: 'verify',
            evidenceId,
            itemsDone: p.itemsDone,
            itemsTotal: p.itemsTotal,
            bytesDone: p.bytesDone,
            bytesTotal: p.bytesTotal,
            failed: p.failed,
          },
        }),
      this.runner,
    );
    this.cancels.set(jobId, () => handle.cancel());
    void handle.result.then((r) => {
      this.cancels.delete(jobId);
      if (r.ok) {
        recordVerification(evidence.db, r.value);
        this.verified(evidenceId, r.value);
      }
      const outcome: JobOutcome = r.ok ? { ok: true, value: toVerifySummaryView(r.value) } : { ok: false, error: r.error };
      this.emit({ name: 'job.done', payload: { jobId, kind: 'verify', evidenceId, outcome } });
    });
    return jobId;
  }

  /** Searches every body (each verified first); matches arrive as job.matches events (search/grep-jobs.ts). */
  startGrep(evidence: Evidence, arg: BodySearchArg): string {
    const jobId = `job-${randomBytes(8).toString('hex')}`;
    const handle = startGrepJob(jobId, evidence, arg, this.emit, this.runner, toVerifySummaryView);
    this.cancels.set(jobId, () => handle.cancel());
    void handle.result.then(() => this.cancels.delete(jobId));
    return jobId;
  }

  /**
   * Starts the worker threads a verification of this evidence would use, ahead of its job: Node's thread start and
   * module loading (100-150 ms on 2 cores, ~10% of a 1 GiB verification) then happen while the user reads the
   * report. Idle workers end on their own after 30 s; a second call while they wait starts nothing.
   */
  prepareVerify(evidence: Evidence): void {
    this.runner.prestart(workersWorthStarting(evidence.input, defaultWorkerCount()));
  }

  cancel(jobId: string): void {
    const c = this.cancels.get(jobId);
    if (!c) throw new InspectorError('BAD_REQUEST', `no running job has id ${jobId}`);
    c();
  }

  cancelAll(): void {
    for (const c of this.cancels.values()) c();
  }
}
