/**
 * The paths list in any of its orders, from the per-connection aggregate (fs-index.ts): a page after a path (keyset:
 * the cursor is the last row's path, whose place along the order is looked up, never counted through) or from a place
 * along the order (the scrollbar dragged, "go to path N"). Each order is sorted once per connection and kept.
 * The orders are SQLite's: NULL first ascending, ties by path in the same direction, so descending is the exact
 * reverse of ascending and `ORDER BY <column> DESC, path DESC` in plain SQL gives the same rows.
 */
import type Database from 'better-sqlite3';
import type { FsPathRow, FsPathSort, FsPathsPage } from '../../../shared/contract/fs.js';
import { FS_PATHS_PAGE_MAX } from '../../../shared/contract/fs.js';
import type { PathAgg } from './fs-index.js';
import { compareText, fsIndexOf } from './fs-index.js';

export interface PathPageOptions {
  readonly after?: string;
  readonly position?: number;
  readonly limit?: number;
  readonly persistOnly?: boolean;
  readonly sort?: { readonly column: FsPathSort; readonly direction: 'asc' | 'desc' };
}

interface Order {
  readonly rows: readonly PathAgg[];
  readonly place: ReadonlyMap<string, number>;
}

const orders = new WeakMap<Database.Database, Map<string, Order>>();

type Key = number | string | null;
const keyOf: Record<FsPathSort, (p: PathAgg) => Key> = {
  path: (p) => p.path,
  events: (p) => p.events,
  // The latest change's text, as the column holds it (RFC 3339 text sorts as time when it is uniform, as SQL would sort it).
  lastTimestamp: (p) => p.lastTimestamp,
  size: (p) => p.size,
  kind: (p) => p.kind,
  lastAction: (p) => p.lastAction,
};

/** SQLite's order of values of one column: NULL < numbers < text (BINARY). */
function compareKey(a: Key, b: Key): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return compareText(a, b);
}

function orderOf(db: Database.Database, column: FsPathSort, desc: boolean, persistOnly: boolean): Order {
  let m = orders.get(db);
  if (!m) orders.set(db, (m = new Map()));
  const name = `${column}:${desc ? 'desc' : 'asc'}:${persistOnly ? 'p' : ''}`;
  let o = m.get(name);
  if (!o) {
    const all = fsIndexOf(db).paths;
    const key = keyOf[column];
    // The aggregate is in path order already, so a stable sort by the key alone breaks ties by path.
    const rows = (persistOnly ? all.filter((p) => p.persist !== null) : [...all]).sort((a, b) => compareKey(key(a), key(b)));
    if (desc) rows.reverse();
    o = { rows, place: new Map(rows.map((r, i) => [r.path, i])) };
    m.set(name, o);
  }
  return o;
}

const toRow = (p: PathAgg): FsPathRow => ({
  path: p.path,
  kind: p.kind,
  size: p.size,
  lastAction: p.lastAction,
  lastTimestamp: p.lastTimestamp,
  lastRowid: p.lastRowid,
  events: p.events,
  persist: p.persist,
});

export function fsPathPage(db: Database.Database, opts: PathPageOptions = {}): FsPathsPage {
  const limit = Math.min(Math.max(1, opts.limit ?? 200), FS_PATHS_PAGE_MAX);
  const all = fsIndexOf(db).paths;
  const persistTotal = all.reduce((n, p) => n + (p.persist ? 1 : 0), 0);
  const o = orderOf(db, opts.sort?.column ?? 'path', opts.sort?.direction === 'desc', !!opts.persistOnly);
  let start = 0;
  if (opts.position !== undefined) start = Math.min(Math.max(0, opts.position), Math.max(0, o.rows.length - limit));
  else if (opts.after !== undefined) {
    const at = o.place.get(opts.after);
    // A cursor that is not a path of this order (another filter's): the first path after it by text, ascending.
    start = at !== undefined ? at + 1 : firstAfterByText(o.rows, opts.after);
  }
  const page = o.rows.slice(start, start + limit);
  return {
    rows: page.map(toRow),
    total: all.length,
    persistTotal,
    nextAfter: start + limit < o.rows.length ? page[page.length - 1]!.path : null,
    position: start,
  };
}

function firstAfterByText(rows: readonly PathAgg[], after: string): number {
  const i = rows.findIndex((r) => compareText(r.path, after) > 0);
  return i < 0 ? rows.length : i;
}
