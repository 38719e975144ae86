// One row per logical tool call (tool_calls.call_id), keyset-paged by rowid: the model call that emitted it,
// its tool/origin/server/status/decision/policy, duration, arguments, responses (same call_id, same trace, as
// the integrity report matches) and the model calls that consumed them.
import type Database from 'better-sqlite3';
import type { LifecycleArg, LifecyclePage, LifecycleRow } from '../../../shared/contract/lifecycle.js';
import { LIFECYCLE_PAGE_MAX } from '../../../shared/contract/lifecycle.js';
import { colOr, numOrNull, preview, strOrNull } from '../traces/sql-columns.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';
import { gapMarksOfRows } from '../completeness/rows-gap-marks.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { filterWhere, flaggedExpr } from './filters-sql.js';
import { idList, traceKeysOf } from '../traces/trace-keys.js';

const COLUMNS = [
  'event_id',
  'call_id',
  'timestamp',
  'model_call_id',
  'tool_name',
  'origin',
  'server_name',
  'transport',
  'method',
  'status',
  'decision',
  'policy_mode',
  'policy_action',
  'policy_rule',
  'policy_reason',
  'duration_ms',
  'arguments',
  'response_preview',
  'error_message',
  'credential_ref',
  'trace_id',
  'turn_id',
] as const;
type Raw = Record<(typeof COLUMNS)[number], unknown> & { id: number; orphan: number; mcp: number; mc_exists: number };

interface ResponseAgg {
  responses: number;
  /** The responses' rowids, for their gap marks. */
  rowids: number[];
  isError: boolean;
  consumedBy: Set<number>;
}

function responsesFor(db: Database.Database, rows: readonly Raw[]): Map<string, ResponseAgg> {
  const out = new Map<string, ResponseAgg>();
  if (!hasTable(db, 'tool_responses') || rows.length === 0) return out;
  const callIds = [...new Set(rows.map((r) => String(r.call_id)))];
  const trace = colOr(db, 'tool_responses', 'tr', 'trace_id');
  const isError = colOr(db, 'tool_responses', 'tr', 'is_error', 'is_error', '0');
  const mc = colOr(db, 'tool_responses', 'tr', 'model_call_id');
  const sameTrace = hasColumn(db, 'tool_calls', 'trace_id') && hasColumn(db, 'tool_responses', 'trace_id');
  // tool_responses.call_id has no index in the ledger: with the trace keys, the rows carrying these call_ids by rowid.
  const keys = traceKeysOf(db);
  const byKeys = keys?.hasResponses() ? `tr.id IN (${idList(keys.responsesWithCallIds(callIds))}) AND ` : '';
  for (const part of inChunks(callIds)) {
    const found = db
      .prepare(
        `SELECT tr.id AS id, tr.call_id AS call_id, ${trace}, ${isError}, ${mc} FROM tool_responses tr WHERE ${byKeys}tr.call_id IN (${marks(part.length)})`,
      )
      .all(...part) as { id: number; call_id: string; trace_id: string | null; is_error: number | null; model_call_id: number | null }[];
    for (const r of found) {
      const key = sameTrace ? `${r.call_id}\0${r.trace_id ?? '\u0001'}` : String(r.call_id);
      const a = out.get(key) ?? { responses: 0, rowids: [], isError: false, consumedBy: new Set<number>() };
      a.responses++;
      a.rowids.push(Number(r.id));
      if (Number(r.is_error ?? 0) !== 0) a.isError = true;
      if (r.model_call_id !== null) a.consumedBy.add(Number(r.model_call_id));
      out.set(key, a);
    }
  }
  return out;
}

/** Per connection and filter, the matching ids in order (a read-only copy never changes): place → cursor. */
const idLists = new WeakMap<Database.Database, Map<string, Float64Array>>();

function idBefore(
  db: Database.Database,
  filters: LifecycleArg['filters'],
  where: { sql: string; params: (string | number)[] },
  position: number,
): number {
  let m = idLists.get(db);
  if (!m) idLists.set(db, (m = new Map()));
  const key = JSON.stringify(filters ?? {});
  let ids = m.get(key);
  if (!ids) {
    ids = Float64Array.from(
      db
        .prepare(`SELECT t.id FROM tool_calls t WHERE ${where.sql} ORDER BY t.id`)
        .raw()
        .all(...where.params) as [number][],
      (r) => Number(r[0]),
    );
    if (m.size >= 12) m.delete(m.keys().next().value!);
    m.set(key, ids);
  }
  return position === 0 || ids.length === 0 ? Number.MIN_SAFE_INTEGER : ids[Math.min(position, ids.length) - 1]!;
}

