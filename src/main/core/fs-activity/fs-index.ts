/**
 * fs_events read once per connection into compact arrays: every dated row's time and action/kind code (sorted by
 * time), the overflow windows, and one aggregate per path. File activity then bins any range of the session and
 * pages the paths in any order from memory. Before, every open grouped the whole table twice (the 120-bucket chart and
 * the first 300 paths: 0.8 s at a million events) and the paths could only be paged by path text.
 *
 * Why in memory and not SQL per request: the ledger has an index on fs_events.timestamp only, so "paths by last change"
 * or "by changes" would group the whole table for every page; a read-only copy never changes, so one pass is exact.
 * Times come from the same julianday() expression the SQL checks use, so a bin here and a COUNT(*) there agree.
 */
import type Database from 'better-sqlite3';
import type { PersistKind } from '../../../shared/contract/fs.js';
import { colOr } from '../traces/sql-columns.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { persistKind } from './persist.js';

/** The row's time in Unix ms, as every File activity query computes it (NULL when the text is not a time). */
export const FS_MS_SQL = '(julianday(timestamp) - 2440587.5) * 86400000.0';

export interface PathAgg {
  readonly path: string;
  events: number;
  lastRowid: number;
  lastAction: string;
  kind: string | null;
  size: number | null;
  lastTimestamp: string | null;
  /** lastTimestamp in Unix ms, or null. */
  lastMs: number | null;
  persist: PersistKind | null;
}

export interface FsIndex {
  readonly rows: number;
  /** Dated rows, ascending by time (ties by rowid). */
  readonly t: Float64Array;
  readonly action: Uint8Array;
  readonly kind: Uint8Array;
  readonly actions: readonly string[];
  readonly kinds: readonly string[];
  readonly undated: number;
  /** Overflow rows in time order (dated ones only): time, rowid, changes held back. */
  readonly overflowT: Float64Array;
  readonly overflowId: Float64Array;
  readonly overflowHeld: Float64Array;
  /** One per non-empty path, in path order (the plain text order, as SQLite's BINARY collation). */
  readonly paths: readonly PathAgg[];
}

const indexes = new WeakMap<Database.Database, FsIndex>();

/** The connection's index: the worker's when it came in (fs-index-warm.ts), else built here (the old path). */
export function fsIndexOf(db: Database.Database): FsIndex {
  let ix = indexes.get(db);
  if (!ix) indexes.set(db, (ix = buildFsIndex(db)));
  return ix;
}

/** Hands a connection an index made elsewhere (fs-index-worker.ts on another connection to the same copy). */
export function seedFsIndex(db: Database.Database, ix: FsIndex): void {
  if (!indexes.has(db)) indexes.set(db, ix);
}

export function hasFsIndex(db: Database.Database): boolean {
  return indexes.has(db);
}

const EMPTY: FsIndex = {
  rows: 0,
  t: new Float64Array(0),
  action: new Uint8Array(0),
  kind: new Uint8Array(0),
  actions: [],
  kinds: [],
  undated: 0,
  overflowT: new Float64Array(0),
  overflowId: new Float64Array(0),
  overflowHeld: new Float64Array(0),
  paths: [],
};

function codeOf(codes: Map<string, number>, names: string[], v: string): number {
  let c = codes.get(v);
  if (c === undefined) {
    c = names.length;
    names.push(v);
    codes.set(v, c);
  }
  return c;
}

export function buildFsIndex(db: Database.Database): FsIndex {
  if (!hasTable(db, 'fs_events')) return EMPTY;
  const dated = hasColumn(db, 'fs_events', 'timestamp');
  const kindSql = hasColumn(db, 'fs_events', 'kind') ? "COALESCE(f.kind, 'other')" : "'file'";
  const stmt = db
    .prepare(
      `SELECT f.id, ${dated ? FS_MS_SQL.replace('timestamp', 'f.timestamp') : 'NULL'} AS ms, ${colOr(db, 'fs_events', 'f', 'timestamp')},
      ${colOr(db, 'fs_events', 'f', 'action')}, ${colOr(db, 'fs_events', 'f', 'path')}, ${kindSql} AS k, ${colOr(db, 'fs_events', 'f', 'kind')},
      ${colOr(db, 'fs_events', 'f', 'size')} FROM fs_events f ORDER BY f.id`,
    )
    .raw();
  const ids: number[] = [];
  const ts: number[] = [];
  const acts: number[] = [];
  const knds: number[] = [];
  const actionCodes = new Map<string, number>();
  const actionNames: string[] = [];
  const kindCodes = new Map<string, number>();
  const kindNames: string[] = [];
  const ov: { t: number; id: number; held: number }[] = [];
  const byPath = new Map<string, PathAgg>();
  let rows = 0;
  let undated = 0;
  for (const r of stmt.iterate() as Iterable<unknown[]>) {
    rows++;
    const id = Number(r[0]);
    const ms = r[1] === null ? null : Number(r[1]);
    const action = String(r[3] ?? '');
    const path = r[4] === null || r[4] === undefined ? '' : String(r[4]);
    const size = r[7] === null || r[7] === undefined ? null : Number(r[7]);
    if (ms === null) undated++;
    else {
      ids.push(id);
      ts.push(ms);
      acts.push(codeOf(actionCodes, actionNames, action));
      knds.push(codeOf(kindCodes, kindNames, String(r[5])));
      if (action === 'overflow') ov.push({ t: ms, id, held: size ?? 0 });
    }
    if (path === '') continue;
    // Rows come in rowid order, so the last one seen is the path's latest event (as MAX(id) picks in SQL).
    const a = byPath.get(path);
    const latest = {
      lastRowid: id,
      lastAction: action,
      kind: r[6] === null || r[6] === undefined ? null : String(r[6]),
      size,
      lastTimestamp: r[2] === null || r[2] === undefined ? null : String(r[2]),
      lastMs: ms,
    };
    if (a) Object.assign(a, latest, { events: a.events + 1 });
    else byPath.set(path, { path, events: 1, persist: persistKind(path), ...latest });
  }
  // Time order, ties by rowid: ids were pushed ascending, so a stable sort of the positions by time is enough.
  const order = Array.from(ts.keys()).sort((a, b) => ts[a]! - ts[b]! || ids[a]! - ids[b]!);
  const t = new Float64Array(order.length);
  const action = new Uint8Array(order.length);
  const kind = new Uint8Array(order.length);
  order.forEach((p, i) => {
    t[i] = ts[p]!;
    action[i] = acts[p]!;
    kind[i] = knds[p]!;
  });
  ov.sort((a, b) => a.t - b.t || a.id - b.id);
  const paths = [...byPath.values()].sort((a, b) => compareText(a.path, b.path));
  return {
    rows,
    t,
    action,
    kind,
    actions: actionNames,
    kinds: kindNames,
    undated,
    overflowT: Float64Array.from(ov, (o) => o.t),
    overflowId: Float64Array.from(ov, (o) => o.id),
    overflowHeld: Float64Array.from(ov, (o) => o.held),
    paths,
  };
}

/**
 * SQLite's BINARY collation compares UTF-8 bytes; JS `<` compares UTF-16 code units, which differ only above the BMP
 * against U+E000–U+FFFF. Comparing code points gives the UTF-8 byte order.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** First index in the sorted array with a value ≥ v (or > v when `after`). */
export function lowerBound(a: Float64Array, v: number, after = false): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (after ? a[mid]! <= v : a[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
