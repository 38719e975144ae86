/** Running jobs by id: start verification, forward throttled progress as events, end each job exactly once. */
import { randomBytes } from 'node:crypto';
import type { InspectorEvent, JobOutcome } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { startEvidenceVerify } from './verify-adapter.js';

export class JobBoard {
  private readonly cancels = new Map<string, () => void>();
  constructor(private readonly emit: (e: InspectorEvent) => void) {}

  startVerify(evidence: Evidence): string {
    const jobId = `job-${randomBytes(8).toString('hex')}`;
    const evidenceId = evidence.id;
    const handle = startEvidenceVerify(evidence, (p) =>
      this.emit({ name: 'job.progress', payload: { jobId, kind: 'verify', evidenceId, itemsDone: p.itemsDone, itemsTotal: p.itemsTotal, bytesDone: p.bytesDone, bytesTotal: p.bytesTotal } }),
    );
    this.cancels.set(jobId, () => handle.cancel());
    void handle.result.then((r) => {
      this.cancels.delete(jobId);
      const outcome: JobOutcome = r.ok
        ? {
            ok: true,
            value: {
              total: r.value.bodies,
              verified: r.value.verified,
              failed: r.value.failed,
              unreadable: 0,
              failures: r.value.failures.map((f) => ({ eventId: f.eventId, sourceTable: f.sourceTable, direction: f.direction, code: f.code, message: f.message })),
            },
          }
        : { ok: false, error: r.error };
      this.emit({ name: 'job.done', payload: { jobId, kind: 'verify', evidenceId, outcome } });
    });
    return jobId;
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
