// Where a row of a trace is drawn in its graph (graph.locate): its turn and the model call whose page holds its node.
// A link from elsewhere (the transcript's "graph") names a row; the graph lays out that model call's turn first, then
// selects the node. Model items and tool calls hang off their model call; a response off the model call that emitted
// its call (same call_id, same trace); any other row of the trace (net, exec, file events) only has its turn.
import type Database from 'better-sqlite3';
import type { TraceLocation } from '../../../shared/contract/graph.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { idList, traceKeysOf } from '../traces/trace-keys.js';

type Row = { mc: number | null; turn: string | null } | undefined;

const NOWHERE: TraceLocation = { turnId: null, modelCallId: null };

export function locateInTrace(db: Database.Database, traceId: string, table: string, rowid: number): TraceLocation {
  // The table name is checked against the schema catalogue before it is spliced (the guard allows [A-Za-z0-9_] only).
  if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id')) return NOWHERE;
  const turnCol = (t: string, a: string): string => (hasColumn(db, t, 'turn_id') ? `${a}.turn_id` : 'NULL');
  /** The model call's turn_id (null without one), or undefined when it is not a model call of this trace. */
  const mcTurn = (mc: number): string | null | undefined => {
    const r = db
      .prepare(`SELECT ${turnCol('model_calls', 'm')} AS t FROM model_calls m WHERE m.id = ? AND m.trace_id = ?`)
      .get(mc, traceId) as { t: string | null } | undefined;
    return r === undefined ? undefined : r.t === null ? null : String(r.t);
  };
  const out = (r: Row): TraceLocation => {
    if (!r) return NOWHERE;
    // A row hanging off no model call of this trace (NULL, dangling, another trace's) is drawn loose on the first page.
    const mc = r.mc !== null && mcTurn(Number(r.mc)) !== undefined ? Number(r.mc) : null;
    // The model call's turn is the band its node is drawn in; the row's own turn_id when it hangs off none.
    return { modelCallId: mc, turnId: (mc !== null ? mcTurn(mc) : null) ?? (r.turn === null ? null : String(r.turn)) };
  };
  if (table === 'model_calls') {
    return out(
      db
        .prepare(`SELECT m.id AS mc, ${turnCol('model_calls', 'm')} AS turn FROM model_calls m WHERE m.id = ? AND m.trace_id = ?`)
        .get(rowid, traceId) as Row,
    );
  }
  if ((table === 'model_items' || table === 'tool_calls') && hasColumn(db, table, 'model_call_id')) {
    return out(
      db
        .prepare(`SELECT x.model_call_id AS mc, ${turnCol(table, 'x')} AS turn FROM ${table} x WHERE x.id = ? AND x.trace_id = ?`)
        .get(rowid, traceId) as Row,
    );
  }
  if (
    table === 'tool_responses' &&
    hasColumn(db, 'tool_responses', 'call_id') &&
    hasTable(db, 'tool_calls') &&
    hasColumn(db, 'tool_calls', 'model_call_id')
  ) {
    const keys = traceKeysOf(db);
    const rows = keys?.hasCalls() ? `c.id IN (${idList(keys.callsOfTrace(traceId))}) AND ` : '';
    return out(
      db
        .prepare(
          `SELECT (SELECT c.model_call_id FROM tool_calls c WHERE ${rows}c.trace_id = tr.trace_id AND c.call_id = tr.call_id ORDER BY c.id LIMIT 1) AS mc,
           ${turnCol('tool_responses', 'tr')} AS turn FROM tool_responses tr WHERE tr.id = ? AND tr.trace_id = ?`,
        )
        .get(rowid, traceId) as Row,
    );
  }
  const r = db
    .prepare(`SELECT ${turnCol(table, 'x')} AS turn FROM ${quoteIdent(table)} x WHERE x.rowid = ? AND x.trace_id = ?`)
    .get(rowid, traceId) as { turn: string | null } | undefined;
  return r ? { turnId: r.turn === null ? null : String(r.turn), modelCallId: null } : NOWHERE;
}
