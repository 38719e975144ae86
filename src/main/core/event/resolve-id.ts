/**
 * A pasted id → the items it names, so the trace list and Search open a trace, turn, model call, tool call or event
 * directly. Each kind is one lookup the ledger can answer without a full scan where it has the index (model_calls by
 * trace_id and rowid, event_body_blobs by event_id) or the trace keys have it (tool calls by call_id, graph/
 * trace-keys.ts); a turn id and an event without a body cost one scan of the table that may hold them.
 */
import type Database from 'better-sqlite3';
import type { ResolvedId } from '../../../shared/contract.js';
import { traceKeysOf } from '../traces/trace-keys.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable, tableSchemas } from '../queries/schema.js';

/** At most this many items per id (an id naming more is ambiguous; the first few show where). */
export const RESOLVE_CAP = 8;

export function resolveId(db: Database.Database, raw: string): ResolvedId[] {
  const id = raw.trim();
  if (id === '') return [];
  const out: ResolvedId[] = [];
  const traced = (t: string): boolean => hasTable(db, t) && hasColumn(db, t, 'trace_id');
  if (traced('model_calls') && db.prepare('SELECT 1 FROM model_calls WHERE trace_id = ? LIMIT 1').get(id))
    out.push({ kind: 'trace', traceId: id });
  else if (traceKeysOf(db)?.callsOfTrace(id).length) out.push({ kind: 'trace', traceId: id });
  if (traced('model_calls') && hasColumn(db, 'model_calls', 'turn_id')) {
    const turn = db.prepare('SELECT trace_id AS t FROM model_calls WHERE turn_id = ? AND trace_id IS NOT NULL LIMIT 1').get(id) as
      | { t: string }
      | undefined;
    if (turn) out.push({ kind: 'turn', traceId: String(turn.t), turnId: id });
  }
  if (/^\d{1,15}$/.test(id) && hasTable(db, 'model_calls')) {
    const mc = db.prepare(`SELECT ${traced('model_calls') ? 'trace_id' : 'NULL'} AS t FROM model_calls WHERE id = ?`).get(Number(id)) as
      | { t: string | null }
      | undefined;
    if (mc) out.push({ kind: 'model_call', traceId: mc.t === null ? null : String(mc.t), modelCallId: Number(id) });
  }
  if (hasTable(db, 'tool_calls') && hasColumn(db, 'tool_calls', 'call_id')) {
    const keys = traceKeysOf(db);
    const trace = traced('tool_calls') ? 'trace_id' : 'NULL';
    const rows = (
      keys?.hasCalls()
        ? keys
            .callsWithCallIds([id])
            .slice(0, RESOLVE_CAP)
            .map((rowid) => db.prepare(`SELECT id AS r, ${trace} AS t FROM tool_calls WHERE id = ?`).get(rowid))
        : db.prepare(`SELECT id AS r, ${trace} AS t FROM tool_calls WHERE call_id = ? ORDER BY id LIMIT ${RESOLVE_CAP}`).all(id)
    ) as ({ r: number; t: string | null } | undefined)[];
    for (const r of rows)
      if (r)
        out.push({ kind: 'tool_call', traceId: r.t === null ? null : String(r.t), callId: id, table: 'tool_calls', rowid: Number(r.r) });
  }
  if (/^[0-9a-f]{12}$/i.test(id)) out.push(...eventsWithId(db, id.toLowerCase()));
  return out.slice(0, RESOLVE_CAP);
}

/** The rows carrying an event_id: the tables its bodies name first (found by their index), then the others. */
function eventsWithId(db: Database.Database, eventId: string): ResolvedId[] {
  const tables = [...tableSchemas(db).values()]
    .filter((t) => t.hasEventId && t.hasRowid && t.name !== 'event_body_blobs')
    .map((t) => t.name);
  const named =
    hasTable(db, 'event_body_blobs') && hasColumn(db, 'event_body_blobs', 'source_table')
      ? (db.prepare('SELECT DISTINCT source_table FROM event_body_blobs WHERE event_id = ?').pluck().all(eventId) as string[]).filter((t) =>
          tables.includes(t),
        )
      : [];
  const order = [...named, ...tables.filter((t) => !named.includes(t))];
  for (const t of order) {
    const trace = hasColumn(db, t, 'trace_id') ? 'trace_id' : 'NULL';
    const hit = db
      .prepare(`SELECT _rowid_ AS r, ${trace} AS t FROM ${quoteIdent(t)} WHERE event_id = ? ORDER BY _rowid_ LIMIT 1`)
      .get(eventId) as { r: number; t: string | null } | undefined;
    if (hit) return [{ kind: 'event', eventId, table: t, rowid: Number(hit.r), traceId: hit.t === null ? null : String(hit.t) }];
  }
  return [];
}
