// The lifecycle filters as SQL over tool_calls aliased `t`. Values are bound, never spliced; a filter on a
// column the ledger lacks matches nothing (rather than everything), so an empty list is honest.
import type Database from 'better-sqlite3';
import type { LifecycleFilters } from '../../../shared/contract/lifecycle.js';
import { mcpWithoutLogicalCallWhere, orphanCallWhere } from '../traces/invariants-sql.js';
import { hasColumn } from '../queries/schema.js';
import { idList, traceKeysOf } from '../traces/trace-keys.js';

export interface Where {
  readonly sql: string;
  readonly params: (string | number)[];
}

/**
 * `t` is flagged when the report counts it: an orphan call or MCP without a logical call. With a trace filter and the
 * trace keys in, the predicates' lists hold only the rows sharing that trace's call_ids (the same answer for its rows;
 * see tool-invariants-sql.ts `within`) instead of all of tool_responses and tool_calls.
 */
export function flaggedExpr(db: Database.Database, f?: LifecycleFilters): { orphan: string; mcp: string } {
  const keys = f?.trace !== undefined ? traceKeysOf(db) : null;
  let within: { responses?: string; calls?: string } = {};
  if (keys?.hasCalls() && keys.hasResponses()) {
    const callIds = keys.callsOfTrace(f!.trace!).map((id) => keys.callIdOfCall(id));
    within = {
      responses: `id IN (${idList(keys.responsesWithCallIds(callIds))})`,
      calls: `id IN (${idList(keys.callsWithCallIds(callIds))})`,
    };
  }
  return {
    orphan: `EXISTS (SELECT 1 FROM tool_calls tc WHERE tc.id = t.id AND ${orphanCallWhere(db, within.responses)})`,
    mcp: mcpWithoutLogicalCallWhere(db, within.calls),
  };
}

export function filterWhere(db: Database.Database, f: LifecycleFilters | undefined): Where {
  const parts: string[] = [];
  const params: (string | number)[] = [];
  const eq = (column: string, value: string | undefined): void => {
    if (value === undefined) return;
    if (!hasColumn(db, 'tool_calls', column)) {
      parts.push('0');
      return;
    }
    parts.push(`t.${column} IS ?`);
    params.push(value);
  };
  eq('origin', f?.origin);
  eq('status', f?.status);
  eq('decision', f?.decision);
  eq('tool_name', f?.tool);
  // tool_calls.trace_id has no index in the ledger: one trace's rows come from the trace keys when they are in.
  const keys = f?.trace !== undefined ? traceKeysOf(db) : null;
  if (keys?.hasCalls()) parts.push(`t.id IN (${idList(keys.callsOfTrace(f!.trace!))})`);
  eq('trace_id', f?.trace);
  eq('turn_id', f?.turn);
  if (f?.flaggedOnly) {
    const x = flaggedExpr(db, f);
    parts.push(`(${x.orphan} OR ${x.mcp})`);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}