export function lifecyclePage(db: Database.Database, arg: Omit<LifecycleArg, 'evidenceId'>): LifecyclePage {
  if (!hasTable(db, 'tool_calls')) return { rows: [], total: 0, nextAfter: null };
  const limit = Math.min(Math.max(1, arg.limit ?? 200), LIFECYCLE_PAGE_MAX);
  const where = filterWhere(db, arg.filters);
  const x = flaggedExpr(db, arg.filters);
  const mcExists =
    hasTable(db, 'model_calls') && hasColumn(db, 'tool_calls', 'model_call_id')
      ? 'EXISTS (SELECT 1 FROM model_calls m WHERE m.id = t.model_call_id)'
      : '0';
  const cols = COLUMNS.map((c) => colOr(db, 'tool_calls', 't', c)).join(', ');
  // A place along the order (the scrollbar dragged, "go to call N"): the keyset cursor is the id just before it.
  const position = arg.position === undefined ? undefined : Math.max(0, arg.position);
  const after = position !== undefined ? idBefore(db, arg.filters, where, position) : (arg.after ?? Number.MIN_SAFE_INTEGER);
  const raw = db
    .prepare(
      `SELECT t.id AS id, ${cols}, ${x.orphan} AS orphan, ${x.mcp} AS mcp, ${mcExists} AS mc_exists FROM tool_calls t
    WHERE ${where.sql} AND t.id > ? ORDER BY t.id LIMIT ?`,
    )
    .all(...where.params, after, limit + 1) as Raw[];
  const page = raw.slice(0, limit);
  const total = Number((db.prepare(`SELECT COUNT(*) AS n FROM tool_calls t WHERE ${where.sql}`).get(...where.params) as { n: number }).n);
  const agg = responsesFor(db, page);
  const sameTrace = hasColumn(db, 'tool_calls', 'trace_id') && hasColumn(db, 'tool_responses', 'trace_id');
  const callGaps = gapMarksOfRows(
    db,
    'tool_calls',
    page.map((r) => Number(r.id)),
  );
  const responseGaps = gapMarksOfRows(
    db,
    'tool_responses',
    [...agg.values()].flatMap((a) => a.rowids),
  );
  const rows: LifecycleRow[] = page.map((r) => {
    const a = agg.get(sameTrace ? `${String(r.call_id)}\0${r.trace_id === null ? '\u0001' : String(r.trace_id)}` : String(r.call_id));
    return {
      id: Number(r.id),
      eventId: strOrNull(r.event_id),
      callId: String(r.call_id),
      timestamp: strOrNull(r.timestamp) || null,
      modelCallId: numOrNull(r.model_call_id),
      modelCallExists: r.model_call_id === null || Number(r.mc_exists) === 1,
      toolName: String(r.tool_name ?? ''),
      origin: strOrNull(r.origin),
      serverName: strOrNull(r.server_name),
      transport: strOrNull(r.transport),
      method: strOrNull(r.method),
      status: strOrNull(r.status),
      decision: strOrNull(r.decision),
      policyMode: strOrNull(r.policy_mode),
      policyAction: strOrNull(r.policy_action),
      policyRule: strOrNull(r.policy_rule),
      policyReason: strOrNull(r.policy_reason),
      durationMs: numOrNull(r.duration_ms),
      arguments: preview(r.arguments, 400),
      responsePreview: preview(r.response_preview, 400),
      errorMessage: preview(r.error_message, 400),
      isError: a?.isError ?? false,
      responses: a?.responses ?? 0,
      consumedBy: a ? [...a.consumedBy].sort((p, q) => p - q) : [],
      credentialRef: strOrNull(r.credential_ref),
      traceId: strOrNull(r.trace_id),
      turnId: strOrNull(r.turn_id),
      orphan: Number(r.orphan) === 1,
      mcpWithoutLogicalCall: Number(r.mcp) === 1,
      gaps: [...(callGaps.get(Number(r.id)) ?? []), ...(a?.rowids ?? []).flatMap((id) => responseGaps.get(id) ?? [])],
    };
  });
  return {
    rows,
    total,
    nextAfter: raw.length > limit ? Number(page[page.length - 1]!.id) : null,
    ...(position !== undefined ? { position: Math.min(position, total) } : {}),
  };
}
