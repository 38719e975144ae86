// The seeds' tool invariants (docs/formats/session-check.md#tool-lifecycle, #tool-usage) as row-level SQL predicates:
// the one copy that the integrity report (check/tools.ts), the identity graph (graph/) and the lifecycles
// (lifecycle/) all use.
//
// Semantics: a call is answered by a response with the same call_id in the same trace (trace_id compared with
// IS, so two rows without a trace count as the same absent trace; ledgers without trace_id columns match on
// call_id only). The doctor matches call_id only (orphanCallByCallIdWhere, kept for parity).
//
// Why `NOT IN (SELECT …)`: call_id has no index, and SQLite runs a correlated NOT EXISTS as one scan of the
// other table per row (23.6 s for 20,000 calls). A non-correlated IN list over a single value is materialised
// once per statement as an ephemeral index (see callKey). NULLs are handled explicitly: a NULL call_id never
// matches (as `=` never matches it) and the lists exclude NULLs so NOT IN cannot turn UNKNOWN.
import type Database from 'better-sqlite3';
import { hasTable } from '../queries/schema.js';
import { columnsOf } from '../queries/ledger-reads.js';

const hasColumn = (db: Database.Database, table: string, column: string): boolean =>
  hasTable(db, table) && columnsOf(db, table).has(column);

/**
 * One text key per (call_id, trace): `<length of call_id>:<call_id>` then `=<trace_id>` or nothing for a NULL
 * trace. The length prefix makes it injective (no call_id/trace split can collide) and NULL traces equal, as
 * the report's IS. A single-value key matters: SQLite 3.53 answers a row-value `(a, b) NOT IN (SELECT x, y …)`
 * by scanning the list per row (2.7 s for 20,000 calls), but a single-value list by index probe (11 ms).
 */
function callKey(alias: string | null): string {
  const c = alias ? `${alias}.call_id` : 'call_id';
  const t = alias ? `${alias}.trace_id` : 'trace_id';
  return `(length(${c}) || ':' || ${c} || COALESCE('=' || ${t}, ''))`;
}

function keyed(db: Database.Database, outer: string, inner: string, alias: string): { key: string; sub: string } {
  const traced = hasColumn(db, outer, 'trace_id') && hasColumn(db, inner, 'trace_id');
  return traced ? { key: callKey(alias), sub: callKey(null) } : { key: `${alias}.call_id`, sub: 'call_id' };
}

/**
 * `within`, when given, narrows the other table's rows the list is built from (the graph passes `id IN (…)`: the
 * rows that carry the outer rows' call_ids, traces/trace-keys.ts), so the list is not a scan of the whole table. Any
 * narrowing that keeps every row with one of the outer rows' call_ids gives the same answer, as a key starts with
 * the call_id.
 */
const narrowed = (within: string | undefined): string => (within ? ` AND ${within}` : '');

/** tool_calls aliased `tc`: no response with the same call_id in the same trace. */
export function orphanCallWhere(db: Database.Database, within?: string): string {
  if (!hasTable(db, 'tool_responses')) return '1';
  const k = keyed(db, 'tool_calls', 'tool_responses', 'tc');
  return `(tc.call_id IS NULL OR ${k.key} NOT IN (SELECT ${k.sub} FROM tool_responses WHERE call_id IS NOT NULL${narrowed(within)}))`;
}

/** tool_calls aliased `tc`: no response with the same call_id in any trace (the doctor's rule). */
export function orphanCallByCallIdWhere(db: Database.Database): string {
  if (!hasTable(db, 'tool_responses')) return '1';
  return '(tc.call_id IS NULL OR tc.call_id NOT IN (SELECT call_id FROM tool_responses WHERE call_id IS NOT NULL))';
}

/** tool_responses aliased `tr`: no call with the same call_id in the same trace. */
export function orphanResponseWhere(db: Database.Database, within?: string): string {
  if (!hasTable(db, 'tool_calls')) return '1';
  const k = keyed(db, 'tool_responses', 'tool_calls', 'tr');
  return `(tr.call_id IS NULL OR ${k.key} NOT IN (SELECT ${k.sub} FROM tool_calls WHERE call_id IS NOT NULL${narrowed(within)}))`;
}

