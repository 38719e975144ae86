// §3.6 and §3.9: tool lifecycle and usage. The seeds' contract is "a response with the same call_id in the
// same trace"; the doctor matches call_id only (kept as orphanCallsByCallId for parity). Traces compare with
// IS, so two rows without a trace_id count as the same (absent) trace. Ledgers without trace_id columns fall
// back to call_id only. Orphaned tool_responses (no call) are checked too; the doctor does not.
//
// MCP evidence that resolves to no logical tool call (a security finding per the seeds):
//  - MCP-origin calls (origin 'mcp') tied to no model turn: model_call_id NULL or naming no model_calls row;
//  - protocol-level captures (origin 'mcp_proxy') for which no logical call (any other origin) has the same
//    call_id in the same trace;
//  - L0 ledgers: mcp_calls rows with method 'tools/call' that no tool_calls.mcp_call_id points at.
import type Database from 'better-sqlite3';
import { columnsOf, hasTable, scalar } from './sql.js';
import type { ToolUsageRow, ToolsSection } from './types.js';

export interface ToolOrphan {
  readonly id: number;
  readonly callId: string;
  readonly toolName: string | null;
  readonly modelCallId: number | null;
  readonly traceId: string | null;
}

export function sameTraceClause(db: Database.Database, a: string, b: string): string {
  const both = columnsOf(db, 'tool_calls').has('trace_id') && columnsOf(db, 'tool_responses').has('trace_id');
  return both ? ` AND ${a}.trace_id IS ${b}.trace_id` : '';
}

export function orphanCallsWhere(db: Database.Database): string {
  return `NOT EXISTS (SELECT 1 FROM tool_responses tr WHERE tr.call_id = tc.call_id${sameTraceClause(db, 'tr', 'tc')})`;
}

export function checkTools(db: Database.Database): ToolsSection {
  const haveCalls = hasTable(db, 'tool_calls');
  const haveResponses = hasTable(db, 'tool_responses');
  const calls = haveCalls ? scalar(db, 'SELECT COUNT(*) FROM tool_calls') : 0;
  const responses = haveResponses ? scalar(db, 'SELECT COUNT(*) FROM tool_responses') : 0;
  let orphanCalls = 0;
  let orphanCallsByCallId = 0;
  let orphanResponses = 0;
  if (haveCalls && haveResponses) {
    orphanCalls = scalar(db, `SELECT COUNT(*) FROM tool_calls tc WHERE ${orphanCallsWhere(db)}`);
    orphanCallsByCallId = scalar(db, 'SELECT COUNT(*) FROM tool_calls tc LEFT JOIN tool_responses tr ON tc.call_id = tr.call_id WHERE tr.id IS NULL');
    orphanResponses = scalar(db, `SELECT COUNT(*) FROM tool_responses tr WHERE NOT EXISTS (SELECT 1 FROM tool_calls tc WHERE tc.call_id = tr.call_id${sameTraceClause(db, 'tc', 'tr')})`);
  } else if (haveCalls) {
    orphanCalls = calls;
    orphanCallsByCallId = calls;
  } else if (haveResponses) {
    orphanResponses = responses;
  }
  return {
    calls, responses, orphanCalls, orphanCallsByCallId, orphanResponses,
    mcpWithoutLogicalCall: mcpWithoutLogicalCall(db),
    origins: haveCalls && columnsOf(db, 'tool_calls').has('origin')
      ? (db.prepare('SELECT origin, COUNT(*) AS count FROM tool_calls GROUP BY origin ORDER BY count DESC, origin').all() as { origin: string; count: number }[])
      : [],
    usage: haveCalls ? toolUsage(db) : [],
  };
}

function mcpWithoutLogicalCall(db: Database.Database): number {
  let n = 0;
  const cols = hasTable(db, 'tool_calls') ? columnsOf(db, 'tool_calls') : new Set<string>();
  if (cols.has('origin') && cols.has('model_call_id')) {
    const dangling = hasTable(db, 'model_calls') ? ' OR NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)' : '';
    n += scalar(db, `SELECT COUNT(*) FROM tool_calls t WHERE t.origin = 'mcp' AND (t.model_call_id IS NULL${dangling})`);
  }
  if (cols.has('origin')) {
    const trace = columnsOf(db, 'tool_calls').has('trace_id') ? ' AND l.trace_id IS p.trace_id' : '';
    n += scalar(db, "SELECT COUNT(*) FROM tool_calls p WHERE p.origin = 'mcp_proxy' AND NOT EXISTS " +
      `(SELECT 1 FROM tool_calls l WHERE l.origin <> 'mcp_proxy' AND l.call_id = p.call_id${trace})`);
  }
  if (hasTable(db, 'mcp_calls') && columnsOf(db, 'mcp_calls').has('method')) {
    const linked = hasTable(db, 'tool_calls') && columnsOf(db, 'tool_calls').has('mcp_call_id');
    n += scalar(db, "SELECT COUNT(*) FROM mcp_calls m WHERE m.method = 'tools/call'" +
      (linked ? ' AND NOT EXISTS (SELECT 1 FROM tool_calls tc WHERE tc.mcp_call_id = m.id)' : ''));
  }
  return n;
}

function toolUsage(db: Database.Database): ToolUsageRow[] {
  const cols = columnsOf(db, 'tool_calls');
  const origin = cols.has('origin') ? 'origin' : 'NULL';
  const decision = cols.has('decision') ? 'decision' : 'NULL';
  const duration = cols.has('duration_ms') ? 'ROUND(AVG(duration_ms), 1)' : 'NULL';
  return db.prepare(
    `SELECT tool_name AS toolName, ${origin} AS origin, ${decision} AS decision, COUNT(*) AS count, ${duration} AS avgMs ` +
      'FROM tool_calls WHERE tool_name IS NOT NULL GROUP BY tool_name, 2, 3 ORDER BY count DESC, toolName',
  ).all() as ToolUsageRow[];
}

export function orphanCallSamples(db: Database.Database, limit: number): ToolOrphan[] {
  if (!hasTable(db, 'tool_calls') || !hasTable(db, 'tool_responses')) return [];
  const cols = columnsOf(db, 'tool_calls');
  const trace = cols.has('trace_id') ? 'tc.trace_id' : 'NULL';
  const model = cols.has('model_call_id') ? 'tc.model_call_id' : 'NULL';
  return db.prepare(
    `SELECT tc.id, tc.call_id AS callId, tc.tool_name AS toolName, ${model} AS modelCallId, ${trace} AS traceId ` +
      `FROM tool_calls tc WHERE ${orphanCallsWhere(db)} ORDER BY tc.id LIMIT ${limit}`,
  ).all() as ToolOrphan[];
}
