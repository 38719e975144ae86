/**
 * Which result columns of a console query name a table row: SQLite's column origin says a column is `rowid` (or
 * the INTEGER PRIMARY KEY that aliases it) of a table. With that, the console can mark a result row that carries
 * a row only in session.db-wal (issue 23). A compound query (UNION, INTERSECT, EXCEPT) takes the origin of its
 * first arm only, so its values could come from another table: it names no rows, rather than naming one wrongly.
 */
import type Database from 'better-sqlite3';
import type { SqlRowRef } from '../../../shared/contract/types.js';

/** The SQL without its string literals, quoted names and comments, so a keyword test sees only keywords. */
function bareSql(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
}

function rowidAlias(db: Database.Database, table: string): string | null {
  const cols = db.pragma(`table_info(${JSON.stringify(table)})`) as { name: string; type: string; pk: number }[];
  const pk = cols.filter((c) => c.pk > 0);
  return pk.length === 1 && pk[0]!.type.toUpperCase() === 'INTEGER' ? pk[0]!.name : null;
}

export function sqlRowRefs(db: Database.Database, sql: string, columns: readonly Database.ColumnDefinition[]): SqlRowRef[] {
  if (/\b(union|intersect|except)\b/i.test(bareSql(sql))) return [];
  const refs: SqlRowRef[] = [];
  const aliases = new Map<string, string | null>();
  columns.forEach((c, column) => {
    if (!c.table || !c.column || (c.database !== null && c.database !== 'main')) return;
    if (!aliases.has(c.table)) aliases.set(c.table, rowidAlias(db, c.table));
    if (c.column.toLowerCase() === 'rowid' || c.column === aliases.get(c.table)) refs.push({ column, table: c.table });
  });
  return refs;
}
