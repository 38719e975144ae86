// docs/formats/session-check.md#tool-lifecycle and #tool-usage: tool lifecycle and usage. The invariant rules
// themselves (orphan calls and responses, MCP evidence without a logical call) live in tool-invariants-sql.ts, the
// one copy the identity graph and the lifecycles share; this file adds the totals, origins and the doctor's usage
// table.
import type Database from 'better-sqlite3';
import { hasTable } from '../queries/schema.js';
import { columnsOf, scalar } from '../queries/ledger-reads.js';
import { readableNumber } from '../../../shared/readable-number.js';
import { FIRST_ORPHANS, firstOrphanCallIds, orphanCallWhere, toolInvariantCounts } from './tool-invariants-sql.js';
import type { ToolUsageRow, ToolsSection } from './types.js';

export interface ToolOrphan {
  readonly id: number;
  /** The row's event_id (what `capsem-inspect body` takes), null when the ledger's table has none. */
  readonly eventId: string | null;
  readonly callId: string;
  readonly toolName: string | null;
  readonly modelCallId: number | null;
  readonly traceId: string | null;
}

export function checkTools(db: Database.Database): ToolsSection {
  const haveCalls = hasTable(db, 'tool_calls');
  const haveResponses = hasTable(db, 'tool_responses');
  return {
    calls: haveCalls ? scalar(db, 'SELECT COUNT(*) FROM tool_calls') : 0,
    responses: haveResponses ? scalar(db, 'SELECT COUNT(*) FROM tool_responses') : 0,
    ...toolInvariantCounts(db),
    origins:
      haveCalls && columnsOf(db, 'tool_calls').has('origin')
        ? (db.prepare('SELECT origin, COUNT(*) AS count FROM tool_calls GROUP BY origin ORDER BY count DESC, origin').all() as {
            origin: string;
            count: number;
          }[])
        : [],
    usage: haveCalls ? toolUsage(db) : [],
  };
}

function toolUsage(db: Database.Database): ToolUsageRow[] {
  const cols = columnsOf(db, 'tool_calls');
  const origin = cols.has('origin') ? 'origin' : 'NULL';
  const decision = cols.has('decision') ? 'decision' : 'NULL';
  const duration = cols.has('duration_ms') ? 'ROUND(AVG(duration_ms), 1)' : 'NULL';
  // An average as people read it (no 0.1 + 0.2 tails), in the text and the JSON alike.
  return (
    db
      .prepare(
        `SELECT tool_name AS toolName, ${origin} AS origin, ${decision} AS decision, COUNT(*) AS count, ${duration} AS avgMs ` +
          'FROM tool_calls WHERE tool_name IS NOT NULL GROUP BY tool_name, 2, 3 ORDER BY count DESC, toolName',
      )
      .all() as ToolUsageRow[]
  ).map((u) => (typeof u.avgMs === 'number' ? { ...u, avgMs: Number(readableNumber(u.avgMs)) } : u));
}

/**
 * The first `limit` orphan calls by id. When the counts already named them on this connection (checkTools runs
 * first), they are read by id; otherwise found with orphanCallWhere, which reads tool_responses once more.
 */
export function orphanCallSamples(db: Database.Database, limit: number): ToolOrphan[] {
  if (!hasTable(db, 'tool_calls') || !hasTable(db, 'tool_responses')) return [];
  const cols = columnsOf(db, 'tool_calls');
  const trace = cols.has('trace_id') ? 'tc.trace_id' : 'NULL';
  const model = cols.has('model_call_id') ? 'tc.model_call_id' : 'NULL';
  const eventId = columnsOf(db, 'tool_calls').has('event_id') ? 'tc.event_id' : 'NULL';
  const select = `SELECT tc.id, ${eventId} AS eventId, tc.call_id AS callId, tc.tool_name AS toolName, ${model} AS modelCallId, ${trace} AS traceId FROM tool_calls tc`;
  const known = limit <= FIRST_ORPHANS ? firstOrphanCallIds(db) : null;
  if (known) {
    const byId = db.prepare(`${select} WHERE tc.id = ?`);
    return known
      .slice(0, limit)
      .map((id) => byId.get(id) as ToolOrphan | undefined)
      .filter((o): o is ToolOrphan => o !== undefined);
  }
  return db.prepare(`${select} WHERE ${orphanCallWhere(db)} ORDER BY tc.id LIMIT ${limit}`).all() as ToolOrphan[];
}
