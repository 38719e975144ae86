// The list of traces: every trace_id seen on model calls, tool calls or tool responses, with its time span,
// turns, calls, tokens, cost and broken-invariant count. Capped: a ledger has few traces per session.
import type Database from 'better-sqlite3';
import type { TraceList, TraceSummary } from '../../../shared/contract/graph.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { brokenPerTrace } from './broken.js';
import { colExpr } from './sql-columns.js';
import { cachedTraceList, seedTraceList } from './trace-list-cache.js';

export const TRACE_LIST_CAP = 5000;

interface Acc {
  first: string | null;
  last: string | null;
  turns: Set<string>;
  modelCalls: number;
  toolCalls: number;
  toolResponses: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** The largest rowid per table (a trace holds rows only in the -wal when one is at or past that table's threshold). */
  lastRowids: Record<string, number>;
}

const traced = (db: Database.Database, table: string): boolean => hasTable(db, table) && hasColumn(db, table, 'trace_id');

/** Made once per connection (trace-list-cache.ts): here on first use, or earlier by the trace-keys worker. */
export function listTraces(db: Database.Database): TraceList {
  const known = cachedTraceList(db);
  if (known) return known;
  const list = readTraceList(db);
  seedTraceList(db, list);
  return list;
}

function readTraceList(db: Database.Database): TraceList {
  if (!traced(db, 'model_calls') && !traced(db, 'tool_calls')) {
    return {
      traces: [],
      truncated: false,
      note: 'this ledger has no trace_id columns (it predates traces): the identity graph cannot be drawn',
    };
  }
  const acc = new Map<string, Acc>();
  const get = (t: string): Acc => {
    let a = acc.get(t);
    if (!a)
      acc.set(
        t,
        (a = {
          first: null,
          last: null,
          turns: new Set(),
          modelCalls: 0,
          toolCalls: 0,
          toolResponses: 0,
          inputTokens: 0,
          outputTokens: 0,
          costUsd: 0,
          lastRowids: {},
        }),
      );
    return a;
  };
  const span = (a: Acc, lo: unknown, hi: unknown): void => {
    if (typeof lo === 'string' && lo !== '' && (a.first === null || lo < a.first)) a.first = lo;
    if (typeof hi === 'string' && hi !== '' && (a.last === null || hi > a.last)) a.last = hi;
  };
  if (traced(db, 'model_calls')) {
    const ts = colExpr(db, 'model_calls', 'm', 'timestamp');
    const rows = db
      .prepare(
        `SELECT m.trace_id AS t, COUNT(*) AS n, MIN(NULLIF(${ts}, '')) AS lo, MAX(NULLIF(${ts}, '')) AS hi, TOTAL(${colExpr(db, 'model_calls', 'm', 'input_tokens', '0')}) AS i,
              TOTAL(${colExpr(db, 'model_calls', 'm', 'output_tokens', '0')}) AS o, TOTAL(${colExpr(db, 'model_calls', 'm', 'estimated_cost_usd', '0')}) AS c, MAX(m.rowid) AS r
         FROM model_calls m WHERE m.trace_id IS NOT NULL GROUP BY m.trace_id`,
      )
      .all() as { t: string; n: number; lo: unknown; hi: unknown; i: number; o: number; c: number; r: number }[];
    for (const r of rows) {
      const a = get(String(r.t));
      a.modelCalls = Number(r.n);
      a.inputTokens = Number(r.i);
      a.outputTokens = Number(r.o);
      a.costUsd = Number(r.c);
      a.lastRowids.model_calls = Number(r.r);
      span(a, r.lo, r.hi);
    }
  }
  for (const [table, field] of [
    ['tool_calls', 'toolCalls'],
    ['tool_responses', 'toolResponses'],
  ] as const) {
    if (!traced(db, table)) continue;
    const ts = colExpr(db, table, 'x', 'timestamp');
    const rows = db
      .prepare(
        `SELECT x.trace_id AS t, COUNT(*) AS n, MIN(NULLIF(${ts}, '')) AS lo, MAX(NULLIF(${ts}, '')) AS hi, MAX(x.rowid) AS r FROM ${table} x WHERE x.trace_id IS NOT NULL GROUP BY x.trace_id`,
      )
      .all() as { t: string; n: number; lo: unknown; hi: unknown; r: number }[];
    for (const r of rows) {
      const a = get(String(r.t));
      a[field] = Number(r.n);
      a.lastRowids[table] = Number(r.r);
      span(a, r.lo, r.hi);
    }
  }
  for (const table of ['model_calls', 'tool_calls']) {
    if (!traced(db, table) || !hasColumn(db, table, 'turn_id')) continue;
    const rows = db
      .prepare(`SELECT DISTINCT trace_id AS t, turn_id AS u FROM ${table} WHERE trace_id IS NOT NULL AND turn_id IS NOT NULL`)
      .all() as { t: string; u: string }[];
    for (const r of rows) get(String(r.t)).turns.add(String(r.u));
  }
  const broken = brokenPerTrace(db);
  const all: TraceSummary[] = [...acc.entries()].map(([traceId, a]) => ({
    traceId,
    first: a.first,
    last: a.last,
    turns: a.turns.size,
    modelCalls: a.modelCalls,
    toolCalls: a.toolCalls,
    toolResponses: a.toolResponses,
    inputTokens: a.inputTokens,
    outputTokens: a.outputTokens,
    costUsd: a.costUsd,
    findings: broken.get(traceId) ?? 0,
    lastRowids: a.lastRowids,
  }));
  // Time order (as a reviewer reads a session); traces without a time last, then by id for a stable order.
  all.sort((x, y) => (x.first ?? '\uffff').localeCompare(y.first ?? '\uffff') || x.traceId.localeCompare(y.traceId));
  const untraced = traced(db, 'model_calls')
    ? Number((db.prepare('SELECT COUNT(*) AS n FROM model_calls WHERE trace_id IS NULL').get() as { n: number }).n)
    : 0;
  return {
    traces: all.slice(0, TRACE_LIST_CAP),
    truncated: all.length > TRACE_LIST_CAP,
    note: untraced > 0 ? `${untraced} model calls carry no trace_id and belong to no trace` : null,
  };
}
