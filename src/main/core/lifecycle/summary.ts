// The report's tool numbers (docs/formats/session-check.md#tool-lifecycle, #tool-usage), from the report's own shared
// implementation (check/tool-invariants-sql.ts via graph/invariants-sql.ts), so they cannot differ. The usage query
// is the doctor's, verbatim.
import type Database from 'better-sqlite3';
import type { LifecycleSummary } from '../../../shared/contract/lifecycle.js';
import { orphanResponseWhere, toolInvariantCounts } from '../traces/invariants-sql.js';
import { colOr } from '../traces/sql-columns.js';
import { hasColumn, hasTable } from '../queries/schema.js';

const ORPHAN_RESPONSE_LIST = 200;

function distinct(db: Database.Database, column: string): string[] {
  if (!hasColumn(db, 'tool_calls', column)) return [];
  return (
    db.prepare(`SELECT DISTINCT ${column} AS v FROM tool_calls WHERE ${column} IS NOT NULL ORDER BY 1 LIMIT 500`).all() as { v: unknown }[]
  ).map((r) => String(r.v));
}

function count(db: Database.Database, sql: string): number {
  return Number((db.prepare(sql).get() as { n: number }).n);
}

function usage(db: Database.Database): LifecycleSummary['usage'] {
  const origin = hasColumn(db, 'tool_calls', 'origin') ? 'origin' : 'NULL';
  const decision = hasColumn(db, 'tool_calls', 'decision') ? 'decision' : 'NULL';
  const avg = hasColumn(db, 'tool_calls', 'duration_ms') ? 'ROUND(AVG(duration_ms), 1)' : 'NULL';
  return (
    db
      .prepare(
        `SELECT tool_name AS toolName, ${origin} AS origin, ${decision} AS decision, COUNT(*) AS count, ${avg} AS avgMs
      FROM tool_calls WHERE tool_name IS NOT NULL GROUP BY tool_name, 2, 3 ORDER BY count DESC, toolName`,
      )
      .all() as LifecycleSummary['usage'][number][]
  ).map((u) => ({ ...u, count: Number(u.count), avgMs: u.avgMs === null ? null : Number(u.avgMs) }));
}

/**
 * Per connection (a read-only copy never changes): the summary reads every tool row (2.6 s at a million events), and
 * each visit to Tool lifecycles — each filter change navigates — asked for it again, ahead of the filtered rows.
 */
const summaries = new WeakMap<Database.Database, LifecycleSummary>();

export function lifecycleSummary(db: Database.Database): LifecycleSummary {
  let s = summaries.get(db);
  if (!s) summaries.set(db, (s = readLifecycleSummary(db)));
  return s;
}

/** The connection's summary when it was made already (on this thread or handed in by the worker), else null. */
export function knownLifecycleSummary(db: Database.Database): LifecycleSummary | null {
  return summaries.get(db) ?? null;
}

/** Keeps a summary made elsewhere (summary-worker.ts, on another connection to the same copy) for this connection. */
export function seedLifecycleSummary(db: Database.Database, s: LifecycleSummary): void {
  if (!summaries.has(db)) summaries.set(db, s);
}

export function readLifecycleSummary(db: Database.Database): LifecycleSummary {
  const haveCalls = hasTable(db, 'tool_calls');
  const haveResponses = hasTable(db, 'tool_responses');
  const calls = haveCalls ? count(db, 'SELECT COUNT(*) AS n FROM tool_calls') : 0;
  const responses = haveResponses ? count(db, 'SELECT COUNT(*) AS n FROM tool_responses') : 0;
  const t = {
    calls,
    responses,
    ...toolInvariantCounts(db),
    usage: haveCalls ? usage(db) : [],
  };
  const orphanResponseRows =
    hasTable(db, 'tool_responses') && hasTable(db, 'tool_calls')
      ? (
          db
            .prepare(
              `SELECT tr.id AS id, tr.call_id AS callId, ${colOr(db, 'tool_responses', 'tr', 'model_call_id', 'modelCallId')}, ${colOr(db, 'tool_responses', 'tr', 'trace_id', 'traceId')},
          ${colOr(db, 'tool_responses', 'tr', 'is_error', 'isError', '0')} FROM tool_responses tr WHERE ${orphanResponseWhere(db)} ORDER BY tr.id LIMIT ${ORPHAN_RESPONSE_LIST}`,
            )
            .all() as { id: number; callId: string; modelCallId: number | null; traceId: string | null; isError: number }[]
        ).map((r) => ({
          id: Number(r.id),
          callId: String(r.callId),
          modelCallId: r.modelCallId === null ? null : Number(r.modelCallId),
          traceId: r.traceId,
          isError: Number(r.isError) !== 0,
        }))
      : [];
  return {
    calls: t.calls,
    responses: t.responses,
    orphanCalls: t.orphanCalls,
    orphanCallsByCallId: t.orphanCallsByCallId,
    orphanResponses: t.orphanResponses,
    mcpWithoutLogicalCall: t.mcpWithoutLogicalCall,
    usage: t.usage,
    values: hasTable(db, 'tool_calls')
      ? {
          origins: distinct(db, 'origin'),
          statuses: distinct(db, 'status'),
          decisions: distinct(db, 'decision'),
          tools: distinct(db, 'tool_name'),
        }
      : { origins: [], statuses: [], decisions: [], tools: [] },
    orphanResponseRows,
  };
}
