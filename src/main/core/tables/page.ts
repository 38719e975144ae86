/**
 * Keyset pagination over any ledger table: never OFFSET, never a whole table in memory.
 *
 * Order is (sort column, rowid). SQLite sorts NULL lowest, so an order is two segments — the NULL rows
 * and the valued rows. A page fills from the range holding the cursor, then the following ranges, each one
 * index seek (see `Range`); NULL sort keys are paged by rowid on their own, so none is skipped or repeated.
 */
import type Database from 'better-sqlite3';
import type { Cell, PageCursor, PageRequest, SortDirection, TablePage } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import { fromCell, rowidNumber, toCell } from './cells.js';
import { filterSql } from './filters.js';
import type { TableSchema } from '../queries/schema.js';
import { quoteIdent } from '../evidence/sql-values.js';
import { tableSchema } from '../queries/schema.js';
import { finishedOrder, orderedPage } from './sort-orders.js';

const DEFAULT_LIMIT = 200;
const R = '_rowid_';

interface Plan {
  readonly schema: TableSchema;
  /** null → rowid order only. */
  readonly key: string | null;
  readonly keyIndex: number;
  readonly dir: SortDirection;
}

function plan(db: Database.Database, req: PageRequest): Plan {
  const schema = tableSchema(db, req.table);
  if (!schema.hasRowid) throw new InspectorError('BAD_REQUEST', `table ${req.table} has no rowid and cannot be paged`);
  const dir = req.sort?.direction ?? 'asc';
  if (!req.sort) return { schema, key: null, keyIndex: -1, dir };
  const keyIndex = schema.columns.findIndex((c) => c.name === req.sort!.column);
  const col = schema.columns[keyIndex];
  if (!col) throw new InspectorError('BAD_REQUEST', `table ${req.table} has no column ${req.sort.column}`);
  if (!col.sortable)
    throw new InspectorError('BAD_REQUEST', `column ${req.table}.${col.name} is not indexed; sorting it would scan the whole table`);
  const isRowidAlias = col.primaryKey && col.type.toUpperCase() === 'INTEGER';
  return { schema, key: isRowidAlias ? null : quoteIdent(col.name), keyIndex, dir };
}

/**
 * One index range of an order, read with a single seek. For a cursor inside the valued rows, "after (v, id)"
 * is split into the rows equal to v past id (`k = v AND r > id`, the index's (k, rowid) order) and the rows
 * beyond v (`k > v`). The one-statement forms scan every equal entry before the cursor: `k >= v AND (k > v OR
 * r > id)` seeks on k alone, and so does the row value `(k, r) > (v, id)` (SQLite 3.53 does not seek on the
 * rowid part of an index), which made a page deep inside 50k equal domains take ~60 ms.
 */
type Range =
  | { readonly kind: 'rowid'; readonly after: number | null }
  | { readonly kind: 'null'; readonly after: number | null }
  | { readonly kind: 'equal'; readonly value: string | number | bigint; readonly after: number }
  | { readonly kind: 'beyond'; readonly value: string | number | bigint | null };

/** The ranges holding every row strictly after `from` in order `dir`, first to last. */
function rangesAfter(p: Plan, dir: SortDirection, from: PageCursor | null): Range[] {
  if (p.key === null) return [{ kind: 'rowid', after: from?.rowid ?? null }];
  // SQLite sorts NULL lowest: ascending, the NULL rows come first; descending, last.
  const nullsFirst = dir === 'asc';
  const value = from === null ? null : fromCell(from.value);
  if (from === null)
    return nullsFirst
      ? [
          { kind: 'null', after: null },
          { kind: 'beyond', value: null },
        ]
      : [
          { kind: 'beyond', value: null },
          { kind: 'null', after: null },
        ];
  if (value === null)
    return nullsFirst
      ? [
          { kind: 'null', after: from.rowid },
          { kind: 'beyond', value: null },
        ]
      : [{ kind: 'null', after: from.rowid }];
  const valued: Range[] = [
    { kind: 'equal', value, after: from.rowid },
    { kind: 'beyond', value },
  ];
  return nullsFirst ? valued : [...valued, { kind: 'null', after: null }];
}

