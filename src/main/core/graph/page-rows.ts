// The rows one page of a trace graph needs, fetched by the joins of docs/formats/identity-graph.md#cardinalities:
// model calls of the trace (by rowid), their model_items, the tool_calls they emitted (by model_call_id), those
// calls' responses (same call_id, same trace) and the responses these model calls consumed (by model_call_id).
import type Database from 'better-sqlite3';
import { hasColumn, hasTable } from '../queries/schema.js';
import { mcpWithoutLogicalCallWhere, orphanCallWhere, orphanResponseWhere } from '../traces/invariants-sql.js';
import { colOr } from '../traces/sql-columns.js';
import { marks } from '../evidence/sql-in-list.js';
import { idList, traceKeysOf } from '../traces/trace-keys.js';
import type { TraceKeys } from '../traces/trace-keys.js';

export interface McRow {
  id: number;
  event_id: string | null;
  timestamp: string | null;
  provider: string | null;
  model: string | null;
  turn_id: string | null;
  trace_id: string | null;
  duration_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  status_code: number | null;
  stop_reason: string | null;
}
export interface ItemRow {
  id: number;
  event_id: string | null;
  model_call_id: number;
  kind: string;
  item_index: number;
  call_id: string | null;
  tool_name: string | null;
  content: string | null;
  timestamp: string | null;
  turn_id: string | null;
}
export interface TcRow {
  id: number;
  event_id: string | null;
  timestamp: string | null;
  model_call_id: number | null;
  call_id: string;
  tool_name: string | null;
  origin: string | null;
  status: string | null;
  server_name: string | null;
  method: string | null;
  transport: string | null;
  request_id: string | null;
  duration_ms: number | null;
  turn_id: string | null;
  trace_id: string | null;
  decision: string | null;
  orphan: number;
  mcp_broken: number;
  mc_exists: number;
}
export interface TrRow {
  id: number;
  event_id: string | null;
  model_call_id: number | null;
  call_id: string;
  is_error: number | null;
  content_preview: string | null;
  trace_id: string | null;
  turn_id: string | null;
  orphan: number;
  mc_exists: number;
}

/** Split long IN lists below SQLite's parameter limit. */
function chunked<T, R>(values: readonly T[], run: (part: T[]) => R[]): R[] {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += 500) out.push(...run(values.slice(i, i + 500)));
  return out;
}

export function modelCallPage(db: Database.Database, traceId: string, after: number, limit: number): McRow[] {
  const c = (n: string): string => colOr(db, 'model_calls', 'm', n);
  return db
    .prepare(
      `SELECT m.id AS id, ${['event_id', 'timestamp', 'provider', 'model', 'turn_id', 'trace_id', 'duration_ms', 'input_tokens', 'output_tokens', 'status_code', 'stop_reason'].map(c).join(', ')}
       FROM model_calls m WHERE m.trace_id = ? AND m.id > ? ORDER BY m.id LIMIT ?`,
    )
    .all(traceId, after, limit) as McRow[];
}

export function itemsOf(db: Database.Database, modelCallIds: readonly number[]): ItemRow[] {
  if (!hasTable(db, 'model_items') || modelCallIds.length === 0) return [];
  const c = (n: string): string => colOr(db, 'model_items', 'mi', n);
  const cols = ['event_id', 'model_call_id', 'kind', 'item_index', 'call_id', 'tool_name', 'timestamp', 'turn_id'].map(c).join(', ');
  const content = hasColumn(db, 'model_items', 'content') ? 'substr(mi.content, 1, 300) AS content' : 'NULL AS content';
  const keys = traceKeysOf(db);
  if (keys?.hasItems()) {
    // model_call_id has no index in the ledger: the items' rowids come from the trace keys, then rowid probes.
    return db
      .prepare(
        `SELECT mi.id AS id, ${cols}, ${content} FROM model_items mi WHERE mi.id IN (${idList(keys.itemsOf(modelCallIds))}) ORDER BY mi.model_call_id, mi.item_index, mi.id`,
      )
      .all() as ItemRow[];
  }
  return chunked(
    modelCallIds,
    (part) =>
      db
        .prepare(
          `SELECT mi.id AS id, ${cols}, ${content} FROM model_items mi WHERE mi.model_call_id IN (${marks(part.length)}) ORDER BY mi.model_call_id, mi.item_index, mi.id`,
        )
        .all(...part) as ItemRow[],
  );
}

