// Row-level predicates for the seeds' invariants, with exactly the integrity report's semantics
// (src/main/core/check/tools.ts: same call_id, trace_id compared with IS, mcp/mcp_proxy rules) but written as
// non-correlated `NOT IN (SELECT ...)` sets, which SQLite materialises once per statement. The report's own
// correlated NOT EXISTS forms scan tool_responses once per call (no index on call_id): 23.6 s for 20,000 calls
// here, so they are not reused; tests hold the counts equal to the report's on every fixture.
import type Database from 'better-sqlite3';
import { hasColumn, hasTable } from '../queries/schema.js';

/** NULL traces compare equal (the report's IS); char(1) never occurs in a trace id the writer makes. */
const NO_TRACE = 'char(1)';

function keyed(db: Database.Database, outer: string, inner: string, alias: string): { key: string; sub: string } {
  const traced = hasColumn(db, outer, 'trace_id') && hasColumn(db, inner, 'trace_id');
  return traced
    ? { key: `(${alias}.call_id, COALESCE(${alias}.trace_id, ${NO_TRACE}))`, sub: `call_id, COALESCE(trace_id, ${NO_TRACE})` }
    : { key: `${alias}.call_id`, sub: 'call_id' };
}

/** tool_calls aliased `tc`: no response with the same call_id in the same trace. */
export function orphanCallWhere(db: Database.Database): string {
  if (!hasTable(db, 'tool_responses')) return '1';
  const k = keyed(db, 'tool_calls', 'tool_responses', 'tc');
  return `(tc.call_id IS NULL OR ${k.key} NOT IN (SELECT ${k.sub} FROM tool_responses WHERE call_id IS NOT NULL))`;
}

/** tool_responses aliased `tr`: no call with the same call_id in the same trace. */
export function orphanResponseWhere(db: Database.Database): string {
  if (!hasTable(db, 'tool_calls')) return '1';
  const k = keyed(db, 'tool_responses', 'tool_calls', 'tr');
  return `(tr.call_id IS NULL OR ${k.key} NOT IN (SELECT ${k.sub} FROM tool_calls WHERE call_id IS NOT NULL))`;
}

/**
 * tool_calls aliased `t`: MCP evidence that resolves to no logical tool call — an 'mcp' call tied to no model
 * call (NULL or dangling model_call_id), or an 'mcp_proxy' capture with no other-origin call of the same
 * call_id in the same trace. '0' when the ledger cannot say (no origin column).
 */
export function mcpWithoutLogicalCallWhere(db: Database.Database): string {
  if (!hasColumn(db, 'tool_calls', 'origin')) return '0';
  const parts: string[] = [];
  if (hasColumn(db, 'tool_calls', 'model_call_id')) {
    const dangling = hasTable(db, 'model_calls') ? ' OR NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)' : '';
    parts.push(`(t.origin = 'mcp' AND (t.model_call_id IS NULL${dangling}))`);
  }
  const k = keyed(db, 'tool_calls', 'tool_calls', 't');
  parts.push(`(t.origin = 'mcp_proxy' AND (t.call_id IS NULL OR ${k.key} NOT IN (SELECT ${k.sub} FROM tool_calls WHERE origin <> 'mcp_proxy' AND call_id IS NOT NULL)))`);
  return `(${parts.join(' OR ')})`;
}

/** `<alias>.model_call_id` set but naming no model_calls row. '0' when the table cannot tell. */
export function danglingModelCallWhere(db: Database.Database, table: string, alias: string): string {
  if (!hasColumn(db, table, 'model_call_id')) return '0';
  if (!hasTable(db, 'model_calls')) return `${alias}.model_call_id IS NOT NULL`;
  return `(${alias}.model_call_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = ${alias}.model_call_id))`;
}
