// The rows of processes run in the session with a given name: exec_events.process_name (commands Capsem ran) and
// audit_events (every exec the kernel audit saw) by its exe's basename or its comm. A name is compared whole and
// case-sensitively, as the kernel keeps it: "curl" meets /usr/bin/curl, not curl-config.
import type Database from 'better-sqlite3';
import type { RowColumns, RowHit } from './row-scan.js';
import { scanRows } from './row-scan.js';

export const PROCESS_COLUMNS: readonly RowColumns[] = [
  { table: 'exec_events', columns: ['process_name'] },
  { table: 'audit_events', columns: ['exe', 'comm'] },
];

/** The last segment of a path ('/usr/bin/curl' → 'curl'); the value itself when it has no slash. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Visits each row of a process named `name`, table by table in rowid order; `visit` returns false to stop. */
export function processRows(
  db: Database.Database,
  tables: ReadonlyMap<string, readonly string[]>,
  name: string,
  visit: (hit: RowHit) => boolean,
): void {
  scanRows(db, tables, PROCESS_COLUMNS, (value, column) => (column === 'exe' ? baseName(value) : value) === name, visit);
}
