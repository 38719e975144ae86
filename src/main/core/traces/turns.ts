// The turns of a trace in the order they began (first model call rowid, then first tool call), with counts
// and, for turns drawn on the current page, the user's input: the first request item of the turn's first
// model call.
import type Database from 'better-sqlite3';
import type { TurnSummary } from '../../../shared/contract/graph.js';
import { TRACE_LEVEL_TURN } from '../../../shared/contract/graph.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { colExpr } from './sql-columns.js';
import { idList, traceKeysOf } from './trace-keys.js';
import { traceMemo } from './trace-memo.js';

export const turnNodeId = (turnId: string | null): string => `turn:${turnId ?? TRACE_LEVEL_TURN}`;

export const INPUT_PREVIEW = 200;

export interface TurnAcc {
  turnId: string;
  first: string | null;
  firstMc: number;
  firstTc: number;
  modelCalls: number;
  toolCalls: number;
}

/** Memoised per connection and trace (trace-memo.ts): every page of a trace's graph lists all its turns. */
export function traceTurns(db: Database.Database, traceId: string): TurnAcc[] {
  return traceMemo(db, 'turns', traceId, () => readTraceTurns(db, traceId));
}

function readTraceTurns(db: Database.Database, traceId: string): TurnAcc[] {
  const acc = new Map<string, TurnAcc>();
  const see = (table: 'model_calls' | 'tool_calls'): void => {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id')) return;
    const turn = colExpr(db, table, 'x', 'turn_id');
    const ts = colExpr(db, table, 'x', 'timestamp');
    // tool_calls.trace_id has no index in the ledger: its rows of the trace come from the trace keys when they are in.
    const keys = table === 'tool_calls' ? traceKeysOf(db) : null;
    const rowids = keys?.hasCalls() ? `x.id IN (${idList(keys.callsOfTrace(traceId))}) AND ` : '';
    const rows = db
      .prepare(
        `SELECT ${turn} AS u, COUNT(*) AS n, MIN(x.id) AS lo, MIN(NULLIF(${ts}, '')) AS t FROM ${table} x WHERE ${rowids}x.trace_id = ? GROUP BY 1`,
      )
      .all(traceId) as { u: string | null; n: number; lo: number; t: string | null }[];
    for (const r of rows) {
      const turnId = r.u === null ? TRACE_LEVEL_TURN : String(r.u);
      const a = acc.get(turnId) ?? { turnId, first: null, firstMc: Infinity, firstTc: Infinity, modelCalls: 0, toolCalls: 0 };
      if (table === 'model_calls') {
        a.modelCalls = Number(r.n);
        a.firstMc = Number(r.lo);
      } else {
        a.toolCalls = Number(r.n);
        a.firstTc = Number(r.lo);
      }
      if (typeof r.t === 'string' && (a.first === null || r.t < a.first)) a.first = r.t;
      acc.set(turnId, a);
    }
  };
  see('model_calls');
  see('tool_calls');
  return [...acc.values()].sort((x, y) => x.firstMc - y.firstMc || x.firstTc - y.firstTc || x.turnId.localeCompare(y.turnId));
}

export function turnSummaries(db: Database.Database, turns: readonly TurnAcc[], withInput: ReadonlySet<string>): TurnSummary[] {
  const canInput = hasTable(db, 'model_items') && hasColumn(db, 'model_items', 'content') && hasColumn(db, 'model_items', 'kind');
  const input = canInput
    ? db.prepare(
        "SELECT substr(content, 1, ?) AS c FROM model_items WHERE model_call_id = ? AND kind = 'request' ORDER BY item_index, id LIMIT 1",
      )
    : null;
  // model_items.model_call_id has no index in the ledger (57 ms a turn at a million events): with the trace keys the
  // call's items are rowid probes.
  const keys = traceKeysOf(db);
  const firstRequest = (mc: number): { c: string | null } | undefined => {
    if (!keys?.hasItems()) return input!.get(INPUT_PREVIEW, mc) as { c: string | null } | undefined;
    return db
      .prepare(
        `SELECT substr(content, 1, ?) AS c FROM model_items WHERE id IN (${idList(keys.itemsOf([mc]))}) AND model_call_id = ? AND kind = 'request' ORDER BY item_index, id LIMIT 1`,
      )
      .get(INPUT_PREVIEW, mc) as { c: string | null } | undefined;
  };
  return turns.map((t) => {
    const row = input && withInput.has(t.turnId) && Number.isFinite(t.firstMc) ? firstRequest(t.firstMc) : undefined;
    return {
      turnId: t.turnId,
      nodeId: `turn:${t.turnId}`,
      first: t.first,
      modelCalls: t.modelCalls,
      toolCalls: t.toolCalls,
      input: row?.c ?? null,
      firstModelCallId: Number.isFinite(t.firstMc) ? t.firstMc : null,
    };
  });
}