/** Items of the trace whose model_call_id names no model call (drawn on the first page, broken). */
export function looseItems(db: Database.Database, traceId: string): ItemRow[] {
  if (!hasTable(db, 'model_items') || !hasColumn(db, 'model_items', 'trace_id') || !hasTable(db, 'model_calls')) return [];
  const c = (n: string): string => colOr(db, 'model_items', 'mi', n);
  const cols = ['event_id', 'model_call_id', 'kind', 'item_index', 'call_id', 'tool_name', 'timestamp', 'turn_id'].map(c).join(', ');
  const content = hasColumn(db, 'model_items', 'content') ? 'substr(mi.content, 1, 300) AS content' : 'NULL AS content';
  // The trace's items are many (25,000 for the 5,000-call trace) and wide; the keys know the few that dangle.
  const loose = traceKeysOf(db)?.looseItemsOfTrace(traceId) ?? null;
  const only = loose === null ? '' : `mi.id IN (${idList(loose)}) AND `;
  return db
    .prepare(
      `SELECT mi.id AS id, ${cols}, ${content} FROM model_items mi WHERE ${only}mi.trace_id = ?
    AND NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = mi.model_call_id) ORDER BY mi.id`,
    )
    .all(traceId) as ItemRow[];
}

/** Rows narrowing the invariants' lists (trace-keys.ts), or undefined to read the whole other table. */
interface Within {
  readonly responses?: string;
  readonly calls?: string;
}

/** For tool_calls rows: the responses and calls sharing their call_ids (all the invariants of tcSelect can meet). */
function withinForCalls(keys: TraceKeys, ids: readonly number[]): Within {
  const callIds = ids.map((id) => keys.callIdOfCall(id));
  return { responses: `id IN (${idList(keys.responsesWithCallIds(callIds))})`, calls: `id IN (${idList(keys.callsWithCallIds(callIds))})` };
}

function withinForResponses(keys: TraceKeys, ids: readonly number[]): Within {
  return { calls: `id IN (${idList(keys.callsWithCallIds(ids.map((id) => keys.callIdOfResponse(id))))})` };
}

const toolKeysOf = (db: Database.Database): TraceKeys | null => {
  const k = traceKeysOf(db);
  return k?.hasCalls() && k.hasResponses() ? k : null;
};

/** tool_calls rows by rowid (from the keys or an indexed lookup), with invariants narrowed to their call_ids. */
function callsByIds(
  db: Database.Database,
  keys: TraceKeys,
  ids: readonly number[],
  where: string,
  order: string,
  ...params: unknown[]
): TcRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare(`${tcSelect(db, withinForCalls(keys, ids))} WHERE t.id IN (${idList(ids)})${where} ORDER BY ${order}`)
    .all(...params) as TcRow[];
}

function responsesByIds(db: Database.Database, keys: TraceKeys, ids: readonly number[], where: string, ...params: unknown[]): TrRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare(`${trSelect(db, withinForResponses(keys, ids))} WHERE tr.id IN (${idList(ids)})${where} ORDER BY tr.id`)
    .all(...params) as TrRow[];
}

/** Rowids by an indexed column (model_call_id): cheap, and what callsByIds / responsesByIds then narrow by. */
function idsWhere(db: Database.Database, table: string, column: string, values: readonly number[]): number[] {
  return chunked(values, (part) =>
    (
      db
        .prepare(`SELECT id FROM ${table} WHERE ${column} IN (${marks(part.length)})`)
        .pluck()
        .all(...part) as number[]
    ).map(Number),
  );
}

