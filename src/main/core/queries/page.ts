/**
 * Keyset pagination over any ledger table: never OFFSET, never a whole table in memory.
 *
 * Order is (sort column, rowid). SQLite sorts NULL lowest, so an order is two segments — the NULL rows
 * and the valued rows — and each segment is one index-friendly range query (`k >= v AND (k > v OR r > id)`).
 * A page fills from the segment holding the cursor, then the next segment.
 */
import type Database from 'better-sqlite3';
import type { Cell, PageCursor, PageRequest, SortDirection, TablePage } from '../../../shared/contract.js';
import { InspectorError } from '../../../shared/errors.js';
import { fromCell, rowidNumber, toCell } from './cells.js';
import { filterSql } from './filters.js';
import type { TableSchema } from './schema.js';
import { quoteIdent, tableSchema } from './schema.js';

const DEFAULT_LIMIT = 200;
const R = '_rowid_';

type Segment = 'null' | 'value';

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
  if (!col.sortable) throw new InspectorError('BAD_REQUEST', `column ${req.table}.${col.name} is not indexed; sorting it would scan the whole table`);
  const isRowidAlias = col.primaryKey && col.type.toUpperCase() === 'INTEGER';
  return { schema, key: isRowidAlias ? null : quoteIdent(col.name), keyIndex, dir };
}

const flip = (d: SortDirection): SortDirection => (d === 'asc' ? 'desc' : 'asc');

/** The segments of an order, first to last. */
function segments(dir: SortDirection): Segment[] {
  return dir === 'asc' ? ['null', 'value'] : ['value', 'null'];
}

function segmentQuery(p: Plan, seg: Segment | 'rowid', dir: SortDirection, from: PageCursor | null, where: string): { sql: string; params: unknown[] } {
  const cols = p.schema.columns.map((c) => quoteIdent(c.name)).join(', ');
  const gt = dir === 'asc' ? '>' : '<';
  const ge = dir === 'asc' ? '>=' : '<=';
  const D = dir.toUpperCase();
  const conds: string[] = [where];
  const params: unknown[] = [];
  let order: string;
  if (seg === 'rowid') {
    if (from) {
      conds.push(`${R} ${gt} ?`);
      params.push(from.rowid);
    }
    order = `${R} ${D}`;
  } else if (seg === 'null') {
    conds.push(`${p.key} IS NULL`);
    if (from) {
      conds.push(`${R} ${gt} ?`);
      params.push(from.rowid);
    }
    order = `${R} ${D}`;
  } else {
    conds.push(`${p.key} IS NOT NULL`);
    if (from) {
      const v = fromCell(from.value);
      conds.push(`${p.key} ${ge} ?`, `(${p.key} ${gt} ? OR ${R} ${gt} ?)`);
      params.push(v, v, from.rowid);
    }
    order = `${p.key} ${D}, ${R} ${D}`;
  }
  return { sql: `SELECT ${R}, ${cols} FROM ${quoteIdent(p.schema.name)} WHERE ${conds.join(' AND ')} ORDER BY ${order} LIMIT ?`, params };
}

/** Reads up to `want` rows strictly after `from` in order `dir`. */
function readForward(db: Database.Database, p: Plan, dir: SortDirection, from: PageCursor | null, want: number, where: { sql: string; params: readonly unknown[] }): unknown[][] {
  const out: unknown[][] = [];
  const run = (seg: Segment | 'rowid', cursor: PageCursor | null): void => {
    if (out.length >= want) return;
    const q = segmentQuery(p, seg, dir, cursor, where.sql);
    const stmt = db.prepare(q.sql).raw(true).safeIntegers(true);
    for (const row of stmt.iterate(...where.params, ...q.params, want - out.length) as Iterable<unknown[]>) out.push(row);
  };
  if (p.key === null) {
    run('rowid', from);
    return out;
  }
  const order = segments(dir);
  const startSeg: Segment = from === null ? order[0]! : from.value === null ? 'null' : 'value';
  for (let i = order.indexOf(startSeg); i < order.length; i++) run(order[i]!, order[i] === startSeg ? from : null);
  return out;
}

function cursorOf(p: Plan, row: readonly unknown[]): PageCursor {
  const rowid = rowidNumber(row[0]);
  const value: Cell = p.keyIndex >= 0 && p.key !== null ? toCell(row[p.keyIndex + 1]) : rowid;
  return { value, rowid };
}

export function readPage(db: Database.Database, req: PageRequest): TablePage {
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
