// Builds the integrity report for one opened ledger, in the doctor's order
// (docs/formats/session-check.md#the-checks): pages (fatal) → tables → body archive (+ verification) → overflow →
// tools → providers → nulls → usage → previews, then findings and the verdict.
import { InspectorError } from '../../../shared/errors.js';
import { provenDbHashes } from '../evidence/copy-proof.js';
import type { Evidence, FollowUp } from '../evidence/types.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import type { ArchiveCheckResult } from '../bodies/archive-index.js';
import { checkPages } from './pages.js';
import type { ReportHead } from './report-sections.js';
import { buildSections, reportHead, stopAtPages } from './report-sections.js';
import { archiveCheckInput } from '../bodies/archive-facts.js';
import type { CheckReport, PagesSection } from './types.js';
import type { VerifyOptions } from './verify-bodies.js';
import { verifyForReport } from './verify-bodies.js';
import type { SecretsSection } from './secrets-types.js';
import type { HostStop } from '../completeness/host-stop.js';
import { scanSecrets, secretsAlongVerification, secretsFindings } from './secrets-section.js';

export { DEFAULT_PREVIEW_ROWS } from './report-sections.js';

export interface CheckOptions extends VerifyOptions {
  /** Preview rows per table (default 5). */
  readonly rows?: number;
  /** Read every body back through its hashes, on worker threads. */
  readonly verifyBodies?: boolean;
  /**
   * A verification that already ran on this evidence (the UI's "Verify all bodies" job): folded into the
   * archive section and its findings instead of running again. Ignored when verifyBodies is set.
   */
  readonly verification?: VerifySummary | null;
  /** Also search every verified body and text column for credentials (the report's secrets section). */
  readonly secrets?: boolean;
  /** What the session's host ledger says of its stop, when one is at hand: compared in the completeness section. */
  readonly hostStop?: HostStop | null;
}

export async function checkEvidence(evidence: Evidence, opts: CheckOptions = {}): Promise<CheckReport> {
  // With --secrets the verification also searches each body it verified: the archive is read once, not twice.
  const along = opts.secrets && opts.verifyBodies ? secretsAlongVerification(evidence) : null;
  const report = await reportOn(evidence, along ? { ...opts, search: along.search } : opts);
  await requireProvenCopy(evidence);
  if (!opts.secrets || report.stoppedAfter !== null) return report;
  const secrets = (await along?.section(report.archive)) ?? (await scanSecrets(evidence, opts));
  return withSecrets(report, secrets);
}

/** The report with its credentials section and the findings it adds (warnings and notes: the verdict stays). */
function withSecrets(report: CheckReport, secrets: SecretsSection): CheckReport {
  return { ...report, secrets, findings: [...report.findings, ...secretsFindings(secrets)] };
}

/**
 * A large deferred open copies session.db in the kernel and proves the copy afterwards (evidence.followUp.copyProof):
 * the sections are built meanwhile, and the report is given only once the copy is proven to hold the evidence's
 * bytes. A failed proof is the open's own failure (SNAPSHOT_MISMATCH, as when a copy made in one read does not
 * match): the report would describe other bytes than the evidence, so none is given.
 */
export async function requireProvenCopy(evidence: Evidence): Promise<void> {
  const proven = await provenDbHashes(evidence);
  if (!proven.ok) throw new InspectorError(proven.error.code, proven.error.message);
}

async function reportOn(evidence: Evidence, opts: CheckOptions): Promise<CheckReport> {
  const { db } = evidence;
  const head = reportHead(evidence);
  const source = archiveCheckInput(evidence);
  const verify = opts.verifyBodies ? (index: ArchiveCheckResult) => verifyForReport(evidence, index, opts) : null;
  // A deferred open runs quick_check on its own connection in a worker thread (evidence.followUp). The sections below
  // are built meanwhile and kept only if it passes: the report still stops at page damage, but a 1 GiB ledger's
  // quick_check no longer adds its seconds to everything else. Body verification waits for it (it reads every body).
  const followUp = deferredQuickCheck(evidence);
  if (!followUp) {
    const pages = checkPages(db);
    if (!pages.ok) return stopAtPages(head, pages);
    return buildSections(source, opts, head, pages, verify);
  }
  if (opts.verifyBodies) {
    const pages = await pagesFromFollowUp(followUp, db);
    return pages.ok ? buildSections(source, opts, head, pages, verify) : stopAtPages(head, pages);
  }
  let built: CheckReport | null = null;
  let failure: unknown = null;
  try {
    built = await buildSections(source, opts, head, { ok: true, messages: ['ok'] }, null);
  } catch (error) {
    failure = error; // a damaged ledger may fail a section; quick_check decides what that means
  }
  return keptIfPagesPass(followUp, db, head, built, failure);
}

/**
 * The report once the follow-up's quick_check has spoken: the report stopped at the pages on damage, else the
 * sections built meanwhile (or the failure they met, thrown).
 */
export async function keptIfPagesPass(
  followUp: FollowUp,
  db: Evidence['db'],
  head: ReportHead,
  built: CheckReport | null,
  failure: unknown,
): Promise<CheckReport> {
  const pages = await pagesFromFollowUp(followUp, db);
  if (!pages.ok) return stopAtPages(head, pages);
  if (built === null) throw failure;
  return built;
}

/** The follow-up whose quick_check the report waits for, or null when the report runs quick_check itself. */
export function deferredQuickCheck(evidence: Evidence): FollowUp | null {
  return evidence.followUp && evidence.followUp.quickCheck().state !== 'skipped' ? evidence.followUp : null;
}

/** The follow-up's quick_check verdict; on damage the lines come from quick_check run here (up to 10, as the doctor). */
async function pagesFromFollowUp(followUp: FollowUp, db: Evidence['db']): Promise<PagesSection> {
  await followUp.quickCheckSettled;
  const part = followUp.quickCheck();
  // Still pending once settled: the evidence was closed before its pages were checked, so nothing is claimed.
  if (part.state === 'pending') throw new InspectorError('CANCELLED', 'the evidence was closed before its pages were checked');
  if (part.state !== 'failed') return { ok: true, messages: ['ok'] };
  const here = checkPages(db);
  return here.ok ? { ok: false, messages: [part.error.message] } : here;
}
