/**
 * Reads the join columns trace-keys.ts indexes, in one pass per table (run in trace-keys-worker.ts, off the main
 * thread). The ledger is read-only evidence and its scratch copy is opened query_only, so no index can be added to
 * either; the few columns a trace's views look rows up by are copied out instead. Every statement is a plain read.
 */
import type Database from 'better-sqlite3';
import { hasColumn, hasTable } from '../queries/schema.js';
import { EVENT_TABLES } from './events.js';
import type { KeyColumns, TraceKeyScan } from './trace-keys-protocol.js';

export function scanTraceKeys(db: Database.Database): TraceKeyScan {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (v: unknown): number => {
    if (v === null || v === undefined) return -1;
    const s = String(v);
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  const tool = (table: string): KeyColumns | null => {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id') || !hasColumn(db, table, 'call_id')) return null;
    const rows = db.prepare(`SELECT id, trace_id, call_id FROM ${table} ORDER BY id`).raw().all() as [number, unknown, unknown][];
    const ids = new Float64Array(rows.length);
    const trace = new Int32Array(rows.length);
    const callId = new Int32Array(rows.length);
    rows.forEach((r, i) => {
      ids[i] = Number(r[0]);
      trace[i] = intern(r[1]);
      callId[i] = intern(r[2]);
    });
    return { ids, trace, callId };
  };
  const toolCalls = tool('tool_calls');
  const toolResponses = tool('tool_responses');
  let items: TraceKeyScan['items'] = null;
  if (hasTable(db, 'model_items') && hasColumn(db, 'model_items', 'model_call_id')) {
    const index = hasColumn(db, 'model_items', 'item_index') ? 'item_index' : 'NULL';
    const trace = hasColumn(db, 'model_items', 'trace_id') ? 'trace_id' : 'NULL';
    const rows = db.prepare(`SELECT id, model_call_id, ${index}, ${trace} FROM model_items ORDER BY id`).raw().all() as [
      number,
      unknown,
      unknown,
      unknown,
    ][];
    const ids = new Float64Array(rows.length);
    const modelCallId = new Float64Array(rows.length);
    const itemIndex = new Float64Array(rows.length);
    const traceOf = new Int32Array(rows.length);
    rows.forEach((r, i) => {
      ids[i] = Number(r[0]);
      modelCallId[i] = r[1] === null || r[1] === undefined ? Number.NaN : Number(r[1]);
      itemIndex[i] = r[2] === null || r[2] === undefined ? Number.NaN : Number(r[2]);
      traceOf[i] = intern(r[3]);
    });
    items = { ids, modelCallId, itemIndex, trace: traceOf };
  }
  let looseItems: TraceKeyScan['looseItems'] = null;
  if (items && hasTable(db, 'model_calls') && hasColumn(db, 'model_items', 'trace_id')) {
    const rows = db
      .prepare(
        'SELECT mi.id, mi.trace_id FROM model_items mi WHERE NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = mi.model_call_id) ORDER BY mi.id',
      )
      .raw()
      .all() as [number, unknown][];
    looseItems = { ids: Float64Array.from(rows, (r) => Number(r[0])), trace: Int32Array.from(rows, (r) => intern(r[1])) };
  }
  const events: [string, number, number, number][] = [];
  const eventTables: string[] = [];
  const eventRows: NonNullable<TraceKeyScan['eventRows']>[number][] = [];
  for (const { table } of EVENT_TABLES) {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id')) continue;
    const turn = hasColumn(db, table, 'turn_id') ? 'turn_id' : 'NULL';
    const rows = db.prepare(`SELECT trace_id, ${turn}, COUNT(*) FROM ${table} WHERE trace_id IS NOT NULL GROUP BY 1, 2`).raw().all() as [
      unknown,
      unknown,
      number,
    ][];
    for (const r of rows) events.push([table, intern(r[0]), intern(r[1]), Number(r[2])]);
    eventTables.push(table);
    // Straight into typed arrays, a row at a time: a million rows materialised as JS arrays first would cost the
    // worker (whose heap is the process's) ~100 MB more at its peak.
    const n = rows.reduce((a, r) => a + Number(r[2]), 0);
    const ids = new Float64Array(n);
    const trace = new Int32Array(n);
    let i = 0;
    for (const r of db
      .prepare(`SELECT id, trace_id FROM ${table} WHERE trace_id IS NOT NULL ORDER BY id`)
      .raw()
      .iterate() as IterableIterator<[number, unknown]>) {
      if (i >= n) break;
      ids[i] = Number(r[0]);
      trace[i++] = intern(r[1]);
    }
    eventRows.push({ table, ids: ids.subarray(0, i), trace: trace.subarray(0, i) });
  }
  return { strings, toolCalls, toolResponses, items, looseItems, events, eventTables, eventRows };
}
