// The verification plan of an opened ledger, made as the app makes it (queries/verify-adapter.ts: the archive index
// check on report-sections' input decides how the archive opens), with the tests' own workers and sizes on top.
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { checkArchiveIndex } from '../../../../src/main/core/check/archive-index.js';
import { archiveCheckInput } from '../../../../src/main/core/check/report-sections.js';
import { planVerification } from '../../../../src/main/core/jobs/verify-plan.js';
import type { VerifyPlanInput } from '../../../../src/main/core/jobs/verify-plan.js';
import type { VerifyJobSpec } from '../../../../src/main/core/jobs/verify-pool.js';

export function verificationPlan(evidence: Evidence, extra: Partial<VerifyPlanInput> = {}): VerifyJobSpec {
  const index = checkArchiveIndex(archiveCheckInput(evidence));
  return planVerification({ db: evidence.db, dbCopyPath: evidence.snapshot.dbCopyPath, generation: evidence.generation,
    archive: index.openOptions, archiveUnreadable: index.unreadable, ...extra });
}
