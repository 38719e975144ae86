// The trace and turn an overflow window belongs to: its own row's trace_id/turn_id when the monitor wrote them,
// else those of the latest file event before it that has them (fs_events is indexed on timestamp, so this reads
// backwards from the window through that index and stops at the first row with a turn).
import type Database from 'better-sqlite3';
import type { FsOverflowWindow } from '../../../shared/contract/fs.js';
import { hasColumn } from '../queries/schema.js';

type Placement = Pick<FsOverflowWindow, 'traceId' | 'turnId' | 'turnBy'>;

const NONE: Placement = { traceId: null, turnId: null, turnBy: null };
const str = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

export function windowTurn(db: Database.Database, id: number, timestamp: string | null): Placement {
  if (!hasColumn(db, 'fs_events', 'trace_id') || !hasColumn(db, 'fs_events', 'turn_id')) return NONE;
  const own = db.prepare('SELECT trace_id AS tr, turn_id AS tu FROM fs_events WHERE id = ?').get(id) as
    | { tr: unknown; tu: unknown }
    | undefined;
  if (own && str(own.tu) !== null) return { traceId: str(own.tr), turnId: str(own.tu), turnBy: 'row' };
  if (!timestamp || !hasColumn(db, 'fs_events', 'timestamp')) return NONE;
  const before = db
    .prepare(
      "SELECT trace_id AS tr, turn_id AS tu FROM fs_events WHERE timestamp <= ? AND id <> ? AND turn_id IS NOT NULL AND turn_id <> '' ORDER BY timestamp DESC LIMIT 1",
    )
    .get(timestamp, id) as { tr: unknown; tu: unknown } | undefined;
  return before ? { traceId: str(before.tr), turnId: str(before.tu), turnBy: 'time' } : NONE;
}
