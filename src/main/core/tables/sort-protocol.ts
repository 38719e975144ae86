/** Messages of sort-worker.ts (a table's rowids in the order of a column no index serves). */
export interface SortWorkerData {
  readonly dbCopyPath: string;
  /** Quoted table and column names, and the filters' WHERE part with its parameters (tables/filters.ts). */
  readonly table: string;
  readonly column: string;
  readonly where: string;
  readonly params: readonly unknown[];
}

export type SortWorkerReply =
  | { readonly type: 'total'; readonly total: number }
  | { readonly type: 'progress'; readonly read: number }
  /**
   * The rowids in (column, rowid) ascending order, and the reverse lookup (the rowids sorted, and each one's place),
   * all made in the worker and transferred (not copied), so the server's thread only receives them.
   */
  | { readonly type: 'done'; readonly rowids: Float64Array; readonly byRowid: Float64Array; readonly placeOf: Int32Array }
  | { readonly type: 'error'; readonly message: string };

/** Progress is posted every this many rows read. */
export const SORT_PROGRESS_EVERY = 16_384;
