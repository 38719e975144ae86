// Find within one trace (graph.find): a case-insensitive substring over the text a reader sees in the graph, in
// every turn of the trace, not only the pages drawn. Fields: model_items content and tool names, tool_calls tool
// names, call ids and arguments, tool_responses previews, and the turn ids. Each match names its turn and the model
// call whose page draws its node, so the renderer can lay that turn out and select the node.
import type Database from 'better-sqlite3';
import type { TraceFind, TraceMatch } from '../../../shared/contract/graph.js';
import { GRAPH_FIND_CAP, TRACE_LEVEL_TURN } from '../../../shared/contract/graph.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { idList, traceKeysOf } from '../traces/trace-keys.js';
import { traceTurns } from '../traces/turns.js';

const EXCERPT = 120;

interface Hit {
  id: number;
  mc: number | null;
  turn: string | null;
  field: string;
  ex: string | null;
  /** A response's call_id (responses only). */
  cid?: string | null;
}

/** The model call that emitted each call_id of the trace (its first tool_calls row by rowid), from one read. */
function emittersOf(db: Database.Database, traceId: string): Map<string, number | null> {
  const out = new Map<string, number | null>();
  if (!hasTable(db, 'tool_calls') || !['model_call_id', 'trace_id', 'call_id'].every((c) => hasColumn(db, 'tool_calls', c))) return out;
  // tool_calls.trace_id has no index in the ledger: the trace's rowids from the keys when they are in.
  const keys = traceKeysOf(db);
  const rows = keys?.hasCalls() ? `id IN (${idList(keys.callsOfTrace(traceId))}) AND ` : '';
  const calls = db
    .prepare(`SELECT call_id AS c, model_call_id AS mc FROM tool_calls WHERE ${rows}trace_id = ? ORDER BY id`)
    .all(traceId) as { c: string | null; mc: number | null }[];
  for (const r of calls) if (r.c !== null && !out.has(String(r.c))) out.set(String(r.c), r.mc === null ? null : Number(r.mc));
  return out;
}

/** `instr(lower(col), ?) > 0` over the columns the table has, and the excerpt of the first that matched. */
function matchSql(
  db: Database.Database,
  table: string,
  alias: string,
  columns: readonly string[],
): { where: string; field: string; ex: string } | null {
  const have = columns.filter((c) => hasColumn(db, table, c)).map((c) => ({ c, q: `${alias}.${quoteIdent(c)}` }));
  if (have.length === 0) return null;
  const hit = (q: string): string => `instr(lower(${q}), @t) > 0`;
  const pick = (f: (x: { c: string; q: string }) => string): string =>
    have.length === 1 ? f(have[0]!) : `CASE ${have.map((x) => `WHEN ${hit(x.q)} THEN ${f(x)}`).join(' ')} END`;
  return {
    where: `(${have.map((x) => hit(x.q)).join(' OR ')})`,
    field: pick((x) => `'${table}.${x.c}'`),
    ex: pick((x) => `substr(${x.q}, max(1, instr(lower(${x.q}), @t) - 40), ${EXCERPT})`),
  };
}

