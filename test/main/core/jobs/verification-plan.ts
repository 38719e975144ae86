// An A4 ledger with bodies, written and opened for the verification tests; and its verification plan, made as every
// scan makes it (jobs/plan-evidence-scan.ts), with the tests' own workers and sizes on top.
import { writeLedger } from '../../../fixtures/writer/ledger-writer.js';
import type { WrittenLedger } from '../../../fixtures/writer/ledger-writer.js';
import { openEvidence } from '../../../../src/main/core/evidence/open-evidence.js';
import type { Evidence } from '../../../../src/main/core/evidence/types.js';
import type { ScanPlanOptions } from '../../../../src/main/core/jobs/plan-evidence-scan.js';
import { planEvidenceScan } from '../../../../src/main/core/jobs/plan-evidence-scan.js';
import type { VerifyJobSpec } from '../../../../src/main/core/jobs/verify-pool.js';

export function verificationPlan(evidence: Evidence, extra: ScanPlanOptions = {}): VerifyJobSpec {
  return planEvidenceScan(evidence, extra);
}

/** Writes an A4 ledger with `bodyScale` times the bodies into `dir` and opens it (no archive hash: not under test). */
export async function openVerificationLedger(dir: string, bodyScale: number): Promise<{ ledger: WrittenLedger; evidence: Evidence }> {
  const ledger = await writeLedger(dir, { generation: 'A4', bodyScale });
  const opened = await openEvidence([ledger.sessionDir], { hashArchive: false });
  if (!opened.ok) throw new Error(opened.error.message);
  return { ledger, evidence: opened.value };
}
