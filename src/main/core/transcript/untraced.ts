// The rows of a session that no told trace carries: a NULL trace_id, a trace_id no model or tool call has (the
// trace list is made from those), a table with no trace_id column, or a trace past the list's cap. The session
// transcript tells them after its traces, in time order, so no row of the story tables is left out. Kept as two
// typed arrays (table, id) in story order: a ledger may hold millions of such rows, and a page makes its entries.
import type Database from 'better-sqlite3';
import { EVENT_TABLES } from '../traces/events.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import type { Entry } from '../traces/entry.js';
import { EVENT_KIND } from '../traces/order.js';
import { timeExpr } from '../traces/trace-rows.js';
import type { TranscriptLineKind } from '../../../shared/contract/transcript.js';

/** The tables the transcript tells, in the order rows of one time are told. */
export const UNTRACED_TABLES: readonly string[] = ['model_calls', 'tool_calls', 'tool_responses', ...EVENT_TABLES.map((t) => t.table)];

const KIND: Readonly<Record<string, TranscriptLineKind>> = {
  ...EVENT_KIND,
  model_calls: 'model_call',
  tool_calls: 'tool_call',
  tool_responses: 'tool_response',
};

export interface UntracedRows {
  /** Index into UNTRACED_TABLES, per row. */
  readonly table: Uint8Array;
  readonly ids: Float64Array;
}

export const NO_UNTRACED: UntracedRows = { table: new Uint8Array(0), ids: new Float64Array(0) };

/** Every row of the told tables whose trace_id is not among `told`, ordered by time (none last), table, id. */
export function untracedRows(db: Database.Database, told: readonly string[]): UntracedRows {
  const table: number[] = [];
  const ids: number[] = [];
  const times: number[] = [];
  const toldJson = JSON.stringify(told);
  UNTRACED_TABLES.forEach((name, rank) => {
    if (!hasTable(db, name) || !hasColumn(db, name, 'id')) return;
    const traced = hasColumn(db, name, 'trace_id');
    const where = traced ? 'WHERE x.trace_id IS NULL OR x.trace_id NOT IN (SELECT value FROM json_each(?))' : '';
    const time = timeExpr(db, name);
    const q = db.prepare(`SELECT x.id, ${time.expr} FROM ${name} x ${where}`).raw(true);
    for (const [id, ts] of (traced ? q.iterate(toldJson) : q.iterate()) as IterableIterator<[unknown, unknown]>) {
      table.push(rank);
      ids.push(Number(id));
      times.push(time.ms(ts) ?? Infinity);
    }
  });
  if (ids.length === 0) return NO_UNTRACED;
  const order = Array.from(ids.keys()).sort((a, b) => times[a]! - times[b]! || table[a]! - table[b]! || ids[a]! - ids[b]!);
  return { table: Uint8Array.from(order, (i) => table[i]!), ids: Float64Array.from(order, (i) => ids[i]!) };
}

/** How many lines the tail takes: a header, then one per row (none at all when every row is told). */
export const untracedLines = (u: UntracedRows): number => (u.ids.length === 0 ? 0 : u.ids.length + 1);

/** Lines [from, from + n) of the tail as entries: line 0 is its header. */
export function untracedEntries(u: UntracedRows, from: number, n: number): Entry[] {
  const out: Entry[] = [];
  for (let i = from; i < Math.min(from + n, untracedLines(u)); i++) {
    if (i === 0) {
      out.push({ kind: 'trace', table: null, id: u.ids.length, traceId: '', turn: null, depth: 0, findings: [], placedBy: 'untraced' });
      continue;
    }
    const table = UNTRACED_TABLES[u.table[i - 1]!]!;
    out.push({
      kind: KIND[table] ?? 'net',
      table,
      id: u.ids[i - 1]!,
      traceId: '',
      turn: null,
      depth: 1,
      findings: [],
      placedBy: 'untraced',
    });
  }
  return out;
}
