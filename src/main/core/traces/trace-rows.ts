// The few columns a transcript needs to put a trace's rows in order (ids, joins, times), read once per trace
// (or once per table for the whole session, grouped by trace in memory). Text is read later, a page at a time.
import type Database from 'better-sqlite3';
import { EVENT_TABLES } from './events.js';
import { colOr, isoMs } from './sql-columns.js';
import { idList, traceKeysOf } from './trace-keys.js';
import { hasColumn, hasTable } from '../queries/schema.js';

export interface McKey {
  readonly id: number;
  readonly turn: string | null;
  readonly t: number | null;
  readonly nullModel: boolean;
  readonly nullTokens: boolean;
}
export interface TcKey {
  readonly id: number;
  readonly mc: number | null;
  readonly callId: string | null;
  readonly turn: string | null;
  readonly t: number | null;
  readonly origin: string | null;
}
export interface TrKey {
  readonly id: number;
  readonly callId: string | null;
  readonly mc: number | null;
  readonly turn: string | null;
}
/** A model_items row: which model call it belongs to and where in its order. */
export interface ItemKey {
  readonly id: number;
  readonly mc: number;
  readonly index: number;
}
export interface EvKey {
  readonly table: string;
  readonly id: number;
  readonly turn: string | null;
  readonly t: number | null;
}

export interface TraceRows {
  readonly mcs: McKey[];
  readonly tcs: TcKey[];
  readonly trs: TrKey[];
  readonly events: EvKey[];
  readonly items: ItemKey[];
}

const empty = (): TraceRows => ({ mcs: [], tcs: [], trs: [], events: [], items: [] });
const traced = (db: Database.Database, table: string): boolean => hasTable(db, table) && hasColumn(db, table, 'trace_id');
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A row's time in ms: RFC 3339 text (`timestamp`) or the security tables' `timestamp_unix_ms`. */
export function timeExpr(db: Database.Database, table: string): { expr: string; ms: (v: unknown) => number | null } {
  if (hasColumn(db, table, 'timestamp')) return { expr: 'x.timestamp', ms: isoMs };
  if (hasColumn(db, table, 'timestamp_unix_ms'))
    return { expr: 'x.timestamp_unix_ms', ms: (v) => (typeof v === 'number' || typeof v === 'bigint' ? Number(v) : null) };
  return { expr: 'NULL', ms: () => null };
}

/**
 * Rows of one trace (traceId given) or of every trace (null), keyed by trace_id. Each table is read once, in
 * rowid order, with `trace_id = ?` or `trace_id IS NOT NULL`. For one trace, once the connection's trace keys are
 * in (trace-keys.ts), the tables the ledger has no trace_id index on (tool calls and responses, items, the
 * event tables) are read by `id IN (…)` from the keys, still with `trace_id = ?`: the same rows, without scanning
 * whole tables. Items are then those of the trace's own model calls (the only ones a page of it shows).
 */
