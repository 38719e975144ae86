// The rows that name a file path matching a glob (glob-match.ts): fs_events.path (files created, modified or
// deleted), audit_events.exe (the program a process ran) and audit_events.cwd (where it ran). URL paths
// (net_events.path, model_calls.path) are not file paths and are left to -F and -E.
import type Database from 'better-sqlite3';
import { compileGlob } from './glob-match.js';
import type { RowColumns, RowHit } from './row-scan.js';
import { scanRows } from './row-scan.js';

export const PATH_COLUMNS: readonly RowColumns[] = [
  { table: 'fs_events', columns: ['path'] },
  { table: 'audit_events', columns: ['exe', 'cwd'] },
];

/** Visits each row naming a path that `glob` matches, table by table in rowid order; `visit` returns false to stop. */
export function pathRows(
  db: Database.Database,
  tables: ReadonlyMap<string, readonly string[]>,
  glob: string,
  visit: (hit: RowHit) => boolean,
): void {
  const matches = compileGlob(glob);
  scanRows(db, tables, PATH_COLUMNS, (value) => value !== '' && matches(value), visit);
}
