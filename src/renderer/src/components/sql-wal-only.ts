/**
 * The SQL console's rows only in session.db-wal (issue 23). A console query is arbitrary, so a result row is
 * attributed to a table row only through a column SQLite says is that table's rowid (the core's `rowRefs`): such a
 * row is marked when any of those rowids is only in the -wal. Results without one cannot be attributed, and when
 * the ledger has rows only in the -wal the console says so above the grid rather than showing nothing.
 */
import { useContext, useMemo } from 'react';
import type { SqlResult } from '../../../shared/contract.js';
import { isWalOnly } from '../api/use-wal-only.js';
import { WalOnlyContext } from './wal-only-context.js';

export interface SqlWalOnly {
  /** Given, a result row (by index) is marked when it returns true. */
  readonly at: ((row: number) => boolean) | undefined;
  /** What the marks mean for these results, or null when the ledger has no rows only in the -wal. */
  readonly note: string | null;
}

/** `rows` are the rows on screen (a window of a paged result); absent, the result's own first rows. */
export function useSqlWalOnly(result: SqlResult | null, rows?: SqlResult['rows']): SqlWalOnly {
  const { from } = useContext(WalOnlyContext);
  return useMemo(() => {
    if (!result || !from || Object.keys(from).length === 0) return { at: undefined, note: null };
    const refs = (result.rowRefs ?? []).filter((r) => from[r.table] !== undefined);
    if ((result.rowRefs ?? []).length === 0)
      return {
        at: undefined,
        note: 'these results name no table row (no rowid column), so rows only in session.db-wal cannot be marked here; select a table’s rowid to see them',
      };
    const at = (i: number): boolean =>
      refs.some((r) => {
        const v = (rows ?? result.rows)[i]?.[r.column];
        return typeof v === 'number' && isWalOnly(from, r.table, v);
      });
    const named = [...new Set((result.rowRefs ?? []).map((r) => r.table))].join(', ');
    return { at, note: `rows carrying a rowid of ${named} that exists only in session.db-wal are marked` };
  }, [result, rows, from]);
}
