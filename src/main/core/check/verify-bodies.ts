// Runs body verification for the report: plans the job from the opened evidence and the index check, runs
// it on worker threads, and folds the outcome into the archive section. An AbortSignal cancels it. A result
// the caller already has (the UI's "Verify all bodies" job) folds in the same way without running again.
import type { Result } from '../../../shared/errors.js';
import type { ArchiveCheckResult } from '../bodies/archive-index.js';
import type { Evidence } from '../evidence/types.js';
import { planEvidenceScan } from '../jobs/plan-evidence-scan.js';
import { startVerifyJob } from '../jobs/verify-pool.js';
import type { JobProgress, VerifySummary } from '../jobs/verify-types.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';
import type { ArchiveSection } from './types.js';

export interface VerifyOptions {
  readonly workers?: number;
  readonly onProgress?: (p: JobProgress) => void;
  readonly signal?: AbortSignal;
  /**
   * A search to run on every body as it verifies (`check --secrets`): one read of the archive serves both, and the
   * matches come only from bodies that verified.
   */
  readonly search?: { readonly spec: GrepSpec; readonly onMatches: (matches: readonly GrepMatch[]) => void };
}

/** The index section with a verification outcome (or none: null) folded in. */
export function withVerification(section: ArchiveCheckResult['section'], outcome: Result<VerifySummary> | null): ArchiveSection {
  if (outcome === null)
    return { ...section, verified: null, failed: null, unreadable: null, failures: [], failuresOmitted: 0, verifyError: null };
  if (!outcome.ok)
    return { ...section, verified: null, failed: null, unreadable: null, failures: [], failuresOmitted: 0, verifyError: outcome.error };
  const s = outcome.value;
  return {
    ...section,
    verified: s.verified,
    failed: s.failed,
    unreadable: s.unreadable,
    failures: s.failures,
    failuresOmitted: s.failuresOmitted,
    verifyError: null,
  };
}

export async function verifyForReport(evidence: Evidence, index: ArchiveCheckResult, opts: VerifyOptions): Promise<ArchiveSection> {
  const plan = planEvidenceScan(evidence, { workers: opts.workers }, index);
  const search = opts.search;
  const spec = search ? { ...plan, tasks: plan.tasks.map((t) => ({ ...t, grep: search.spec })) } : plan;
  const job = startVerifyJob(spec, { onProgress: opts.onProgress, ...(search ? { onMatches: search.onMatches } : {}) });
  const onAbort = (): void => job.cancel();
  if (opts.signal?.aborted) job.cancel();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return withVerification(index.section, await job.result);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