export function findInTrace(db: Database.Database, traceId: string, text: string): TraceFind {
  const t = text.toLowerCase();
  const turns = traceTurns(db, traceId);
  const order = new Map(turns.map((x, i) => [x.turnId, i]));
  const keys = traceKeysOf(db);
  const limit = GRAPH_FIND_CAP + 1;
  const hits: { kind: 'item' | 'tc' | 'tr'; h: Hit }[] = [];
  const run = (kind: 'item' | 'tc' | 'tr', sql: string): void => {
    for (const h of db.prepare(sql).all({ t, trace: traceId, limit }) as Hit[]) hits.push({ kind, h });
  };
  const turnOf = (table: string, alias: string): string => (hasColumn(db, table, 'turn_id') ? `${alias}.turn_id` : 'NULL');

  const items =
    hasTable(db, 'model_items') && hasColumn(db, 'model_items', 'trace_id')
      ? matchSql(db, 'model_items', 'mi', ['content', 'tool_name'])
      : null;
  if (items) {
    // model_items has an index led by trace_id: the trace's items only.
    run(
      'item',
      `SELECT mi.id AS id, mi.model_call_id AS mc, ${turnOf('model_items', 'mi')} AS turn, ${items.field} AS field, ${items.ex} AS ex
       FROM model_items mi WHERE mi.trace_id = @trace AND ${items.where} ORDER BY mi.model_call_id, mi.item_index, mi.id LIMIT @limit`,
    );
  }
  const calls =
    hasTable(db, 'tool_calls') && hasColumn(db, 'tool_calls', 'trace_id')
      ? matchSql(db, 'tool_calls', 't', ['tool_name', 'call_id', 'arguments'])
      : null;
  if (calls) {
    // tool_calls.trace_id has no index in the ledger: the trace's rowids from the keys when they are in.
    const rows = keys?.hasCalls() ? `t.id IN (${idList(keys.callsOfTrace(traceId))}) AND ` : '';
    // mcp_proxy captures are folded into their logical call's node, never drawn alone unless broken: not matched.
    const proxy = hasColumn(db, 'tool_calls', 'origin') ? " AND t.origin IS NOT 'mcp_proxy'" : '';
    run(
      'tc',
      `SELECT t.id AS id, ${hasColumn(db, 'tool_calls', 'model_call_id') ? 't.model_call_id' : 'NULL'} AS mc, ${turnOf('tool_calls', 't')} AS turn,
       ${calls.field} AS field, ${calls.ex} AS ex FROM tool_calls t WHERE ${rows}t.trace_id = @trace AND ${calls.where}${proxy} ORDER BY t.id LIMIT @limit`,
    );
  }
  const resp =
    hasTable(db, 'tool_responses') && hasColumn(db, 'tool_responses', 'trace_id')
      ? matchSql(db, 'tool_responses', 'tr', ['content_preview'])
      : null;
  if (resp) {
    const rows = keys?.hasResponses() ? `tr.id IN (${idList(keys.responsesOfTrace(traceId))}) AND ` : '';
    const before = hits.length;
    run(
      'tr',
      `SELECT tr.id AS id, NULL AS mc, ${turnOf('tool_responses', 'tr')} AS turn, ${resp.field} AS field, ${resp.ex} AS ex,
       ${hasColumn(db, 'tool_responses', 'call_id') ? 'tr.call_id' : 'NULL'} AS cid
       FROM tool_responses tr WHERE ${rows}tr.trace_id = @trace AND ${resp.where} ORDER BY tr.id LIMIT @limit`,
    );
    // A response is drawn under the call it answers, on the page of the model call that emitted that call: the
    // trace's calls are read once (a subquery per matching response probed every call of the trace again).
    const emitters = emittersOf(db, traceId);
    for (const x of hits.slice(before)) x.h.mc = x.h.cid === null || x.h.cid === undefined ? null : (emitters.get(String(x.h.cid)) ?? null);
  }

  const table = { item: 'model_items', tc: 'tool_calls', tr: 'tool_responses' } as const;
  const rank = { item: 0, tc: 1, tr: 2 } as const;
  const known = (turn: string | null): string => (turn !== null && order.has(turn) ? turn : TRACE_LEVEL_TURN);
  // A row whose model call is not one of the trace's (NULL, dangling, another trace's) is drawn on the first page, loose.
  const ownCalls = new Set((db.prepare('SELECT id FROM model_calls WHERE trace_id = ?').pluck().all(traceId) as number[]).map(Number));
  const own = (mc: number | null): number | null => (mc !== null && ownCalls.has(Number(mc)) ? Number(mc) : null);
  const matches: (TraceMatch & { k: number })[] = hits.map(({ kind, h }) => ({
    turnId: known(h.turn),
    modelCallId: own(h.mc),
    nodeId: `${kind}:${h.id}`,
    row: { table: table[kind], rowid: Number(h.id) },
    field: h.field,
    excerpt: h.ex ?? '',
    k: rank[kind],
  }));
  for (const turn of turns) {
    if (turn.turnId !== TRACE_LEVEL_TURN && turn.turnId.toLowerCase().includes(t)) {
      matches.push({
        turnId: turn.turnId,
        modelCallId: null,
        nodeId: `turn:${turn.turnId}`,
        row: null,
        field: 'turn_id',
        excerpt: turn.turnId,
        k: -1,
      });
    }
  }
  const place = (m: TraceMatch): number => order.get(m.turnId) ?? turns.length;
  matches.sort(
    (a, b) =>
      place(a) - place(b) || (a.modelCallId ?? -1) - (b.modelCallId ?? -1) || a.k - b.k || (a.row?.rowid ?? 0) - (b.row?.rowid ?? 0),
  );
  return { matches: matches.slice(0, GRAPH_FIND_CAP).map(({ k: _k, ...m }) => m), truncated: matches.length > GRAPH_FIND_CAP };
}
