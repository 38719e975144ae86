// Which of a table's columns this ledger has: older generations lack some (docs/formats/ledger-format.md, "Older
// table shapes"), so a query names a column only when the schema catalogue has it and reads NULL otherwise.
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';

export interface TableColumns {
  readonly table: string;
  readonly exists: boolean;
  has(column: string): boolean;
  /** The column qualified by `alias`, or NULL when the ledger lacks it. */
  sql(column: string, alias?: string): string;
  /** `table.column` for each wanted column the table lacks (empty when the table itself is absent). */
  readonly missing: readonly string[];
}

export function tableColumns(db: Database.Database, table: string, wanted: readonly string[]): TableColumns {
  const exists = hasTable(db, table);
  const present = new Set(exists ? wanted.filter((c) => hasColumn(db, table, c)) : []);
  return {
    table,
    exists,
    has: (c) => present.has(c),
    sql: (c, alias) => (present.has(c) ? `${alias ? `${alias}.` : ''}${quoteIdent(c)}` : 'NULL'),
    missing: exists ? wanted.filter((c) => !present.has(c)).map((c) => `${table}.${c}`) : [],
  };
}
