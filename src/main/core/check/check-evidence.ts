// Builds the integrity report for one opened ledger, in the doctor's order (spec/check-session.md §3):
// pages (fatal) → tables → body archive (+ verification) → overflow → tools → providers → nulls → usage →
// previews, then findings and the verdict.
import type { Evidence } from '../evidence/types.js';
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
import type { ArchiveSection, CheckReport } from './types.js';
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
  const { db } = evidence;
  const head = {
    generation: evidence.generation,
    session: { id: evidence.sessionId, dir: evidence.input.dir },
    dbPath: evidence.input.dbPath,
    help: HELP_NOTES,
  };
  const pages = checkPages(db);
  if (!pages.ok) {
    const findings = pageFindings(pages);
    return {
      ...head, stoppedAfter: 'pages', pages, tables: {}, missingTables: [], archive: EMPTY_ARCHIVE, overflow: EMPTY_OVERFLOW,
      tools: EMPTY_TOOLS, providers: EMPTY_PROVIDERS, nulls: EMPTY_NULLS, previews: [], findings, verdict: verdictOf(findings),
    };
  }
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
