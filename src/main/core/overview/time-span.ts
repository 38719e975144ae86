/**
 * The Overview's time span: the earliest and latest event time across the tables, read without scanning a large
 * table. The first and the last time of a table are each one `ORDER BY column LIMIT 1` query, which an index on
 * the column answers with one seek; SQLite's query plan says whether it will (a `SEARCH ... USING INDEX`, not a
 * `SCAN` or a temporary sort). A table whose plan is a scan is read only when it is small; a large one is left
 * out and named, so the span says what it covers instead of costing a full scan on every Overview.
 */
import type Database from 'better-sqlite3';
import type { TimeSpanCoverage } from '../../../shared/contract.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { tableSchemas } from '../queries/schema.js';

/** Up to this many rows, a table without a usable index is read anyway: a few milliseconds at most. */
export const SMALL_TABLE_ROWS = 10_000;

export interface TimeSpanResult {
  readonly span: { readonly first: string; readonly last: string } | null;
  readonly coverage: TimeSpanCoverage;
}

/**
 * The time columns the ledger tables carry (docs/formats/ledger-format.md#shared-conventions): ISO text, or
 * milliseconds since the epoch.
 */
const TIME_COLUMNS = [
  { column: 'timestamp', kind: 'iso' },
  { column: 'timestamp_unix_ms', kind: 'unix_ms' },
] as const;

/**
 * `timestamp`: only non-empty text counts ('' is tool_calls' "not recorded"). In SQLite's order text sorts after
 * NULL and numbers and before blobs, so `> ''` and `< x''` (the smallest blob) pick exactly the non-empty texts,
 * as a range an index can seek. `timestamp_unix_ms`: every non-NULL value, like MIN/MAX.
 */
function boundSql(table: string, column: string, kind: 'iso' | 'unix_ms', dir: 'ASC' | 'DESC'): string {
  const c = quoteIdent(column);
  const where = kind === 'iso' ? `${c} > '' AND ${c} < x''` : `${c} IS NOT NULL`;
  return `SELECT ${c} FROM ${quoteIdent(table)} WHERE ${where} ORDER BY ${c} ${dir} LIMIT 1`;
}

/** True when SQLite answers the statement by seeking an index rather than reading the table. */
export function isIndexSeek(db: Database.Database, sql: string): boolean {
  const lines = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
  return lines.length > 0 && lines.every((d) => /^SEARCH .* USING (COVERING )?INDEX /.test(d)) && !lines.some((d) => /TEMP B-TREE/.test(d));
}

const isoOfMs = (v: unknown): string | null => {
  const ms = Number(v);
  return v === null || v === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15 ? null : new Date(ms).toISOString();
};

/**
 * `rowCounts` gives each table's row count (the Overview counts them anyway); a table missing from it counts as
 * large, so nothing is scanned on a guess.
 */
export function readTimeSpan(db: Database.Database, rowCounts: ReadonlyMap<string, number>): TimeSpanResult {
  let first: string | null = null;
  let last: string | null = null;
  const tables: string[] = [];
  const skipped: string[] = [];
  for (const t of tableSchemas(db).values()) {
    for (const { column, kind } of TIME_COLUMNS) {
      if (!t.columns.some((c) => c.name === column)) continue;
      const lo = boundSql(t.name, column, kind, 'ASC');
      const hi = boundSql(t.name, column, kind, 'DESC');
      const seeks = isIndexSeek(db, lo) && isIndexSeek(db, hi);
      if (!seeks && (rowCounts.get(t.name) ?? Infinity) > SMALL_TABLE_ROWS) {
        skipped.push(`${t.name}.${column}`);
        continue;
      }
      tables.push(`${t.name}.${column}`);
      const read = (sql: string): string | null => {
        const v = db.prepare(sql).pluck().get();
        return kind === 'iso' ? (typeof v === 'string' ? v : null) : isoOfMs(v);
      };
      const a = read(lo);
      const b = read(hi);
      if (a !== null && (first === null || a < first)) first = a;
      if (b !== null && (last === null || b > last)) last = b;
    }
  }
  return { span: first !== null && last !== null ? { first, last } : null, coverage: { tables, skipped } };
}
