// fs_events over time, bucketed by action and kind (at most MAX_BUCKETS, so any ledger answers with
// a small value), and the overflow windows as the integrity report computes them (check/overflow.ts).
import { gapMarksOfRows } from '../completeness/rows-gap-marks.js';
import type Database from 'better-sqlite3';
import type { FsActivity, FsBucket } from '../../../shared/contract/fs.js';
import { checkOverflow } from '../check/overflow.js';
import { isoMs } from '../traces/sql-columns.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { fsIndexOf } from './fs-index.js';
import { windowTurn } from './window-turns.js';

export const MAX_BUCKETS = 120;
const NICE_MS = [
  1, 5, 10, 50, 100, 250, 500, 1000, 5000, 10_000, 30_000, 60_000, 300_000, 600_000, 1_800_000, 3_600_000, 21_600_000, 86_400_000,
];

function bucketSize(spanMs: number): number {
  for (const b of NICE_MS) if (spanMs / b <= MAX_BUCKETS) return b;
  return Math.ceil(spanMs / MAX_BUCKETS / 86_400_000) * 86_400_000;
}

/**
 * Per connection (a read-only copy never changes): the windows list costs two scans of fs_events for the overflow count
 * and sum plus two lookups per listed window, and every visit to File activity asked for it again.
 */
const activities = new WeakMap<Database.Database, FsActivity>();

export function fsActivity(db: Database.Database): FsActivity {
  let a = activities.get(db);
  if (!a) activities.set(db, (a = readFsActivity(db)));
  return a;
}

function readFsActivity(db: Database.Database): FsActivity {
  const overflow = checkOverflow(db);
  const gaps = gapMarksOfRows(
    db,
    'fs_events',
    overflow.list.map((w) => w.id),
  );
  const windows = overflow.list.map((w) => ({
    id: w.id,
    timestamp: w.timestamp,
    t: isoMs(w.timestamp),
    heldBack: Number(w.heldBack),
    heldFor: w.heldFor ? { ...w.heldFor, t: isoMs(w.heldFor.timestamp) } : null,
    ...windowTurn(db, w.id, w.timestamp),
    gaps: gaps.get(w.id) ?? [],
  }));
  const base = { overflowWindows: overflow.windows, overflowHeldBack: overflow.heldBack, windows };
  if (!hasTable(db, 'fs_events')) return { events: 0, actions: [], kinds: [], bucketMs: 0, buckets: [], undated: 0, ...base };
  // Counted from the per-connection index (fs-index.ts): the same julianday() times the SQL grouping used.
  const ix = fsIndexOf(db);
  const events = ix.rows;
  if (!hasColumn(db, 'fs_events', 'timestamp') || ix.t.length === 0)
    return { events, actions: [], kinds: [], bucketMs: 0, buckets: [], undated: ix.undated, ...base };
  const lo = Math.floor(ix.t[0]!);
  const bucketMs = bucketSize(Math.max(1, ix.t[ix.t.length - 1]! - lo + 1));
  const byBucket = new Map<number, { byAction: Record<string, number>; byKind: Record<string, number> }>();
  for (let i = 0; i < ix.t.length; i++) {
    const bi = Math.trunc((ix.t[i]! - lo) / bucketMs);
    const a = ix.actions[ix.action[i]!]!;
    const k = ix.kinds[ix.kind[i]!]!;
    const b = byBucket.get(bi) ?? { byAction: {}, byKind: {} };
    b.byAction[a] = (b.byAction[a] ?? 0) + 1;
    b.byKind[k] = (b.byKind[k] ?? 0) + 1;
    byBucket.set(bi, b);
  }
  const actions = new Set(ix.actions);
  const kinds = new Set(ix.kinds);
  const last = Math.max(0, ...byBucket.keys());
  const buckets: FsBucket[] = [];
  for (let i = 0; i <= last; i++)
    buckets.push({ start: lo + i * bucketMs, byAction: byBucket.get(i)?.byAction ?? {}, byKind: byBucket.get(i)?.byKind ?? {} });
  return { events, actions: [...actions].sort(), kinds: [...kinds].sort(), bucketMs, buckets, undated: ix.undated, ...base };
}
