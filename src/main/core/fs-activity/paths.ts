// The paths the file monitor saw (overflow rows have an empty path and are not paths), one row per path with
// the kind, size and action of its latest event, keyset-paged by path text.
import type Database from 'better-sqlite3';
import type { FsPathsPage } from '../../../shared/contract/fs.js';
import { FS_PATHS_PAGE_MAX } from '../../../shared/contract/fs.js';
import { colOr } from '../graph/sql-columns.js';
import { hasTable } from '../queries/schema.js';
import { persistKind, persistSql } from './persist.js';

export interface FsPathsOptions {
  readonly after?: string;
  readonly limit?: number;
  readonly persistOnly?: boolean;
}

export function fsPaths(db: Database.Database, opts: FsPathsOptions = {}): FsPathsPage {
  if (!hasTable(db, 'fs_events')) return { rows: [], total: 0, persistTotal: 0, nextAfter: null };
  const limit = Math.min(Math.max(1, opts.limit ?? 200), FS_PATHS_PAGE_MAX);
  const base = "path IS NOT NULL AND path <> ''";
  const persist = persistSql('path');
  const filter = opts.persistOnly ? `${base} AND ${persist}` : base;
  const total = Number((db.prepare(`SELECT COUNT(DISTINCT path) AS n FROM fs_events WHERE ${base}`).get() as { n: number }).n);
  const persistTotal = Number(
    (db.prepare(`SELECT COUNT(DISTINCT path) AS n FROM fs_events WHERE ${base} AND ${persist}`).get() as { n: number }).n,
  );
  const after = opts.after === undefined ? '' : ' AND path > ?';
  // SQLite takes the bare columns of a MAX() aggregate from the row that holds the maximum: the latest event.
  const rows = db
    .prepare(
      `SELECT path, MAX(f.id) AS lastRowid, ${colOr(db, 'fs_events', 'f', 'action')}, ${colOr(db, 'fs_events', 'f', 'kind')}, ${colOr(db, 'fs_events', 'f', 'size')},
      ${colOr(db, 'fs_events', 'f', 'timestamp')}, COUNT(*) AS events FROM fs_events f WHERE ${filter}${after} GROUP BY path ORDER BY path LIMIT ?`,
    )
    .all(...(opts.after === undefined ? [] : [opts.after]), limit + 1) as {
    path: string;
    lastRowid: number;
    action: string;
    kind: string | null;
    size: number | null;
    timestamp: string | null;
    events: number;
  }[];
  const page = rows.slice(0, limit);
  return {
    rows: page.map((r) => ({
      path: String(r.path),
      kind: r.kind,
      size: r.size === null ? null : Number(r.size),
      lastAction: String(r.action),
      lastTimestamp: r.timestamp,
      lastRowid: Number(r.lastRowid),
      events: Number(r.events),
      persist: persistKind(String(r.path)),
    })),
    total,
    persistTotal,
    nextAfter: rows.length > limit ? String(page[page.length - 1]!.path) : null,
  };
}
