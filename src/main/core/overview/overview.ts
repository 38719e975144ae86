/**
 * The Overview: who, what generation, which hashes, when, how much, which models, what was allowed or denied.
 * "When" comes from time-span.ts, which seeks indexes and never scans a large table. The row counts and the span
 * are read once per evidence (the ledger copy never changes); the whole-table aggregates come from
 * overview-scans.ts, after the first view when the open was deferred.
 */
import { basename } from 'node:path';
import type Database from 'better-sqlite3';
import type {
  DecisionCount,
  EvidenceSummary,
  FileHashView,
  FollowUpStatus,
  ModelUsage,
  Overview,
  OverviewFollowUp,
  TimeSpanCoverage,
} from '../../../shared/contract.js';
import { GENERATION_LABELS } from '../../../shared/ledger-types.js';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Evidence, FollowUpPart } from '../evidence/types.js';
import { newestShapeGaps } from '../evidence/newest-shape.js';
import { listTables } from '../queries/schema.js';
import { readTimeSpan } from './time-span.js';
import { decisionSql, decisionsFromRows, modelUsageFromRows, modelUsageSql, overviewScans, scanStatus } from './overview-scans.js';

export function hashView(h: FileHashes): FileHashView {
  return { name: basename(h.path), size: h.size, sha256: h.sha256, blake3: h.blake3 };
}

export function modelUsage(db: Database.Database): ModelUsage[] {
  const sql = modelUsageSql(db);
  return sql ? modelUsageFromRows(db.prepare(sql).raw().all() as unknown[][]) : [];
}

export function decisions(db: Database.Database): DecisionCount[] {
  return decisionSql(db).flatMap((d) => decisionsFromRows(d.source, db.prepare(d.sql).raw().all() as unknown[][]));
}

interface FirstView {
  readonly rowCounts: readonly { readonly table: string; readonly rows: number }[];
  readonly timeSpan: { readonly first: string; readonly last: string } | null;
  readonly timeSpanCoverage: TimeSpanCoverage;
}

const firstViews = new WeakMap<Evidence, FirstView>();

function firstView(evidence: Evidence): FirstView {
  let view = firstViews.get(evidence);
  if (!view) {
    const tables = listTables(evidence.db);
    const span = readTimeSpan(evidence.db, new Map(tables.map((t) => [t.name, t.rowCount])));
    view = { rowCounts: tables.map((t) => ({ table: t.name, rows: t.rowCount })), timeSpan: span.span, timeSpanCoverage: span.coverage };
    firstViews.set(evidence, view);
  }
  return view;
}

function partStatus(part: FollowUpPart<unknown>): FollowUpStatus {
  switch (part.state) {
    case 'pending':
    case 'done':
    case 'skipped':
      return { state: part.state };
    case 'failed':
      return { state: 'failed', code: part.error.code, message: part.error.message };
  }
}

export function buildOverview(evidence: Evidence, summary: EvidenceSummary): Overview {
  const view = firstView(evidence);
  const scans = overviewScans(evidence);
  const others = evidence.snapshot.sources.filter((s) => s.path !== evidence.input.dbPath).map(hashView);
  // Both are read once here: with deferChecks each may turn from null to hashes between two reads.
  const db = evidence.hashes.db;
  const archive = evidence.hashes.archive;
  const f = evidence.followUp;
  const followUp: OverviewFollowUp | null = f
    ? {
        quickCheck: partStatus(f.quickCheck()),
        archiveHash: partStatus(f.archiveHash()),
        copyProof: partStatus(f.copyProof()),
        scans: scanStatus(scans),
      }
    : null;
  return {
    evidence: summary,
    // The marker alone does not pin an A4 ledger's shape (docs/formats/ledger-format.md#generations): an earlier
    // build says so here too.
    generationLabel:
      GENERATION_LABELS[evidence.generation] +
      (newestShapeGaps(evidence.generation, (t) => (evidence.tables.has(t) ? new Set(evidence.tables.get(t)) : null))
        ? ", an earlier A4 build's tables (Capsem's current build would refuse it)"
        : ''),
    hashes: { db: db ? hashView(db) : null, archive: archive ? hashView(archive) : null, others },
    timeSpan: view.timeSpan,
    timeSpanCoverage: view.timeSpanCoverage,
    rowCounts: view.rowCounts,
    models: scans.status === 'done' ? scans.value.models : [],
    decisions: scans.status === 'done' ? scans.value.decisions : [],
    notes: evidence.notes.map((n) => ({ code: n.code, message: n.message })),
    ...(followUp ? { followUp } : {}),
  };
}
