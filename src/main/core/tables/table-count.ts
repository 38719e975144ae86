// The rows of a table its filters match, counted up to MATCH_COUNT_CAP (shared/contract/table-count.ts): the
// inner LIMIT stops the read at the cap, so the cost is bounded by the rows read, like the page query's own.
import type Database from 'better-sqlite3';
import type { ColumnFilter } from '../../../shared/contract.js';
import type { MatchCount } from '../../../shared/contract/table-count.js';
import { MATCH_COUNT_CAP } from '../../../shared/contract/table-count.js';
import { filterSql } from './filters.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { tableSchema } from '../queries/schema.js';

export function countMatching(db: Database.Database, table: string, filters: readonly ColumnFilter[]): MatchCount {
  const schema = tableSchema(db, table);
  const where = filterSql(schema, filters);
  const row = db
    .prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${quoteIdent(schema.name)} WHERE ${where.sql} LIMIT ?)`)
    .get(...where.params, MATCH_COUNT_CAP + 1) as { n: number };
  const n = Number(row.n);
  return { count: Math.min(n, MATCH_COUNT_CAP), capped: n > MATCH_COUNT_CAP };
}
