/**
 * Starts the worker-thread body verification (src/main/core/jobs) for an opened Evidence, planned exactly as
 * the integrity report plans it (the archive index check decides how to open the archive, or why it cannot).
 */
import type { Evidence } from '../evidence/types.js';
import { planEvidenceScan } from '../jobs/plan-evidence-scan.js';
import type { VerifyJobHandle } from '../jobs/verify-pool.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../jobs/verify-runner.js';
import type { JobProgress } from '../jobs/verify-types.js';

export function startEvidenceVerify(
  e: Evidence,
  onProgress: (p: JobProgress) => void,
  runner: VerifyRunner = inProcessVerifyRunner,
): VerifyJobHandle {
  const spec = planEvidenceScan(e, { maxListedFailures: 2000 });
  return runner.start(spec, { onProgress });
}
