/** Messages of row-count-worker.ts. */
export interface RowCountRequest {
  readonly dbCopyPath: string;
  /** Table names as the schema reads them (quoted by the worker). */
  readonly tables: readonly string[];
}

export type RowCountReply =
  | { readonly type: 'counts'; readonly counts: readonly (readonly [string, number])[] }
  | { readonly type: 'error'; readonly code: string | null; readonly message: string };
