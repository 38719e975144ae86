/**
 * The integrity report's parts after the open: its head, the report that stops at page damage, and every section
 * after the pages, built from a connection plus plain facts about the evidence. check-evidence.ts builds them on the
 * calling thread; report-worker.ts builds the same from its own connection on the scratch copy.
 */
import type { Evidence } from '../evidence/types.js';
import type { ArchiveCheckInput, ArchiveCheckResult } from '../bodies/archive-index.js';
import { checkArchiveIndex } from '../bodies/archive-index.js';
import { diagnose } from './diagnoses.js';
import { EMPTY_ARCHIVE, EMPTY_NULLS, EMPTY_OVERFLOW, EMPTY_PROVIDERS, EMPTY_TOOLS, HELP_NOTES } from './empty-sections.js';
import { archiveFindings, pageFindings, shapeFindings, tableFindings, walFindings } from './error-findings.js';
import { checkWal } from './wal-section.js';
import { newestShapeGaps } from '../evidence/newest-shape.js';
import { hasTable } from '../queries/schema.js';
import { columnsOf } from '../queries/ledger-reads.js';
import { checkOverflow } from './overflow.js';
import { buildPreviews } from './previews.js';
import { checkNulls, checkProviders } from './providers.js';
import { checkTables } from './tables.js';
import { checkTools } from './tools.js';
import type { ArchiveSection, CheckReport, PagesSection } from './types.js';
import { verdictOf } from './verdict.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import { withVerification } from './verify-bodies.js';
import { checkCompleteness } from '../completeness/completeness.js';
import { UNKNOWN_COMPLETENESS } from '../completeness/types.js';
import type { HostStop } from '../completeness/host-stop.js';

export const DEFAULT_PREVIEW_ROWS = 5;

export interface SectionOptions {
  /** Preview rows per table (default 5). */
  readonly rows?: number;
  /** A verification that already ran, folded into the archive section. */
  readonly verification?: VerifySummary | null;
  /** What the session's host ledger says of its stop, when one is at hand (check --all over a Capsem home). */
  readonly hostStop?: HostStop | null;
}

export type ReportHead = Pick<CheckReport, 'generation' | 'session' | 'dbPath' | 'help'>;

export function reportHead(evidence: Evidence): ReportHead {
  return {
    generation: evidence.generation,
    session: { id: evidence.sessionId, dir: evidence.input.dir },
    dbPath: evidence.input.dbPath,
    help: HELP_NOTES,
  };
}

export function stopAtPages(head: ReportHead, pages: PagesSection): CheckReport {
  const findings = pageFindings(pages);
  return {
    ...head,
    stoppedAfter: 'pages',
    pages,
    tables: {},
    missingTables: [],
    newestShape: null,
    wal: null,
    archive: EMPTY_ARCHIVE,
    overflow: EMPTY_OVERFLOW,
    tools: EMPTY_TOOLS,
    providers: EMPTY_PROVIDERS,
    nulls: EMPTY_NULLS,
    previews: [],
    findings,
    completeness: UNKNOWN_COMPLETENESS,
    verdict: verdictOf(findings),
  };
}

/**
 * Every section after the pages, from a connection and the evidence's facts (the evidence's own connection, or a
 * worker's on the scratch copy). `verify` reads the bodies (verifyBodies); without it a known verification folds in.
 */
export async function buildSections(
  src: ArchiveCheckInput,
  opts: SectionOptions,
  head: ReportHead,
  pages: PagesSection,
  verify: ((index: ArchiveCheckResult) => Promise<ArchiveSection>) | null,
): Promise<CheckReport> {
  const { db } = src;
  const { tables, missingTables } = checkTables(db);
  const wal = checkWal(db, head.session.dir, tables);
  const newestShape = newestShapeGaps(src.generation, (t) => (hasTable(db, t) ? columnsOf(db, t) : null));
  const index = checkArchiveIndex(src);
  const archive: ArchiveSection = verify
    ? await verify(index)
    : withVerification(index.section, opts.verification ? { ok: true, value: opts.verification } : null);
  const overflow = checkOverflow(db);
  const tools = checkTools(db);
  const providers = checkProviders(db);
  const nulls = checkNulls(db);
  const previews = buildPreviews(db, opts.rows ?? DEFAULT_PREVIEW_ROWS);
  const completeness = checkCompleteness(db, { overflow, walOnlyRows: wal?.rowsOnlyInWal ?? null }, opts.hostStop ?? null);
  const findings = [
    ...tableFindings(missingTables),
    ...shapeFindings(newestShape),
    ...walFindings(wal),
    ...archiveFindings(archive, src.generation),
    ...diagnose({ db, archive, overflow, tools, providers, nulls, tables }),
  ];
  return {
    ...head,
    stoppedAfter: null,
    pages,
    tables,
    missingTables,
    newestShape,
    wal,
    archive,
    overflow,
    tools,
    providers,
    nulls,
    previews,
    findings,
    completeness,
    verdict: verdictOf(findings),
  };
}
