/**
 * How many rows of a table match its filters (the Tables header says so). Counted up to a cap: past it the answer
 * is "at least", so a loose filter on a million-row table costs a bounded read, never the whole table twice.
 */
import type { ColumnFilter } from './types.js';
import { FILTER_OPS } from './types.js';
import type { Guard } from './guards.js';
import { arrayOf, int, obj, oneOf, optional, str, union } from './guards.js';

export const MATCH_COUNT_CAP = 100_000;

export interface MatchCount {
  readonly count: number;
  /** True when the count stopped at MATCH_COUNT_CAP: at least that many match. */
  readonly capped: boolean;
}

export interface TableCountArg {
  readonly evidenceId: string;
  readonly table: string;
  readonly filters: readonly ColumnFilter[];
}

export interface TableCountChannels {
  'tables.count': { arg: TableCountArg; result: MatchCount };
}

const IDENT = str({ max: 128, min: 1, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ });
const filter: Guard<ColumnFilter> = obj({
  column: IDENT,
  op: oneOf(FILTER_OPS),
  value: optional(union(str({ max: 1024 }), int(-(2 ** 53) + 1, 2 ** 53 - 1))),
});

export const TABLE_COUNT_ARG_GUARDS: { readonly [C in keyof TableCountChannels]: Guard<TableCountChannels[C]['arg']> } = {
  'tables.count': obj({ evidenceId: str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ }), table: IDENT, filters: arrayOf(filter, 32) }),
};
