// Builds the integrity report for one opened ledger, in the doctor's order (spec/check-session.md §3):
// pages (fatal) → tables → body archive (+ verification) → overflow → tools → providers → nulls → usage →
// previews, then findings and the verdict.
import { InspectorError } from '../../../shared/errors.js';
import { provenDbHashes } from '../evidence/copy-proof.js';
import type { Evidence, FollowUp } from '../evidence/types.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import { checkArchiveIndex } from './archive-index.js';
import { diagnose } from './diagnoses.js';
import { EMPTY_ARCHIVE, EMPTY_NULLS, EMPTY_OVERFLOW, EMPTY_PROVIDERS, EMPTY_TOOLS, HELP_NOTES } from './empty-sections.js';
import { archiveFindings, pageFindings, tableFindings } from './error-findings.js';
import { checkOverflow } from './overflow.js';
import { checkPages } from './pages.js';
import { buildPreviews } from './previews.js';
import { checkNulls, checkProviders } from './providers.js';
import { checkTables } from './tables.js';
import { checkTools } from './tools.js';
import type { ArchiveSection, CheckReport, PagesSection } from './types.js';
import { verdictOf } from './verdict.js';
import type { VerifyOptions } from './verify-bodies.js';
import { verifyForReport, withVerification } from './verify-bodies.js';

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
}

export const DEFAULT_PREVIEW_ROWS = 5;

export async function checkEvidence(evidence: Evidence, opts: CheckOptions = {}): Promise<CheckReport> {
  const report = await reportOn(evidence, opts);
  await requireProvenCopy(evidence);
  return report;
}

/**
 * A large deferred open copies session.db in the kernel and proves the copy afterwards (evidence.followUp.copyProof):
 * the sections are built meanwhile, and the report is given only once the copy is proven to hold the evidence's
 * bytes. A failed proof is the open's own failure (SNAPSHOT_MISMATCH, as when a copy made in one read does not
 * match): the report would describe other bytes than the evidence, so none is given.
 */
async function requireProvenCopy(evidence: Evidence): Promise<void> {
  const proven = await provenDbHashes(evidence);
  if (!proven.ok) throw new InspectorError(proven.error.code, proven.error.message);
}

async function reportOn(evidence: Evidence, opts: CheckOptions): Promise<CheckReport> {
  const { db } = evidence;
  const head = {
    generation: evidence.generation,
    session: { id: evidence.sessionId, dir: evidence.input.dir },
    dbPath: evidence.input.dbPath,
    help: HELP_NOTES,
  };
  const stopAtPages = (pages: PagesSection): CheckReport => {
    const findings = pageFindings(pages);
    return {
      ...head, stoppedAfter: 'pages', pages, tables: {}, missingTables: [], archive: EMPTY_ARCHIVE, overflow: EMPTY_OVERFLOW,
      tools: EMPTY_TOOLS, providers: EMPTY_PROVIDERS, nulls: EMPTY_NULLS, previews: [], findings, verdict: verdictOf(findings),
    };
  };
  // A deferred open runs quick_check on its own connection in a worker thread (evidence.followUp). The sections below
  // are built meanwhile and kept only if it passes: the report still stops at page damage, but a 1 GiB ledger's
  // quick_check no longer adds its seconds to everything else. Body verification waits for it (it reads every body).
  const followUp = evidence.followUp && evidence.followUp.quickCheck().state !== 'skipped' ? evidence.followUp : null;
  if (!followUp) {
    const pages = checkPages(db);
    if (!pages.ok) return stopAtPages(pages);
    return buildSections(evidence, opts, head, pages);
  }
  if (opts.verifyBodies) {
    const pages = await pagesFromFollowUp(followUp, db);
    return pages.ok ? buildSections(evidence, opts, head, pages) : stopAtPages(pages);
  }
  let built: CheckReport | null = null;
  let failure: unknown = null;
  try {
    built = await buildSections(evidence, opts, head, { ok: true, messages: ['ok'] });
  } catch (error) {
    failure = error; // a damaged ledger may fail a section; quick_check decides what that means
  }
  const pages = await pagesFromFollowUp(followUp, db);
  if (!pages.ok) return stopAtPages(pages);
  if (built === null) throw failure;
  return built;
}

/** The follow-up's quick_check verdict; on damage the lines come from quick_check run here (up to 10, as the doctor). */
async function pagesFromFollowUp(followUp: FollowUp, db: Evidence['db']): Promise<PagesSection> {
  while (followUp.quickCheck().state === 'pending') await new Promise((resolve) => setTimeout(resolve, 10));
  const part = followUp.quickCheck();
  if (part.state !== 'failed') return { ok: true, messages: ['ok'] };
  const here = checkPages(db);
  return here.ok ? { ok: false, messages: [part.error.message] } : here;
}

async function buildSections(evidence: Evidence, opts: CheckOptions, head: ReportHead, pages: PagesSection): Promise<CheckReport> {
  const { db } = evidence;
  const { tables, missingTables } = checkTables(db);
  const index = checkArchiveIndex({
    db, generation: evidence.generation, dbPath: evidence.input.dbPath, location: evidence.input.archive,
    archiveState: evidence.archiveState, slot: evidence.archive,
  });
  const archive: ArchiveSection = opts.verifyBodies
    ? await verifyForReport(evidence, index, opts)
    : withVerification(index.section, opts.verification ? { ok: true, value: opts.verification } : null);
  const overflow = checkOverflow(db);
  const tools = checkTools(db);
  const providers = checkProviders(db);
  const nulls = checkNulls(db);
  const previews = buildPreviews(db, opts.rows ?? DEFAULT_PREVIEW_ROWS);
  const findings = [
    ...tableFindings(missingTables),
    ...archiveFindings(archive, evidence.generation),
    ...diagnose({ db, archive, overflow, tools, providers, nulls, tables }),
  ];
  return {
    ...head, stoppedAfter: null, pages, tables, missingTables, archive, overflow, tools, providers, nulls, previews,
    findings, verdict: verdictOf(findings),
  };
}

type ReportHead = Pick<CheckReport, 'generation' | 'session' | 'dbPath' | 'help'>;
