// docs/formats/session-check.md#overflow-windows: file-monitor overflow windows. An 'overflow' row has an empty path
// and size = changes deferred to a later scan. "The scan it was held for" is defined here as the next non-overflow
// fs_events row after the window (by id, i.e. write order): the first change the monitor reported once it caught up.
import type Database from 'better-sqlite3';
import { hasTable } from '../queries/schema.js';
import { columnsOf, scalar } from '../queries/ledger-reads.js';
import type { OverflowSection, OverflowWindow } from './types.js';

const LIST_CAP = 100;

export function checkOverflow(db: Database.Database): OverflowSection {
  if (!hasTable(db, 'fs_events')) return { windows: 0, heldBack: 0, list: [] };
  const windows = scalar(db, "SELECT COUNT(*) FROM fs_events WHERE action = 'overflow'");
  // TOTAL, not SUM: SUM of ledger sizes past 2^63 ends the query with "integer overflow"; TOTAL adds in floating point.
  const heldBack = scalar(db, "SELECT TOTAL(size) FROM fs_events WHERE action = 'overflow'");
  if (windows === 0) return { windows, heldBack, list: [] };
  const ts = columnsOf(db, 'fs_events').has('timestamp') ? 'timestamp' : 'NULL';
  const next = db.prepare(
    `SELECT id, ${ts} AS timestamp, action, path FROM fs_events WHERE id > ? AND action <> 'overflow' ORDER BY id LIMIT 1`,
  );
  const rows = db
    .prepare(
      `SELECT id, ${ts} AS timestamp, COALESCE(size, 0) AS size FROM fs_events WHERE action = 'overflow' ORDER BY id LIMIT ${LIST_CAP}`,
    )
    .all() as { id: number; timestamp: string | null; size: number }[];
  const list: OverflowWindow[] = rows.map((r) => {
    const n = next.get(r.id) as { id: number; timestamp: string | null; action: string; path: string } | undefined;
    return { id: r.id, timestamp: r.timestamp, heldBack: r.size, heldFor: n ?? null };
  });
  return { windows, heldBack, list };
}
