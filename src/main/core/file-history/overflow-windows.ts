/**
 * File-monitor overflow windows in file history. docs/formats/ledger-format.md: an `overflow` row has an empty path and
 * its size is the number of changes held back to a later scan; which paths those were is not recorded. So a window
 * belongs to a path's history only when its row names that path or a folder above it; one naming no path (every
 * window the format describes) is listed with the whole session only. Placing it by time would be a guess.
 */
import type Database from 'better-sqlite3';
import type { FileOverflowWindow } from '../../../shared/contract/files.js';
import { FS_MS_SQL } from '../fs-activity/fs-index.js';
import { isoMs } from '../traces/sql-columns.js';
import type { FileHistoryShape } from './ledger-shape.js';
import { normalisePath } from './tool-call-paths.js';

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * A row's time in Unix ms: read from its RFC 3339 text when it is one (exact), else SQLite's julianday() reading of it
 * (which carries float noise in the last digits), rounded to the microsecond.
 */
export function rowMs(r: { readonly timestamp: unknown; readonly ms: number | null }): number | null {
  return isoMs(r.timestamp) ?? (r.ms === null ? null : Math.round(Number(r.ms) * 1000) / 1000);
}

/** The row read for an overflow window or a change (`SELECT … FROM fs_events f`), built from the columns the ledger has. */
export function fsRowColumns(shape: FileHistoryShape): string {
  const or = (has: boolean, expr: string, as: string): string => `${has ? expr : 'NULL'} AS ${as}`;
  return [
    'f.id AS id',
    or(shape.fs.eventId, 'f.event_id', 'eventId'),
    or(shape.fs.timestamp, 'f.timestamp', 'timestamp'),
    or(shape.fs.timestamp, FS_MS_SQL.replace('timestamp', 'f.timestamp'), 'ms'),
    'f.action AS action',
    'f.path AS path',
    or(shape.fs.size, 'f.size', 'size'),
    or(shape.fs.kind, 'f.kind', 'kind'),
    or(shape.fsTrace, 'f.trace_id', 'traceId'),
    or(shape.fsTurn, 'f.turn_id', 'turnId'),
  ].join(', ');
}

export interface FsRow {
  readonly id: number;
  readonly eventId: unknown;
  readonly timestamp: unknown;
  readonly ms: number | null;
  readonly action: unknown;
  readonly path: unknown;
  readonly size: unknown;
  readonly kind: unknown;
  readonly traceId: unknown;
  readonly turnId: unknown;
}

export function overflowWindowOf(r: FsRow): FileOverflowWindow {
  return {
    type: 'overflow',
    id: Number(r.id),
    timestamp: text(r.timestamp),
    t: rowMs(r),
    heldBack: r.size === null || r.size === undefined ? 0 : Number(r.size),
    path: r.path === null || r.path === undefined ? '' : String(r.path),
    traceId: text(r.traceId),
    turnId: text(r.turnId),
    cause: 'not-recorded',
  };
}

/** Every overflow window of the session in time order (undated ones last), by one read of the overflow rows. */
export function sessionOverflowWindows(db: Database.Database, shape: FileHistoryShape): FileOverflowWindow[] {
  if (!shape.fsEvents) return [];
  const stmt = db.prepare(`SELECT ${fsRowColumns(shape)} FROM fs_events f WHERE f.action = 'overflow' ORDER BY f.id`);
  const windows: FileOverflowWindow[] = [];
  for (const r of stmt.iterate() as Iterable<FsRow>) windows.push(overflowWindowOf(r));
  return windows.sort(byTime);
}

/** Time order; rows without a readable time after the dated ones; ties by rowid (write order). */
export function byTime(a: { t: number | null; id: number }, b: { t: number | null; id: number }): number {
  if (a.t !== null && b.t !== null && a.t !== b.t) return a.t - b.t;
  if ((a.t === null) !== (b.t === null)) return a.t === null ? 1 : -1;
  return a.id - b.id;
}

/**
 * The path texts an overflow row may carry to cover `path`: every folder above it, as written with and without a
 * trailing `/` (the path itself is read anyway). Looked up with `path IN (…)`, so an index on path serves it.
 */
export function coveringPaths(path: string): string[] {
  const normal = normalisePath(path);
  const out = new Set<string>();
  let at = normal;
  for (;;) {
    const cut = at.lastIndexOf('/');
    if (cut < 0) break;
    at = cut === 0 ? '/' : at.slice(0, cut);
    out.add(at);
    if (at !== '/') out.add(`${at}/`);
    if (at === '/') break;
  }
  return [...out];
}

/** Whether an overflow row's path covers `path` (the path itself, or a folder above it). */
export function windowCovers(windowPath: string, path: string): boolean {
  if (windowPath === '') return false;
  const w = normalisePath(windowPath);
  const p = normalisePath(path);
  return w === p || p.startsWith(w === '/' ? '/' : `${w}/`);
}
