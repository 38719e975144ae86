// The one plan of every scan of an opened evidence's bodies: the report's verification, "Verify all bodies", grep,
// the hunt and the secrets scan. The body index check decides how the archive opens (or why it cannot, so every
// body fails with that), and planVerification cuts the bodies into the worker pool's tasks.
import type { ArchiveCheckResult } from '../bodies/archive-index.js';
import { checkArchiveIndex } from '../bodies/archive-index.js';
import { archiveCheckInput } from '../bodies/archive-facts.js';
import type { Evidence } from '../evidence/types.js';
import type { VerifyPlanInput } from './verify-plan.js';
import { planVerification } from './verify-plan.js';
import type { VerifyJobSpec } from './verify-pool.js';

/** What a scan may choose: its workers and how many failures it lists; the rest comes from the evidence. */
export type ScanPlanOptions = Pick<VerifyPlanInput, 'workers' | 'maxListedFailures' | 'minBytesPerWorker'>;

/** `index`: the check the caller already made (the report makes it for its archive section); else made here. */
export function planEvidenceScan(
  evidence: Evidence,
  opts: ScanPlanOptions = {},
  index: ArchiveCheckResult = checkArchiveIndex(archiveCheckInput(evidence)),
): VerifyJobSpec {
  return planVerification({
    db: evidence.db,
    dbCopyPath: evidence.snapshot.dbCopyPath,
    generation: evidence.generation,
    archive: index.openOptions,
    archiveUnreadable: index.unreadable,
    ...opts,
  });
}
