/**
 * Every hit of a search, not the first few hundred: the same places and conditions as search.ts, written as one
 * read-only statement (one arm per table and column, each in rowid order, in the kinds' order) that the SQL console
 * runs in its child with paging 'stream' (sql-stream.ts). The Search view then pages it like a SQL result: counted
 * as it is read, spanned by the grid's scrollbar, "go to row N", with the console's deadline and cancel.
 */
import type Database from 'better-sqlite3';
import type { SearchKind } from '../../../shared/contract.js';
import { SEARCH_KINDS } from '../../../shared/contract.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { tableSchemas } from '../queries/schema.js';
import { placesFor, SUMMARY_COLUMNS, WHERE } from './table-search.js';

/** The hit grid's columns, in order. */
export const HIT_COLUMNS = ['kind', 'table', 'rowid', 'value', 'summary'] as const;

const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** The statement and its one parameter (`:q`, the trimmed query), or null when no table carries any place. */
export function searchStatement(
  db: Database.Database,
  query: string,
  kinds: readonly SearchKind[] = SEARCH_KINDS,
): { sql: string; params: { q: string } } | null {
  const arms: string[] = [];
  for (const kind of kinds) {
    for (const [table, column] of placesFor(db, kind)) {
      const schema = tableSchemas(db).get(table)!;
      const shown = schema.columns.filter((c) => SUMMARY_COLUMNS.includes(c.name) && c.name !== column).slice(0, 4);
      // search.ts's summary: `name=value` pairs, two spaces apart, NULL as nothing.
      const summary = shown.length
        ? shown.map((c) => `${literal(`${c.name}=`)} || coalesce(CAST(${quoteIdent(c.name)} AS TEXT), '')`).join(` || '  ' || `)
        : `''`;
      const col = quoteIdent(column);
      const cond = WHERE[kind].exact ? `${col} = :q` : `instr(lower(${col}), lower(:q)) > 0`;
      arms.push(
        `SELECT * FROM (SELECT ${literal(kind)} AS kind, ${literal(table)} AS "table", _rowid_ AS rowid, ` +
          `CAST(${col} AS TEXT) AS value, ${summary} AS summary FROM ${quoteIdent(table)} WHERE ${cond} ORDER BY _rowid_)`,
      );
    }
  }
  if (arms.length === 0) return null;
  return { sql: arms.join('\nUNION ALL\n'), params: { q: query.trim() } };
}