function rangeQuery(p: Plan, range: Range, dir: SortDirection, where: string): { sql: string; params: unknown[] } {
  const cols = p.schema.columns.map((c) => quoteIdent(c.name)).join(', ');
  const gt = dir === 'asc' ? '>' : '<';
  const D = dir.toUpperCase();
  const conds: string[] = [where];
  const params: unknown[] = [];
  let order = `${R} ${D}`;
  switch (range.kind) {
    case 'rowid':
    case 'null':
      if (range.kind === 'null') conds.push(`${p.key} IS NULL`);
      if (range.after !== null) {
        conds.push(`${R} ${gt} ?`);
        params.push(range.after);
      }
      break;
    case 'equal':
      conds.push(`${p.key} = ?`, `${R} ${gt} ?`);
      params.push(range.value, range.after);
      break;
    case 'beyond':
      conds.push(`${p.key} IS NOT NULL`);
      if (range.value !== null) {
        conds.push(`${p.key} ${gt} ?`);
        params.push(range.value);
      }
      order = `${p.key} ${D}, ${R} ${D}`;
      break;
    default: {
      const never: never = range;
      throw new Error(`unknown range ${String(never)}`);
    }
  }
  return { sql: `SELECT ${R}, ${cols} FROM ${quoteIdent(p.schema.name)} WHERE ${conds.join(' AND ')} ORDER BY ${order} LIMIT ?`, params };
}

const flip = (d: SortDirection): SortDirection => (d === 'asc' ? 'desc' : 'asc');

/**
 * Prepared range statements per connection, least recently used first. A cursor inside the valued rows runs two
 * statements, and preparing a wide SELECT costs about as much as reading a small page, so scrolling reuses them.
 */
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const MAX_STATEMENTS = 48;

function prepared(db: Database.Database, sql: string): Database.Statement {
  let map = statements.get(db);
  if (!map) statements.set(db, (map = new Map()));
  let stmt = map.get(sql);
  if (stmt) map.delete(sql);
  else stmt = db.prepare(sql).raw(true).safeIntegers(true);
  map.set(sql, stmt);
  if (map.size > MAX_STATEMENTS) map.delete(map.keys().next().value!);
  return stmt;
}

/** Reads up to `want` rows strictly after `from` in order `dir`. */
function readForward(
  db: Database.Database,
  p: Plan,
  dir: SortDirection,
  from: PageCursor | null,
  want: number,
  where: { sql: string; params: readonly unknown[] },
): unknown[][] {
  const out: unknown[][] = [];
  for (const range of rangesAfter(p, dir, from)) {
    if (out.length >= want) break;
    const q = rangeQuery(p, range, dir, where.sql);
    const stmt = prepared(db, q.sql);
    for (const row of stmt.iterate(...where.params, ...q.params, want - out.length) as Iterable<unknown[]>) out.push(row);
  }
  return out;
}

/**
 * SQLite's query plan (EXPLAIN QUERY PLAN detail lines) of every range statement readPage may run for `req`, in
 * order: for tests and benches to check that each one is an index seek, never a scan.
 */
export function pageQueryPlans(db: Database.Database, req: PageRequest): string[] {
  const p = plan(db, req);
  const where = filterSql(p.schema, req.filters);
  const from = req.before ?? req.after ?? null;
  const dir = req.before !== undefined ? flip(p.dir) : p.dir;
  return rangesAfter(p, dir, from).map((range) => {
    const q = rangeQuery(p, range, dir, where.sql);
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...where.params, ...q.params, 1) as { detail: string }[];
    return rows.map((r) => r.detail).join('; ');
  });
}

function cursorOf(p: Plan, row: readonly unknown[]): PageCursor {
  const rowid = rowidNumber(row[0]);
  const value: Cell = p.keyIndex >= 0 && p.key !== null ? toCell(row[p.keyIndex + 1]) : rowid;
  return { value, rowid };
}

export function readPage(db: Database.Database, req: PageRequest): TablePage {
  // A column no index serves, sorted in the background (sort-orders.ts): served by place in that order.
  const sorted = finishedOrder(db, req);
  if (sorted) return orderedPage(db, sorted, req);
  const p = plan(db, req);
  const limit = req.limit ?? DEFAULT_LIMIT;
  const where = filterSql(p.schema, req.filters);
  const backward = req.before !== undefined;
  const from = req.before ?? req.after ?? null;
  const fetched = readForward(db, p, backward ? flip(p.dir) : p.dir, from, limit + 1, where);
  const more = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (backward) rows.reverse();
  return {
    table: p.schema.name,
    columns: p.schema.columns.map((c) => c.name),
    rows: rows.map((r) => r.slice(1).map(toCell)),
    rowids: rows.map((r) => rowidNumber(r[0])),
    first: rows.length ? cursorOf(p, rows[0]!) : null,
    last: rows.length ? cursorOf(p, rows[rows.length - 1]!) : null,
    hasBefore: backward ? more : from !== null,
    hasAfter: backward ? true : more,
  };
}