/**
 * tool_calls aliased `t`: MCP evidence that resolves to no logical tool call — an 'mcp' call tied to no model
 * call (NULL or dangling model_call_id), or an 'mcp_proxy' capture with no other-origin call of the same
 * call_id in the same trace. '0' when the ledger cannot say (no origin column).
 */
export function mcpWithoutLogicalCallWhere(db: Database.Database, within?: string): string {
  if (!hasColumn(db, 'tool_calls', 'origin')) return '0';
  const parts: string[] = [];
  if (hasColumn(db, 'tool_calls', 'model_call_id')) {
    // model_calls.id is the rowid: this correlated lookup is a primary-key probe, not a scan.
    const dangling = hasTable(db, 'model_calls') ? ' OR NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)' : '';
    parts.push(`(t.origin = 'mcp' AND (t.model_call_id IS NULL${dangling}))`);
  }
  const k = keyed(db, 'tool_calls', 'tool_calls', 't');
  parts.push(
    `(t.origin = 'mcp_proxy' AND (t.call_id IS NULL OR ${k.key} NOT IN (SELECT ${k.sub} FROM tool_calls WHERE origin <> 'mcp_proxy' AND call_id IS NOT NULL${narrowed(within)})))`,
  );
  return `(${parts.join(' OR ')})`;
}

/**
 * L0's mcp_calls aliased `m`: a 'tools/call' row that no tool_calls.mcp_call_id points at (every such row when
 * tool_calls cannot point). '0' when the table cannot say.
 */
export function legacyMcpWithoutLogicalCallWhere(db: Database.Database): string {
  if (!hasColumn(db, 'mcp_calls', 'method')) return '0';
  const linked = hasColumn(db, 'tool_calls', 'mcp_call_id');
  return (
    "(m.method = 'tools/call'" + (linked ? ' AND m.id NOT IN (SELECT mcp_call_id FROM tool_calls WHERE mcp_call_id IS NOT NULL))' : ')')
  );
}

/** `<alias>.model_call_id` set but naming no model_calls row. '0' when the table cannot tell. */
export function danglingModelCallWhere(db: Database.Database, table: string, alias: string): string {
  if (!hasColumn(db, table, 'model_call_id')) return '0';
  if (!hasTable(db, 'model_calls')) return `${alias}.model_call_id IS NOT NULL`;
  return `(${alias}.model_call_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM model_calls m WHERE m.id = ${alias}.model_call_id))`;
}

export interface ToolInvariantCounts {
  readonly orphanCalls: number;
  readonly orphanCallsByCallId: number;
  readonly orphanResponses: number;
  readonly mcpWithoutLogicalCall: number;
}

const count = (db: Database.Database, sql: string): number => Number((db.prepare(sql).raw().get() as unknown[])[0]);

/** The report's four tool numbers. Missing tables: every call (or response) is an orphan of the absent other. */
export function toolInvariantCounts(db: Database.Database): ToolInvariantCounts {
  const calls = hasTable(db, 'tool_calls');
  const responses = hasTable(db, 'tool_responses');
  const mcp = calls ? count(db, `SELECT COUNT(*) FROM tool_calls t WHERE ${mcpWithoutLogicalCallWhere(db)}`) : 0;
  const legacy = hasTable(db, 'mcp_calls')
    ? count(db, `SELECT COUNT(*) FROM mcp_calls m WHERE ${legacyMcpWithoutLogicalCallWhere(db)}`)
    : 0;
  if (calls && responses) return { ...orphanCountsInOnePass(db), mcpWithoutLogicalCall: mcp + legacy };
  return {
    orphanCalls: calls ? count(db, `SELECT COUNT(*) FROM tool_calls tc WHERE ${orphanCallWhere(db)}`) : 0,
    orphanCallsByCallId: calls ? count(db, `SELECT COUNT(*) FROM tool_calls tc WHERE ${orphanCallByCallIdWhere(db)}`) : 0,
    orphanResponses: responses ? count(db, `SELECT COUNT(*) FROM tool_responses tr WHERE ${orphanResponseWhere(db)}`) : 0,
    mcpWithoutLogicalCall: mcp + legacy,
  };
}

