// Runs body verification for the report: plans the job from the opened evidence and the index check, runs
// it on worker threads, and folds the outcome into the archive section. An AbortSignal cancels it.
import type { ArchiveCheckResult } from './archive-index.js';
import type { Evidence } from '../evidence/types.js';
import { planVerification } from '../jobs/verify-plan.js';
import { startVerifyJob } from '../jobs/verify-pool.js';
import type { JobProgress } from '../jobs/verify-types.js';
import type { ArchiveSection } from './types.js';

export interface VerifyOptions {
  readonly workers?: number;
  readonly onProgress?: (p: JobProgress) => void;
  readonly signal?: AbortSignal;
}

export async function verifyForReport(evidence: Evidence, index: ArchiveCheckResult, opts: VerifyOptions): Promise<ArchiveSection> {
  const spec = planVerification({
    db: evidence.db,
    dbCopyPath: evidence.snapshot.dbCopyPath,
    generation: evidence.generation,
    archive: index.openOptions,
    archiveUnreadable: index.unreadable,
    workers: opts.workers,
  });
  const job = startVerifyJob(spec, { onProgress: opts.onProgress });
  const onAbort = (): void => job.cancel();
  if (opts.signal?.aborted) job.cancel();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const outcome = await job.result;
    if (!outcome.ok) {
      return { ...index.section, verified: null, failed: null, failures: [], failuresOmitted: 0, verifyError: outcome.error };
    }
    const s = outcome.value;
    return { ...index.section, verified: s.verified, failed: s.failed, failures: s.failures, failuresOmitted: s.failuresOmitted, verifyError: null };
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
