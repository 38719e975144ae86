/**
 * The Overview: who, what generation, which hashes, when, how much, which models, what was allowed or denied.
 * "When" comes from time-span.ts, which seeks indexes and never scans a large table.
 */
import { basename } from 'node:path';
import type Database from 'better-sqlite3';
import type { DecisionCount, EvidenceSummary, FileHashView, ModelUsage, Overview } from '../../../shared/contract.js';
import { GENERATION_LABELS } from '../../../shared/ledger-types.js';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { Evidence } from '../evidence/types.js';
import { hasColumn, hasTable, listTables, quoteIdent } from './schema.js';
import { readTimeSpan } from './time-span.js';

export function hashView(h: FileHashes): FileHashView {
  return { name: basename(h.path), size: h.size, sha256: h.sha256, blake3: h.blake3 };
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

export function modelUsage(db: Database.Database): ModelUsage[] {
  if (!hasTable(db, 'model_calls')) return [];
  const col = (c: string, fallback: string): string => (hasColumn(db, 'model_calls', c) ? quoteIdent(c) : fallback);
  const rows = db
    .prepare(
      `SELECT ${col('provider', "''")} AS provider, ${col('model', 'NULL')} AS model, COUNT(*) AS calls,
              TOTAL(${col('input_tokens', '0')}) AS inputTokens, TOTAL(${col('output_tokens', '0')}) AS outputTokens,
              TOTAL(${col('estimated_cost_usd', '0')}) AS costUsd
         FROM model_calls GROUP BY 1, 2 ORDER BY calls DESC, provider, model`,
    )
    .all() as { provider: string | null; model: string | null; calls: number; inputTokens: number; outputTokens: number; costUsd: number }[];
  return rows.map((r) => ({ provider: r.provider ?? '', model: r.model, calls: num(r.calls), inputTokens: num(r.inputTokens), outputTokens: num(r.outputTokens), costUsd: num(r.costUsd) }));
}

export function decisions(db: Database.Database): DecisionCount[] {
  const out: DecisionCount[] = [];
  for (const source of ['net_events', 'dns_events', 'tool_calls']) {
    if (!hasColumn(db, source, 'decision')) continue;
    const rows = db.prepare(`SELECT COALESCE(decision, '(none)') AS decision, COUNT(*) AS n FROM ${quoteIdent(source)} GROUP BY 1 ORDER BY n DESC`).all() as { decision: string; n: number }[];
    for (const r of rows) out.push({ source, decision: String(r.decision), count: num(r.n) });
  }
  return out;
}

export function buildOverview(evidence: Evidence, summary: EvidenceSummary): Overview {
  const db = evidence.db;
  const tables = listTables(db);
  const span = readTimeSpan(db, new Map(tables.map((t) => [t.name, t.rowCount])));
  const others = evidence.snapshot.sources.filter((s) => s.path !== evidence.hashes.db.path).map(hashView);
  return {
    evidence: summary,
    generationLabel: GENERATION_LABELS[evidence.generation],
    hashes: { db: hashView(evidence.hashes.db), archive: evidence.hashes.archive ? hashView(evidence.hashes.archive) : null, others },
    timeSpan: span.span,
    timeSpanCoverage: span.coverage,
    rowCounts: tables.map((t) => ({ table: t.name, rows: t.rowCount })),
    models: modelUsage(db),
    decisions: decisions(db),
    notes: evidence.notes.map((n) => ({ code: n.code, message: n.message })),
  };
}