/**
 * The three orphan counts of orphanCallWhere, orphanCallByCallIdWhere and orphanResponseWhere (same keys, same NULL
 * rules) with each table read once: tool_responses rows carry the bodies' previews and are wide (about 200 MB at a
 * million events), and the three statements read it three times through a small page cache (1.4 s each there).
 * Both tables' rows go into one ephemeral table of the statement (no write to the ledger): a key with no response
 * row is that many orphan calls, a key with no call row that many orphan responses, and a call_id with no response
 * row (grouped by call_id alone) the doctor's count. Grouping compares as NOT IN does (BINARY; NULL call_ids are
 * counted apart, as orphans). It took ~35% less CPU than three NOT IN probes (1.0 s against 0.6-0.7 s at 94,000
 * calls and responses), and the same statement names the first orphan calls (firstOrphanCallIds), which the
 * report's evidence otherwise found with one more read of tool_responses.
 */
function orphanCountsInOnePass(db: Database.Database): Omit<ToolInvariantCounts, 'mcpWithoutLogicalCall'> {
  const traced = hasColumn(db, 'tool_calls', 'trace_id') && hasColumn(db, 'tool_responses', 'trace_id');
  const key = traced ? callKey(null) : 'call_id';
  const row = db
    .prepare(
      `WITH u AS MATERIALIZED (SELECT id AS rid, call_id AS id, ${key} AS k, 1 AS c FROM tool_calls UNION ALL SELECT NULL, call_id, ${key}, 0 FROM tool_responses), ` +
        'byKey AS MATERIALIZED (SELECT k, SUM(c) AS c, SUM(1 - c) AS r FROM u WHERE id IS NOT NULL GROUP BY k), ' +
        'byId AS (SELECT SUM(c) AS c, SUM(1 - c) AS r FROM u WHERE id IS NOT NULL GROUP BY id) SELECT ' +
        '(SELECT TOTAL(c) FROM u WHERE id IS NULL), (SELECT TOTAL(1 - c) FROM u WHERE id IS NULL), ' +
        '(SELECT TOTAL(c) FROM byKey WHERE r = 0), (SELECT TOTAL(c) FROM byId WHERE r = 0), (SELECT TOTAL(r) FROM byKey WHERE c = 0), ' +
        `(SELECT json_group_array(rid) FROM (SELECT rid FROM u WHERE c = 1 AND (id IS NULL OR k IN (SELECT k FROM byKey WHERE r = 0)) ORDER BY rid LIMIT ${FIRST_ORPHANS}))`,
    )
    .raw()
    .get() as unknown[];
  const [nullCalls, nullResponses, orphanCalls, byCallId, orphanResponses] = row.slice(0, 5).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  firstOrphans.set(db, (JSON.parse(String(row[5])) as unknown[]).map(Number));
  return {
    orphanCalls: nullCalls + orphanCalls,
    orphanCallsByCallId: nullCalls + byCallId,
    orphanResponses: nullResponses + orphanResponses,
  };
}

/** How many of the first orphan calls (by tool_calls.id) the counts remember for the report's evidence. */
export const FIRST_ORPHANS = 5;
/** The first orphan calls' ids, per (read-only, unchanging) connection, as the last count found them. */
const firstOrphans = new WeakMap<Database.Database, readonly number[]>();

/** The ids of the first FIRST_ORPHANS orphan calls if toolInvariantCounts has counted on this connection, else null. */
export function firstOrphanCallIds(db: Database.Database): readonly number[] | null {
  return firstOrphans.get(db) ?? null;
}
