/**
 * The gaps on a set of rows of one table, read together: the views that show rows outside the transcript (the
 * graph's nodes, the tool lifecycles, File activity) mark each gap with rowGapMarks' words, from the columns those
 * predicates read and the rows' bodies in the archive index; never a large text column.
 */
import type Database from 'better-sqlite3';
import { quoteIdent } from '../evidence/sql-values.js';
import { hasColumn, hasTable } from '../queries/schema.js';
import { inChunks, marks } from '../evidence/sql-in-list.js';
import { indexedBodiesOf } from './indexed-bodies.js';
import { PREVIEWS } from './preview-gaps.js';
import { rowGapMarks } from './row-gaps.js';
import type { GapMark } from './types.js';

/** Every column rowGapMarks reads of a row, where the table has it. */
const GAP_COLUMNS = [
  'event_id',
  ...new Set(PREVIEWS.map((p) => p.column)),
  'stdout_bytes',
  'stderr_bytes',
  'stdout_preview',
  'stderr_preview',
  'headers_truncated',
  'action',
  'size',
];

/** The marks of each of `ids` (rowids of `table`) that has any; rows with none are left out. */
export function gapMarksOfRows(db: Database.Database, table: string, ids: readonly number[]): Map<number, GapMark[]> {
  const out = new Map<number, GapMark[]>();
  if (ids.length === 0 || !hasTable(db, table)) return out;
  const cols = GAP_COLUMNS.filter((c) => hasColumn(db, table, c)).map((c) => `x.${quoteIdent(c)}`);
  for (const part of inChunks(ids)) {
    const rows = db
      .prepare(`SELECT ${['x.id AS id__', ...cols].join(', ')} FROM ${quoteIdent(table)} x WHERE x.id IN (${marks(part.length)})`)
      .all(...part) as Record<string, unknown>[];
    const bodies = indexedBodiesOf(
      db,
      table,
      rows.map((r) => r.event_id).filter((e): e is string => typeof e === 'string' && e !== ''),
    );
    for (const r of rows) {
      const found = rowGapMarks(db, table, r, typeof r.event_id === 'string' ? (bodies.get(r.event_id) ?? []) : []);
      if (found.length) out.set(Number(r.id__), found);
    }
  }
  return out;
}
