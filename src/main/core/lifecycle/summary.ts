// The report's tool numbers (spec/check-session.md §3.6, §3.9) with the report's semantics, computed with the
// set-based predicates of graph/invariants-sql.ts (the report's correlated forms take tens of seconds on 20,000
// calls); tests hold every count equal to checkTools on the fixtures. The usage query is the doctor's, verbatim.
import type Database from 'better-sqlite3';
import type { LifecycleSummary } from '../../../shared/contract/lifecycle.js';
import { mcpWithoutLogicalCallWhere, orphanCallWhere, orphanResponseWhere } from '../graph/invariants-sql.js';
import { colOr } from '../graph/sql-columns.js';
import { hasColumn, hasTable } from '../queries/schema.js';

const ORPHAN_RESPONSE_LIST = 200;

function distinct(db: Database.Database, column: string): string[] {
  if (!hasColumn(db, 'tool_calls', column)) return [];
  return (db.prepare(`SELECT DISTINCT ${column} AS v FROM tool_calls WHERE ${column} IS NOT NULL ORDER BY 1 LIMIT 500`).all() as { v: unknown }[]).map((r) => String(r.v));
}

function count(db: Database.Database, sql: string): number {
  return Number((db.prepare(sql).get() as { n: number }).n);
}

function usage(db: Database.Database): LifecycleSummary['usage'] {
  const origin = hasColumn(db, 'tool_calls', 'origin') ? 'origin' : 'NULL';
  const decision = hasColumn(db, 'tool_calls', 'decision') ? 'decision' : 'NULL';
  const avg = hasColumn(db, 'tool_calls', 'duration_ms') ? 'ROUND(AVG(duration_ms), 1)' : 'NULL';
  return (db.prepare(`SELECT tool_name AS toolName, ${origin} AS origin, ${decision} AS decision, COUNT(*) AS count, ${avg} AS avgMs
      FROM tool_calls WHERE tool_name IS NOT NULL GROUP BY tool_name, 2, 3 ORDER BY count DESC, toolName`).all() as LifecycleSummary['usage'][number][])
    .map((u) => ({ ...u, count: Number(u.count), avgMs: u.avgMs === null ? null : Number(u.avgMs) }));
}

/** The report adds L0's mcp_calls rows with method tools/call that no tool_calls.mcp_call_id points at. */
function legacyMcp(db: Database.Database): number {
  if (!hasTable(db, 'mcp_calls') || !hasColumn(db, 'mcp_calls', 'method')) return 0;
  const linked = hasTable(db, 'tool_calls') && hasColumn(db, 'tool_calls', 'mcp_call_id');
  return count(db, "SELECT COUNT(*) AS n FROM mcp_calls m WHERE m.method = 'tools/call'" + (linked ? ' AND m.id NOT IN (SELECT mcp_call_id FROM tool_calls WHERE mcp_call_id IS NOT NULL)' : ''));
}

export function lifecycleSummary(db: Database.Database): LifecycleSummary {
  const haveCalls = hasTable(db, 'tool_calls');
  const haveResponses = hasTable(db, 'tool_responses');
  const calls = haveCalls ? count(db, 'SELECT COUNT(*) AS n FROM tool_calls') : 0;
  const responses = haveResponses ? count(db, 'SELECT COUNT(*) AS n FROM tool_responses') : 0;
  const t = {
    calls, responses,
    orphanCalls: haveCalls ? count(db, `SELECT COUNT(*) AS n FROM tool_calls tc WHERE ${orphanCallWhere(db)}`) : 0,
    orphanCallsByCallId: haveCalls && haveResponses
      ? count(db, 'SELECT COUNT(*) AS n FROM tool_calls tc LEFT JOIN tool_responses tr ON tc.call_id = tr.call_id WHERE tr.id IS NULL') : calls,
    orphanResponses: haveResponses ? count(db, `SELECT COUNT(*) AS n FROM tool_responses tr WHERE ${orphanResponseWhere(db)}`) : 0,
    mcpWithoutLogicalCall: (haveCalls ? count(db, `SELECT COUNT(*) AS n FROM tool_calls t WHERE ${mcpWithoutLogicalCallWhere(db)}`) : 0) + legacyMcp(db),
    usage: haveCalls ? usage(db) : [],
  };
  const orphanResponseRows = hasTable(db, 'tool_responses') && hasTable(db, 'tool_calls')
    ? (db.prepare(`SELECT tr.id AS id, tr.call_id AS callId, ${colOr(db, 'tool_responses', 'tr', 'model_call_id', 'modelCallId')}, ${colOr(db, 'tool_responses', 'tr', 'trace_id', 'traceId')},
          ${colOr(db, 'tool_responses', 'tr', 'is_error', 'isError', '0')} FROM tool_responses tr WHERE ${orphanResponseWhere(db)} ORDER BY tr.id LIMIT ${ORPHAN_RESPONSE_LIST}`)
      .all() as { id: number; callId: string; modelCallId: number | null; traceId: string | null; isError: number }[])
      .map((r) => ({ id: Number(r.id), callId: String(r.callId), modelCallId: r.modelCallId === null ? null : Number(r.modelCallId), traceId: r.traceId, isError: Number(r.isError) !== 0 }))
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
      ? { origins: distinct(db, 'origin'), statuses: distinct(db, 'status'), decisions: distinct(db, 'decision'), tools: distinct(db, 'tool_name') }
      : { origins: [], statuses: [], decisions: [], tools: [] },
    orphanResponseRows,
  };
}
