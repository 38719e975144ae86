/**
 * Starts the worker-thread body verification (src/main/core/jobs) for an opened Evidence, planned exactly as
 * the integrity report plans it (the archive index check decides how to open the archive, or why it cannot).
 */
import type { Evidence } from '../evidence/types.js';
import { checkArchiveIndex } from '../check/archive-index.js';
import { archiveCheckInput } from '../check/report-sections.js';
import { planVerification } from '../jobs/verify-plan.js';
import type { VerifyJobHandle } from '../jobs/verify-pool.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../jobs/verify-runner.js';
import type { JobProgress } from '../jobs/verify-types.js';

export function startEvidenceVerify(
  e: Evidence,
  onProgress: (p: JobProgress) => void,
  runner: VerifyRunner = inProcessVerifyRunner,
): VerifyJobHandle {
  const index = checkArchiveIndex(archiveCheckInput(e));
  const spec = planVerification({
    db: e.db,
    dbCopyPath: e.snapshot.dbCopyPath,
    generation: e.generation,
    archive: index.openOptions,
    archiveUnreadable: index.unreadable,
    maxListedFailures: 2000,
  });
  return runner.start(spec, { onProgress });
}
