/**
 * The one place every view asks "does this row exist only in session.db-wal?" (issue 23). `WalOnlyScope` (App)
 * learns the per-table thresholds once per evidence; a view asks with `useWalOnly(table, rowid)` or shows
 * `<WalOnlyIf …/>` beside a row, so one poll serves every list and a memoised graph node pays only a context read.
 */
import { createContext, useContext } from 'react';
import { isWalOnly } from '../api/use-wal-only.js';

export interface WalOnlyState {
  /** Per table, the first rowid only in the -wal; null while not known yet. */
  readonly from: Readonly<Record<string, number>> | null;
}

export const WalOnlyContext = createContext<WalOnlyState>({ from: null });

/** A row as views name it: a table and a rowid (null when a line stands for no row). */
export type WalRow = { readonly table: string; readonly rowid: number } | null | undefined;

/** True when the row exists only in the -wal. */
export function useWalOnly(table: string | null | undefined, rowid: number | null | undefined): boolean {
  const { from } = useContext(WalOnlyContext);
  return table !== null && table !== undefined && rowid !== null && rowid !== undefined && isWalOnly(from, table, rowid);
}

/** True once the thresholds are known (the page's own signal that marks are final). */
export function useWalOnlyKnown(): boolean {
  return useContext(WalOnlyContext).from !== null;
}

/** True when any of `lastRowids` (table → the largest rowid an aggregate counts) reaches into the -wal. */
export function useWalOnlyAny(lastRowids: Readonly<Record<string, number>> | null | undefined): boolean {
  const { from } = useContext(WalOnlyContext);
  return lastRowids ? Object.entries(lastRowids).some(([t, r]) => isWalOnly(from, t, r)) : false;
}

/** The first rowid of `table` only in the -wal, for a grid of that table's rows (DataGrid's `walOnlyFrom`). */
export function useWalOnlyThreshold(table: string): number | undefined {
  return useContext(WalOnlyContext).from?.[table];
}
