/**
 * Reads the join columns trace-keys.ts indexes, in one pass per table (run in trace-keys-worker.ts, off the main
 * thread). The ledger is read-only evidence and its scratch copy is opened query_only, so no index can be added to
 * either; the few columns a trace's views look rows up by are copied out instead. Every statement is a plain read,
 * iterated row by row into typed arrays (trace-keys-columns.ts): at a million events, `.all()` of each table first
 * held the worker's heap (the process's) ~200 MB above what the keys finally take.
 */
import type Database from 'better-sqlite3';
import { hasColumn, hasTable } from '../queries/schema.js';
import { EVENT_TABLES } from './events.js';
import { StringTable, f64, i32, u8 } from './trace-keys-columns.js';
import type { KeyColumns, TraceKeyScan } from './trace-keys-protocol.js';

const num = (v: unknown): number => (v === null || v === undefined ? Number.NaN : Number(v));

function rows(db: Database.Database, sql: string): IterableIterator<unknown[]> {
  return db.prepare(sql).raw().iterate() as IterableIterator<unknown[]>;
}

export function scanTraceKeys(db: Database.Database): TraceKeyScan {
  const strings = new StringTable();
  const indexColumns: Int32Array[] = [];
  const tool = (table: string): KeyColumns | null => {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id') || !hasColumn(db, table, 'call_id')) return null;
    const ids = f64();
    const trace = i32();
    const callId = i32();
    for (const r of rows(db, `SELECT id, trace_id, call_id FROM ${table} ORDER BY id`)) {
      ids.push(Number(r[0]));
      trace.push(strings.intern(r[1]));
      callId.push(strings.intern(r[2]));
    }
    const k = { ids: ids.done(), trace: trace.done(), callId: callId.done() };
    indexColumns.push(k.trace, k.callId);
    return k;
  };
  const toolCalls = tool('tool_calls');
  const toolResponses = tool('tool_responses');
  let items: TraceKeyScan['items'] = null;
  if (hasTable(db, 'model_items') && hasColumn(db, 'model_items', 'model_call_id')) {
    const index = hasColumn(db, 'model_items', 'item_index') ? 'item_index' : 'NULL';
    const traceCol = hasColumn(db, 'model_items', 'trace_id') ? 'trace_id' : 'NULL';
    const ids = f64();
    const mc = f64();
    const ix = f64();
    const trace = i32();
    for (const r of rows(db, `SELECT id, model_call_id, ${index}, ${traceCol} FROM model_items ORDER BY id`)) {
      ids.push(Number(r[0]));
      mc.push(num(r[1]));
      ix.push(num(r[2]));
      trace.push(strings.intern(r[3]));
    }
    items = { ids: ids.done(), modelCallId: mc.done(), itemIndex: ix.done(), trace: trace.done() };
    indexColumns.push(items.trace);
  }
  let looseItems: TraceKeyScan['looseItems'] = null;
  if (items && hasTable(db, 'model_calls') && hasColumn(db, 'model_items', 'trace_id')) {
    const ids = f64();
    const trace = i32();
    const sql =
      'SELECT mi.id, mi.trace_id FROM model_items mi WHERE NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = mi.model_call_id) ORDER BY mi.id';
    for (const r of rows(db, sql)) {
      ids.push(Number(r[0]));
      trace.push(strings.intern(r[1]));
    }
    looseItems = { ids: ids.done(), trace: trace.done() };
    indexColumns.push(looseItems.trace);
  }
  const eventTables: string[] = [];
  const evTable = u8();
  const evTrace = i32();
  const evTurn = i32();
  const evCount = f64();
  const eventRows: TraceKeyScan['eventRows'][number][] = [];
  for (const { table } of EVENT_TABLES) {
    if (!hasTable(db, table) || !hasColumn(db, table, 'trace_id')) continue;
    const turn = hasColumn(db, table, 'turn_id') ? 'turn_id' : 'NULL';
    for (const r of rows(db, `SELECT trace_id, ${turn}, COUNT(*) FROM ${table} WHERE trace_id IS NOT NULL GROUP BY 1, 2`)) {
      evTable.push(eventTables.length);
      evTrace.push(strings.intern(r[0]));
      evTurn.push(strings.intern(r[1]));
      evCount.push(Number(r[2]));
    }
    eventTables.push(table);
    const ids = f64();
    const trace = i32();
    for (const r of rows(db, `SELECT id, trace_id FROM ${table} WHERE trace_id IS NOT NULL ORDER BY id`)) {
      ids.push(Number(r[0]));
      trace.push(strings.intern(r[1]));
    }
    const er = { table, ids: ids.done(), trace: trace.done() };
    indexColumns.push(er.trace);
    eventRows.push(er);
  }
  const events = { table: evTable.done(), trace: evTrace.done(), turn: evTurn.done(), count: evCount.done() };
  indexColumns.push(events.trace, events.turn);
  return { strings: strings.pack(indexColumns), toolCalls, toolResponses, items, looseItems, events, eventTables, eventRows };
}