function tcSelect(db: Database.Database, within: Within = {}): string {
  const c = (n: string): string => colOr(db, 'tool_calls', 't', n);
  const cols = [
    'event_id',
    'timestamp',
    'model_call_id',
    'call_id',
    'tool_name',
    'origin',
    'status',
    'server_name',
    'method',
    'transport',
    'request_id',
    'duration_ms',
    'turn_id',
    'trace_id',
    'decision',
  ]
    .map(c)
    .join(', ');
  const mcExists =
    hasTable(db, 'model_calls') && hasColumn(db, 'tool_calls', 'model_call_id')
      ? 'EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)'
      : '0';
  return `SELECT t.id AS id, ${cols}, EXISTS (SELECT 1 FROM tool_calls tc WHERE tc.id = t.id AND ${orphanCallWhere(db, within.responses)}) AS orphan,
            ${mcpWithoutLogicalCallWhere(db, within.calls)} AS mcp_broken, ${mcExists} AS mc_exists FROM tool_calls t`;
}

export function callsEmittedBy(db: Database.Database, modelCallIds: readonly number[]): TcRow[] {
  if (!hasTable(db, 'tool_calls') || !hasColumn(db, 'tool_calls', 'model_call_id') || modelCallIds.length === 0) return [];
  const keys = toolKeysOf(db);
  if (keys) return callsByIds(db, keys, idsWhere(db, 'tool_calls', 'model_call_id', modelCallIds), '', 't.model_call_id, t.id');
  return chunked(
    modelCallIds,
    (part) =>
      db.prepare(`${tcSelect(db)} WHERE t.model_call_id IN (${marks(part.length)}) ORDER BY t.model_call_id, t.id`).all(...part) as TcRow[],
  );
}

/** Calls of the trace that hang off no model call of it: NULL or dangling model_call_id. */
export function looseCalls(db: Database.Database, traceId: string): TcRow[] {
  if (!hasTable(db, 'tool_calls') || !hasColumn(db, 'tool_calls', 'trace_id')) return [];
  const noMc = hasColumn(db, 'tool_calls', 'model_call_id')
    ? `(t.model_call_id IS NULL${hasTable(db, 'model_calls') ? ' OR NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)' : ''})`
    : '1';
  const keys = toolKeysOf(db);
  if (keys) return callsByIds(db, keys, keys.callsOfTrace(traceId), ` AND ${noMc}`, 't.id');
  return db.prepare(`${tcSelect(db)} WHERE t.trace_id = ? AND ${noMc} ORDER BY t.id`).all(traceId) as TcRow[];
}

/** mcp_proxy captures of these call_ids in the trace (folded into the logical call's node). */
export function proxiesOf(db: Database.Database, traceId: string, callIds: readonly string[]): TcRow[] {
  if (!hasColumn(db, 'tool_calls', 'origin') || !hasColumn(db, 'tool_calls', 'trace_id') || callIds.length === 0) return [];
  const keys = toolKeysOf(db);
  if (keys) return callsByIds(db, keys, keys.callsWithCallIds(callIds), " AND t.origin = 'mcp_proxy' AND t.trace_id = ?", 't.id', traceId);
  return chunked(
    callIds,
    (part) =>
      db
        .prepare(`${tcSelect(db)} WHERE t.origin = 'mcp_proxy' AND t.trace_id = ? AND t.call_id IN (${marks(part.length)}) ORDER BY t.id`)
        .all(traceId, ...part) as TcRow[],
  );
}

function trSelect(db: Database.Database, within: Within = {}): string {
  const c = (n: string): string => colOr(db, 'tool_responses', 'tr', n);
  const cols = ['event_id', 'model_call_id', 'call_id', 'is_error', 'trace_id', 'turn_id'].map(c).join(', ');
  const content = hasColumn(db, 'tool_responses', 'content_preview')
    ? 'substr(tr.content_preview, 1, 300) AS content_preview'
    : 'NULL AS content_preview';
  const mcExists = hasTable(db, 'model_calls') ? 'EXISTS (SELECT 1 FROM model_calls m WHERE m.id = tr.model_call_id)' : '0';
  return `SELECT tr.id AS id, ${cols}, ${content}, ${orphanResponseWhere(db, within.calls)} AS orphan, ${mcExists} AS mc_exists FROM tool_responses tr`;
}

