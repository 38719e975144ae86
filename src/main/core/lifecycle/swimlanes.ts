// Calls per tool over time for the swimlane chart: time and duration only, capped so a ledger with a million
// calls still answers quickly (the cap is reported, never silent).
import type Database from 'better-sqlite3';
import type { LifecycleFilters, Swimlanes } from '../../../shared/contract/lifecycle.js';
import { SWIMLANE_CAP } from '../../../shared/contract/lifecycle.js';
import { colOr, isoMs } from '../graph/sql-columns.js';
import { hasTable } from '../queries/schema.js';
import { filterWhere, flaggedExpr } from './filters-sql.js';

export function swimlanes(db: Database.Database, filters: LifecycleFilters | undefined): Swimlanes {
  if (!hasTable(db, 'tool_calls')) return { points: [], truncated: false };
  const where = filterWhere(db, filters);
  const x = flaggedExpr(db, filters);
  const rows = db
    .prepare(
      `SELECT t.id AS id, ${colOr(db, 'tool_calls', 't', 'tool_name')}, ${colOr(db, 'tool_calls', 't', 'timestamp')}, ${colOr(db, 'tool_calls', 't', 'duration_ms', 'duration_ms', '0')},
      ${colOr(db, 'tool_calls', 't', 'status')}, (${x.orphan} OR ${x.mcp}) AS flagged FROM tool_calls t WHERE ${where.sql} ORDER BY t.id LIMIT ?`,
    )
    .all(...where.params, SWIMLANE_CAP + 1) as {
    id: number;
    tool_name: string | null;
    timestamp: string | null;
    duration_ms: number | null;
    status: string | null;
    flagged: number;
  }[];
  return {
    points: rows.slice(0, SWIMLANE_CAP).map((r) => ({
      id: Number(r.id),
      toolName: String(r.tool_name ?? ''),
      t: isoMs(r.timestamp),
      durationMs: Math.max(0, Number(r.duration_ms ?? 0)),
      status: r.status,
      flagged: Number(r.flagged) === 1,
    })),
    truncated: rows.length > SWIMLANE_CAP,
  };
}