export function readTraceRows(
  db: Database.Database,
  traceId: string | null,
  opts: { readonly sideRows?: boolean } = {},
): Map<string, TraceRows> {
  /** false: only the model calls, tool calls and responses (what decides turns and findings), no items or events. */
  const sideRows = opts.sideRows ?? true;
  const out = new Map<string, TraceRows>();
  const of = (t: unknown): TraceRows => {
    const k = String(t);
    let r = out.get(k);
    if (!r) out.set(k, (r = empty()));
    return r;
  };
  const where = traceId === null ? 'x.trace_id IS NOT NULL' : 'x.trace_id = ?';
  const args = traceId === null ? [] : [traceId];
  const keys = traceId === null ? null : traceKeysOf(db);
  /** The rowids the keys know for this table of the trace, or null (then the table is read by trace_id). */
  const keyed = (table: string): readonly number[] | null => {
    if (!keys || traceId === null) return null;
    if (table === 'tool_calls') return keys.hasCalls() ? keys.callsOfTrace(traceId) : null;
    if (table === 'tool_responses') return keys.hasResponses() ? keys.responsesOfTrace(traceId) : null;
    if (table === 'model_items') return keys.hasItems() ? keys.itemsOf(out.get(traceId)?.mcs.map((m) => m.id) ?? []) : null;
    if (table === 'model_calls') return null; // indexed on trace_id
    return keys.eventRowsOfTrace(table, traceId);
  };
  // Iterated, not .all(): a large trace's rows (146,930 on the 1M ledger's big trace) never sit in memory as row
  // objects beside the keys made from them.
  const select = (table: string, cols: string[]): Iterable<Record<string, unknown>> => {
    const ids = keyed(table);
    if (ids !== null && ids.length === 0) return [];
    const only = ids === null ? '' : `x.id IN (${idList(ids)}) AND `;
    return db
      .prepare(`SELECT x.id AS id, x.trace_id AS trace_id, ${cols.join(', ')} FROM ${table} x WHERE ${only}${where} ORDER BY x.id`)
      .iterate(...args) as IterableIterator<Record<string, unknown>>;
  };

  if (traced(db, 'model_calls')) {
    const time = timeExpr(db, 'model_calls');
    const nullTokens =
      hasColumn(db, 'model_calls', 'input_tokens') && hasColumn(db, 'model_calls', 'output_tokens')
        ? '(x.input_tokens IS NULL OR x.output_tokens IS NULL)'
        : '0';
    const nullModel = hasColumn(db, 'model_calls', 'model') ? "(x.model IS NULL OR x.model = '')" : '0';
    for (const r of select('model_calls', [
      colOr(db, 'model_calls', 'x', 'turn_id'),
      `${time.expr} AS ts`,
      `${nullModel} AS nm`,
      `${nullTokens} AS nt`,
    ])) {
      of(r.trace_id).mcs.push({ id: Number(r.id), turn: str(r.turn_id), t: time.ms(r.ts), nullModel: r.nm === 1, nullTokens: r.nt === 1 });
    }
  }
  if (traced(db, 'tool_calls')) {
    const time = timeExpr(db, 'tool_calls');
    const cols = ['turn_id', 'model_call_id', 'call_id', 'origin'].map((c) => colOr(db, 'tool_calls', 'x', c));
    for (const r of select('tool_calls', [...cols, `${time.expr} AS ts`])) {
      of(r.trace_id).tcs.push({
        id: Number(r.id),
        mc: num(r.model_call_id),
        callId: str(r.call_id),
        turn: str(r.turn_id),
        t: time.ms(r.ts),
        origin: str(r.origin),
      });
    }
  }
  if (traced(db, 'tool_responses')) {
    const cols = ['turn_id', 'model_call_id', 'call_id'].map((c) => colOr(db, 'tool_responses', 'x', c));
    for (const r of select('tool_responses', cols)) {
      of(r.trace_id).trs.push({ id: Number(r.id), callId: str(r.call_id), mc: num(r.model_call_id), turn: str(r.turn_id) });
    }
  }
  // model_call_id has no index; this one read (model_items' UNIQUE index starts with trace_id) lets a page fetch its
  // model calls' items by rowid. Items filed under another trace than their model call are not told.
  if (!sideRows) return out;
  const itemKeys =
    traceId !== null && hasColumn(db, 'model_items', 'item_index')
      ? (keys?.itemKeysOf(out.get(traceId)?.mcs.map((m) => m.id) ?? [], traceId) ?? null)
      : null;
  if (itemKeys && traced(db, 'model_items')) {
    // The keys hold each item's model call, item_index and trace: no model_items row is read to order the trace.
    if (itemKeys.length) {
      const items = of(traceId).items;
      // Number(NULL) is 0 in the ledger read below; the keys keep NULL as NaN.
      for (const it of itemKeys.sort((a, b) => a.id - b.id)) items.push(Number.isNaN(it.index) ? { ...it, index: 0 } : it);
    }
  } else if (traced(db, 'model_items') && hasColumn(db, 'model_items', 'model_call_id')) {
    const index = hasColumn(db, 'model_items', 'item_index') ? 'x.item_index' : 'x.id';
    for (const r of select('model_items', ['x.model_call_id AS mc', `${index} AS ix`])) {
      if (r.mc !== null) of(r.trace_id).items.push({ id: Number(r.id), mc: Number(r.mc), index: Number(r.ix) });
    }
  }
  for (const { table } of EVENT_TABLES) {
    if (!traced(db, table)) continue;
    const time = timeExpr(db, table);
    for (const r of select(table, [colOr(db, table, 'x', 'turn_id'), `${time.expr} AS ts`])) {
      of(r.trace_id).events.push({ table, id: Number(r.id), turn: str(r.turn_id), t: time.ms(r.ts) });
    }
  }
  return out;
}

/** Which of these model call ids exist in model_calls (for calls and responses naming calls of other traces). */
export function existingModelCalls(db: Database.Database, ids: readonly number[]): Set<number> {
  const out = new Set<number>();
  if (ids.length === 0 || !hasTable(db, 'model_calls')) return out;
  const q = db.prepare('SELECT 1 AS ok FROM model_calls WHERE id = ?');
  for (const id of ids) if (q.get(id)) out.add(id);
  return out;
}