/** Responses carrying these call_ids (the caller links each to its call by call_id and trace, as the report matches). */
export function responsesTo(db: Database.Database, callIds: readonly string[]): TrRow[] {
  if (!hasTable(db, 'tool_responses') || callIds.length === 0) return [];
  const keys = toolKeysOf(db);
  if (keys) return responsesByIds(db, keys, keys.responsesWithCallIds(callIds), '');
  return chunked(
    callIds,
    (part) => db.prepare(`${trSelect(db)} WHERE tr.call_id IN (${marks(part.length)}) ORDER BY tr.id`).all(...part) as TrRow[],
  );
}

export function responsesConsumedBy(db: Database.Database, modelCallIds: readonly number[]): TrRow[] {
  if (!hasTable(db, 'tool_responses') || modelCallIds.length === 0) return [];
  const keys = toolKeysOf(db);
  if (keys && hasColumn(db, 'tool_responses', 'model_call_id')) {
    return responsesByIds(db, keys, idsWhere(db, 'tool_responses', 'model_call_id', modelCallIds), '');
  }
  return chunked(
    modelCallIds,
    (part) => db.prepare(`${trSelect(db)} WHERE tr.model_call_id IN (${marks(part.length)}) ORDER BY tr.id`).all(...part) as TrRow[],
  );
}

/** Responses of the trace with no call, or consumed by no existing model call (drawn on the first page). */
export function looseResponses(db: Database.Database, traceId: string): TrRow[] {
  if (!hasTable(db, 'tool_responses') || !hasColumn(db, 'tool_responses', 'trace_id')) return [];
  const dangling = hasTable(db, 'model_calls') ? ' OR NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = tr.model_call_id)' : '';
  const keys = toolKeysOf(db);
  if (keys) {
    const ids = keys.responsesOfTrace(traceId);
    if (ids.length === 0) return [];
    return db
      .prepare(
        `${trSelect(db, withinForResponses(keys, ids))} WHERE tr.id IN (${idList(ids)}) AND (${orphanResponseWhere(db, withinForResponses(keys, ids).calls)}${dangling}) ORDER BY tr.id`,
      )
      .all() as TrRow[];
  }
  return db
    .prepare(`${trSelect(db)} WHERE tr.trace_id = ? AND (${orphanResponseWhere(db)}${dangling}) ORDER BY tr.id`)
    .all(traceId) as TrRow[];
}

/** trace_id of model calls outside the page (consumers drawn as stubs). */
export function traceOfModelCalls(db: Database.Database, ids: readonly number[]): Map<number, string | null> {
  const out = new Map<number, string | null>();
  if (ids.length === 0 || !hasTable(db, 'model_calls')) return out;
  const trace = colOr(db, 'model_calls', 'm', 'trace_id');
  for (const r of chunked(
    ids,
    (part) =>
      db.prepare(`SELECT m.id AS id, ${trace} FROM model_calls m WHERE m.id IN (${marks(part.length)})`).all(...part) as {
        id: number;
        trace_id: string | null;
      }[],
  )) {
    out.set(Number(r.id), r.trace_id);
  }
  return out;
}

/** Archived bodies per event_id. */
export function bodyCounts(db: Database.Database, eventIds: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (eventIds.length === 0 || !hasTable(db, 'event_body_blobs') || !hasColumn(db, 'event_body_blobs', 'event_id')) return out;
  for (const r of chunked(
    [...new Set(eventIds)],
    (part) =>
      db
        .prepare(`SELECT event_id AS e, COUNT(*) AS n FROM event_body_blobs WHERE event_id IN (${marks(part.length)}) GROUP BY event_id`)
        .all(...part) as { e: string; n: number }[],
  )) {
    out.set(String(r.e), Number(r.n));
  }
  return out;
}
