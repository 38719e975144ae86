/**
 * A table's rows at a place along their order (the grid's scrollbar dragged, or "go to row N"), by keyset: the place
 * becomes a cursor, and readPage seeks to it on the rowid or the sort column's index. Never OFFSET, which reads every
 * row before the place (seconds at row 500,000 of a wide table).
 *
 * Rowid order: the place's rowid is interpolated between the first and last rowid (two b-tree edge reads); that is
 * exact when the rowids are dense (an AUTOINCREMENT table nothing was deleted from, as ledger tables are) and no
 * filter thins them. Sorted (or filtered): SEEK_SAMPLES rows spread evenly by rowid are read (one seek each), their
 * sort values ordered, and the page starts at the value at that fraction of the sample: a quantile estimate, good to
 * about 1/SEEK_SAMPLES of the table, which the renderer corrects as it pages on.
 */
import type Database from 'better-sqlite3';
import type { PageCursor, SeekPage, SeekRequest } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import { toCell } from './cells.js';
import { filterSql } from './filters.js';
import { readPage } from './page.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { tableSchema } from '../queries/schema.js';
import { finishedOrder, orderedSeek } from './sort-orders.js';

export const SEEK_SAMPLES = 257;
const R = '_rowid_';

export function seekPage(db: Database.Database, req: SeekRequest): SeekPage {
  // A background-sorted order knows every row's place: exact, no samples.
  const sorted = finishedOrder(db, req);
  if (sorted) return orderedSeek(db, sorted, req);
  const schema = tableSchema(db, req.table);
  if (!schema.hasRowid) throw new InspectorError('BAD_REQUEST', `table ${req.table} has no rowid and cannot be paged`);
  const name = quoteIdent(schema.name);
  const total = Math.max(0, req.total);
  const position = Math.min(Math.max(0, req.position), Math.max(0, total - 1));
  const fraction = total > 1 ? position / (total - 1) : 0;
  const page = (after: PageCursor | null): ReturnType<typeof readPage> =>
    readPage(db, {
      evidenceId: req.evidenceId,
      table: req.table,
      sort: req.sort,
      filters: req.filters,
      limit: req.limit,
      ...(after ? { after } : {}),
    });
  const sortKey = req.sort ? schema.columns.find((c) => c.name === req.sort!.column) : undefined;
  // Refused as readPage refuses it, before any sample is read.
  if (req.sort && !sortKey?.sortable) return { ...page(null), position: 0, exact: true };
  if (position === 0) return { ...page(null), position: 0, exact: true };
  // The first and last rowid: one step down each edge of the table's b-tree.
  const edges = db
    .prepare(`SELECT (SELECT ${R} FROM ${name} ORDER BY ${R} LIMIT 1) AS lo, (SELECT ${R} FROM ${name} ORDER BY ${R} DESC LIMIT 1) AS hi`)
    .get() as { lo: number | null; hi: number | null };
  const { lo, hi } = edges;
  if (lo === null || hi === null) return { ...page(null), position: 0, exact: true };
  const rowidOrder = !sortKey || (sortKey.primaryKey && sortKey.type.toUpperCase() === 'INTEGER');
  const desc = req.sort?.direction === 'desc';
  const filtered = (req.filters?.length ?? 0) > 0;
  if (rowidOrder && !filtered) {
    const span = Number(hi) - Number(lo);
    const at = desc ? Number(hi) - Math.round(fraction * span) : Number(lo) + Math.round(fraction * span);
    const cursor = desc ? { value: at + 1, rowid: at + 1 } : { value: at - 1, rowid: at - 1 };
    return { ...page(cursor), position, exact: span + 1 === total };
  }
  // Samples: the first row at or after each of SEEK_SAMPLES evenly spaced rowids (matching the filters).
  const where = filterSql(schema, req.filters);
  const key = rowidOrder ? R : quoteIdent(sortKey!.name);
  const probe = db
    .prepare(`SELECT ${key} AS v FROM ${name} WHERE ${R} >= ?${where.sql ? ` AND ${where.sql}` : ''} ORDER BY ${R} LIMIT 1`)
    .raw(true)
    .safeIntegers(true);
  const values: unknown[] = [];
  for (let i = 0; i < SEEK_SAMPLES; i++) {
    const row = probe.get(Math.round(Number(lo) + (i * (Number(hi) - Number(lo))) / (SEEK_SAMPLES - 1)), ...where.params) as
      | unknown[]
      | undefined;
    if (row) values.push(row[0]);
  }
  if (values.length === 0) return { ...page(null), position: 0, exact: false };
  // Ordered as SQLite orders them (NULL lowest, numbers before text, text by BINARY), not as JavaScript would.
  const ordered = (
    db
      .prepare(`SELECT value AS v FROM json_each(?) ORDER BY 1`)
      .raw(true)
      .safeIntegers(true)
      .all(JSON.stringify(values.map(jsonable))) as unknown[][]
  ).map((r) => r[0]);
  const sampled = desc ? [...ordered].reverse() : ordered;
  const value = sampled[Math.min(sampled.length - 1, Math.round(fraction * (sampled.length - 1)))];
  // Every row of that value: from before its first rowid in this direction.
  const cursor: PageCursor = { value: toCell(value), rowid: desc ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER };
  return { ...page(cursor), position, exact: false };
}

/** json_each keeps numbers and text apart; a bigint becomes a JSON number (rowids and counts are safe integers). */
function jsonable(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Uint8Array) return null;
  return v;
}
