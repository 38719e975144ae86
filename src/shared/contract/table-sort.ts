/**
 * Sorting a table by a column no index serves: the core reads (rowid) in the column's order in a worker thread, with
 * progress and cancel, and once it has the order, tables.page and tables.seek serve that sort by position (exact, a
 * rowid lookup per row), never freezing the page or the server. Indexed sorts do not need this (keyset, as before).
 */
import type { ColumnFilter } from './types.js';
import { FILTER_OPS } from './types.js';
import type { Guard } from './guards.js';
import { arrayOf, int, obj, oneOf, optional, str, union } from './guards.js';

export interface TableSortArg {
  readonly evidenceId: string;
  readonly table: string;
  readonly column: string;
  readonly filters?: readonly ColumnFilter[];
}

export interface TableSortStatus {
  /**
   * 'indexed': an index (or the rowid) serves this sort, nothing to do; 'none': no sort was started for it;
   * 'running' → 'done' (pages are served), or 'failed' / 'cancelled'.
   */
  readonly state: 'indexed' | 'none' | 'running' | 'done' | 'failed' | 'cancelled';
  /** Rows of the table read so far, of `total` (the table's row count; null until counted). */
  readonly read: number;
  readonly total: number | null;
  /** Rows in the sorted order (those the filters keep), once done. */
  readonly rows: number | null;
  readonly error?: string;
}

export interface TableSortChannels {
  /** Starts (or finds) the background sort of a table by a column; answers its status at once. */
  'tables.sort.start': { arg: TableSortArg; result: TableSortStatus };
  'tables.sort.status': { arg: TableSortArg; result: TableSortStatus };
  /** Stops a running sort (its worker ends); not an error when none runs. */
  'tables.sort.cancel': { arg: TableSortArg; result: null };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });
const IDENT = str({ max: 128, min: 1, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ });
// The same filter shape tables.page checks (src/shared/contract.ts).
const filter: Guard<ColumnFilter> = obj({
  column: IDENT,
  op: oneOf(FILTER_OPS),
  value: optional(union(str({ max: 1024 }), int(-(2 ** 53) + 1, 2 ** 53 - 1))),
});
const arg: Guard<TableSortArg> = obj({ evidenceId: ID, table: IDENT, column: IDENT, filters: optional(arrayOf(filter, 32)) });

export const TABLE_SORT_ARG_GUARDS: { readonly [C in keyof TableSortChannels]: Guard<TableSortChannels[C]['arg']> } = {
  'tables.sort.start': arg,
  'tables.sort.status': arg,
  'tables.sort.cancel': arg,
};
