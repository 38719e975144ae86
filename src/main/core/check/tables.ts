// docs/formats/session-check.md#expected-tables and #row-counts: the doctor's five expected tables, and row counts of
// every table in the ledger (not only five).
import type Database from 'better-sqlite3';
import { countRows, tableNames } from '../queries/ledger-reads.js';
import { EXPECTED_TABLES } from './types.js';

export interface TablesResult {
  readonly tables: Record<string, number>;
  readonly missingTables: string[];
}

export function checkTables(db: Database.Database): TablesResult {
  const names = tableNames(db).filter((n) => !n.startsWith('sqlite_'));
  const tables: Record<string, number> = {};
  for (const name of names) tables[name] = countRows(db, name);
  const missingTables = EXPECTED_TABLES.filter((t) => !(t in tables)).sort();
  return { tables, missingTables };
}
