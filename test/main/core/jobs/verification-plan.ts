// An A4 ledger with bodies, written and opened for the verification tests; and its verification plan, made as the app makes it (queries/verify-adapter.ts: the archive index
// check on report-sections' input decides how the archive opens), with the tests' own workers and sizes on top.
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import { checkArchiveIndex } from '../../../../src/main/core/check/archive-index.js';
import { archiveCheckInput } from '../../../../src/main/core/check/report-sections.js';
import { planVerification } from '../../../../src/main/core/jobs/verify-plan.js';
import type { VerifyPlanInput } from '../../../../src/main/core/jobs/verify-plan.js';
import type { VerifyJobSpec } from '../../../../src/main/core/jobs/verify-pool.js';

export function verificationPlan(evidence: Evidence, extra: Partial<VerifyPlanInput> = {}): VerifyJobSpec {
  const index = checkArchiveIndex(archiveCheckInput(evidence));
  return planVerification({
    db: evidence.db,
    dbCopyPath: evidence.snapshot.dbCopyPath,
    generation: evidence.generation,
    archive: index.openOptions,
    archiveUnreadable: index.unreadable,
    ...extra,
  });
}

/** Writes an A4 ledger with `bodyScale` times the bodies into `dir` and opens it (no archive hash: not under test). */
export async function openVerificationLedger(dir: string, bodyScale: number): Promise<{ ledger: WrittenLedger; evidence: Evidence }> {
  const ledger = await writeLedger(dir, { generation: 'A4', bodyScale });
  const opened = await openEvidence([ledger.sessionDir], { hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  return { ledger, evidence: opened.value };
}
