// fs_events over time, bucketed in SQL by action and kind (at most MAX_BUCKETS, so any ledger answers with
// a small value), and the overflow windows as the integrity report computes them (check/overflow.ts).
import type Database from 'better-sqlite3';
import type { FsActivity, FsBucket } from '../../../shared/contract/fs.js';
import { checkOverflow } from '../check/overflow.js';
import { isoMs } from '../graph/sql-columns.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { windowTurn } from './window-turns.js';

export const MAX_BUCKETS = 120;
const NICE_MS = [
  1, 5, 10, 50, 100, 250, 500, 1000, 5000, 10_000, 30_000, 60_000, 300_000, 600_000, 1_800_000, 3_600_000, 21_600_000, 86_400_000,
];

function bucketSize(spanMs: number): number {
  for (const b of NICE_MS) if (spanMs / b <= MAX_BUCKETS) return b;
  return Math.ceil(spanMs / MAX_BUCKETS / 86_400_000) * 86_400_000;
}

export function fsActivity(db: Database.Database): FsActivity {
  const overflow = checkOverflow(db);
  const windows = overflow.list.map((w) => ({
    id: w.id,
    timestamp: w.timestamp,
    t: isoMs(w.timestamp),
    heldBack: Number(w.heldBack),
    heldFor: w.heldFor ? { ...w.heldFor, t: isoMs(w.heldFor.timestamp) } : null,
    ...windowTurn(db, w.id, w.timestamp),
  }));
  const base = { overflowWindows: overflow.windows, overflowHeldBack: overflow.heldBack, windows };
  if (!hasTable(db, 'fs_events')) return { events: 0, actions: [], kinds: [], bucketMs: 0, buckets: [], undated: 0, ...base };
  const events = Number((db.prepare('SELECT COUNT(*) AS n FROM fs_events').get() as { n: number }).n);
  const kind = hasColumn(db, 'fs_events', 'kind') ? "COALESCE(kind, 'other')" : "'file'";
  if (!hasColumn(db, 'fs_events', 'timestamp'))
    return { events, actions: [], kinds: [], bucketMs: 0, buckets: [], undated: events, ...base };
  // julianday() reads RFC 3339 text with any number of fractional digits; NULL for anything else (undated).
  const ms = '(julianday(timestamp) - 2440587.5) * 86400000.0';
  const span = db
    .prepare(`SELECT MIN(${ms}) AS lo, MAX(${ms}) AS hi, SUM(julianday(timestamp) IS NULL) AS undated FROM fs_events`)
    .get() as { lo: number | null; hi: number | null; undated: number | null };
  if (span.lo === null || span.hi === null)
    return { events, actions: [], kinds: [], bucketMs: 0, buckets: [], undated: Number(span.undated ?? events), ...base };
  const lo = Math.floor(span.lo);
  const bucketMs = bucketSize(Math.max(1, span.hi - lo + 1));
  const rows = db
    .prepare(
      `SELECT CAST((${ms} - ?) / ? AS INTEGER) AS b, action AS a, ${kind} AS k, COUNT(*) AS n FROM fs_events
    WHERE julianday(timestamp) IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1`,
    )
    .all(lo, bucketMs) as { b: number; a: string; k: string; n: number }[];
  const actions = new Set<string>();
  const kinds = new Set<string>();
  const byBucket = new Map<number, { byAction: Record<string, number>; byKind: Record<string, number> }>();
  for (const r of rows) {
    const a = String(r.a);
    const k = String(r.k);
    actions.add(a);
    kinds.add(k);
    const b = byBucket.get(Number(r.b)) ?? { byAction: {}, byKind: {} };
    b.byAction[a] = (b.byAction[a] ?? 0) + Number(r.n);
    b.byKind[k] = (b.byKind[k] ?? 0) + Number(r.n);
    byBucket.set(Number(r.b), b);
  }
  const last = Math.max(0, ...byBucket.keys());
  const buckets: FsBucket[] = [];
  for (let i = 0; i <= last; i++)
    buckets.push({ start: lo + i * bucketMs, byAction: byBucket.get(i)?.byAction ?? {}, byKind: byBucket.get(i)?.byKind ?? {} });
  return { events, actions: [...actions].sort(), kinds: [...kinds].sort(), bucketMs, buckets, undated: Number(span.undated ?? 0), ...base };
}
