// The broken invariants of one trace (or counted per trace for the trace list): a response whose call_id has
// no call in the trace, a call without a response, a model_call_id that points nowhere, MCP evidence with no
// logical call. Each is found with the same predicates the integrity report counts with.
import type Database from 'better-sqlite3';
import type { BrokenInvariant, BrokenKind } from '../../../shared/contract/graph.js';
import { BROKEN_KINDS, BROKEN_LIST_CAP } from '../../../shared/contract/graph.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { danglingModelCallWhere, mcpWithoutLogicalCallWhere, orphanCallWhere, orphanResponseWhere } from './invariants-sql.js';
import { idList, traceKeysOf } from './trace-keys.js';
import { traceMemo } from './trace-memo.js';

interface BrokenQuery {
  readonly kind: BrokenKind;
  readonly table: string;
  readonly alias: string;
  readonly where: string;
  readonly node: (id: number) => string;
  readonly message: (r: { id: number; callId: string | null; modelCallId: number | null }) => string;
}

/** The other table's rows each invariant's list is built from (see tool-invariants-sql.ts `within`); none: all. */
interface Narrow {
  readonly calls?: string;
  readonly responses?: string;
}

function queries(db: Database.Database, narrow: Narrow = {}): BrokenQuery[] {
  const out: BrokenQuery[] = [];
  const calls = hasTable(db, 'tool_calls') && hasColumn(db, 'tool_calls', 'trace_id');
  const responses = hasTable(db, 'tool_responses') && hasColumn(db, 'tool_responses', 'trace_id');
  if (responses) {
    out.push({
      kind: 'response_without_call',
      table: 'tool_responses',
      alias: 'tr',
      where: orphanResponseWhere(db, narrow.calls),
      node: (id) => `tr:${id}`,
      message: (r) => `tool_responses row ${r.id} answers call_id ${r.callId ?? '?'}, which no tool_calls row of this trace carries`,
    });
  }
  if (calls) {
    out.push({
      kind: 'call_without_response',
      table: 'tool_calls',
      alias: 'tc',
      where: orphanCallWhere(db, narrow.responses),
      node: (id) => `tc:${id}`,
      message: (r) => `tool_calls row ${r.id} (call_id ${r.callId ?? '?'}) has no tool_responses row in this trace`,
    });
  }
  for (const [table, alias, prefix] of [
    ['tool_calls', 't', 'tc'],
    ['tool_responses', 'tr', 'tr'],
    ['model_items', 'mi', 'item'],
  ] as const) {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id') || !hasColumn(db, table, 'model_call_id')) continue;
    out.push({
      kind: 'dangling_model_call_id',
      table,
      alias,
      where: danglingModelCallWhere(db, table, alias),
      node: (id) => `${prefix}:${id}`,
      message: (r) => `${table} row ${r.id} names model_call_id ${r.modelCallId ?? '?'}, which no model_calls row has`,
    });
  }
  if (calls) {
    out.push({
      kind: 'mcp_without_logical_call',
      table: 'tool_calls',
      alias: 't',
      where: mcpWithoutLogicalCallWhere(db, narrow.calls),
      node: (id) => `tc:${id}`,
      message: (r) =>
        `tool_calls row ${r.id} is MCP traffic (call_id ${r.callId ?? '?'}) that no logical tool call of a model turn accounts for`,
    });
  }
  return out;
}

const emptyCounts = (): Record<BrokenKind, number> => Object.fromEntries(BROKEN_KINDS.map((k) => [k, 0])) as Record<BrokenKind, number>;

export interface TraceBroken {
  readonly list: BrokenInvariant[];
  readonly counts: Record<BrokenKind, number>;
  readonly total: number;
}

/**
 * With the trace keys (trace-keys.ts), the trace's tool rows are found by rowid and each invariant's list holds only
 * the rows sharing their call_ids: the same answer without a scan of tool_calls and tool_responses per kind.
 */
function keyed(db: Database.Database, traceId: string): { narrow: Narrow; rows: (table: string) => string | null } | null {
  const keys = traceKeysOf(db);
  if (!keys?.hasCalls() || !keys.hasResponses()) return null;
  const calls = keys.callsOfTrace(traceId);
  const responses = keys.responsesOfTrace(traceId);
  const callIds = [...calls.map((id) => keys.callIdOfCall(id)), ...responses.map((id) => keys.callIdOfResponse(id))];
  return {
    narrow: {
      calls: `id IN (${idList(keys.callsWithCallIds(callIds))})`,
      responses: `id IN (${idList(keys.responsesWithCallIds(callIds))})`,
    },
    rows: (table) => {
      if (table === 'tool_calls') return idList(calls);
      if (table === 'tool_responses') return idList(responses);
      const loose = table === 'model_items' ? keys.looseItemsOfTrace(traceId) : null;
      return loose === null ? null : idList(loose);
    },
  };
}

/** Memoised per connection and trace (trace-memo.ts): every page of a trace's graph carries them. */
export function brokenInTrace(db: Database.Database, traceId: string): TraceBroken {
  return traceMemo(db, 'broken', traceId, () => findBrokenInTrace(db, traceId));
}

function findBrokenInTrace(db: Database.Database, traceId: string): TraceBroken {
  const counts = emptyCounts();
  const list: BrokenInvariant[] = [];
  const k = keyed(db, traceId);
  for (const q of queries(db, k?.narrow)) {
    const callId = hasColumn(db, q.table, 'call_id') ? `${q.alias}.call_id` : 'NULL';
    const mc = hasColumn(db, q.table, 'model_call_id') ? `${q.alias}.model_call_id` : 'NULL';
    const ids = k?.rows(q.table) ?? null;
    const from = `FROM ${q.table} ${q.alias} WHERE ${ids === null ? '' : `${q.alias}.id IN (${ids}) AND `}${q.alias}.trace_id = ? AND ${q.where}`;
    counts[q.kind] += Number((db.prepare(`SELECT COUNT(*) AS n ${from}`).get(traceId) as { n: number }).n);
    const room = BROKEN_LIST_CAP - list.length;
    if (room <= 0) continue;
    const rows = db
      .prepare(`SELECT ${q.alias}.id AS id, ${callId} AS callId, ${mc} AS modelCallId ${from} ORDER BY ${q.alias}.id LIMIT ${room}`)
      .all(traceId) as { id: number; callId: string | null; modelCallId: number | null }[];
    for (const r of rows) {
      list.push({
        kind: q.kind,
        row: { table: q.table, rowid: Number(r.id) },
        callId: r.callId === null ? null : String(r.callId),
        nodeId: q.node(Number(r.id)),
        message: q.message(r),
      });
    }
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { list, counts, total };
}

/** Broken invariants per trace_id, over the whole ledger (one grouped query per kind). */
export function brokenPerTrace(db: Database.Database): Map<string, number> {
  const out = new Map<string, number>();
  for (const q of queries(db)) {
    const rows = db
      .prepare(
        `SELECT ${q.alias}.trace_id AS trace, COUNT(*) AS n FROM ${q.table} ${q.alias} WHERE ${q.alias}.trace_id IS NOT NULL AND ${q.where} GROUP BY 1`,
      )
      .all() as { trace: string; n: number }[];
    for (const r of rows) out.set(String(r.trace), (out.get(String(r.trace)) ?? 0) + Number(r.n));
  }
  return out;
}
