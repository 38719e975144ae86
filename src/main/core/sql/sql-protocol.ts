/** Messages between the SQL console's parent and its killable child process. */
import type { Cell } from '../../../shared/contract.js';
import type { SqlRowRef } from '../../../shared/contract/types.js';
import type { Failure } from '../../../shared/errors.js';

export interface SqlChildRun {
  readonly type: 'run';
  readonly dbPath: string;
  readonly sql: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly maxRows: number;
  /**
   * Keep a longer result open: after the first maxRows the child reads on into this spill file (a SQLite file of
   * row number → row, beside the scratch copy) and answers `page` messages, until the parent kills it.
   */
  readonly spillPath?: string;
  /** The spill file's cap in bytes of row text (default sql-stream.ts DEFAULT_SPILL_CAP_BYTES). */
  readonly spillCapBytes?: number;
}

/** The rows of an open result at a place (answered once the stream has read that far, or has ended). */
export interface SqlChildPage {
  readonly type: 'page';
  readonly id: number;
  readonly position: number;
  readonly limit: number;
}

export type SqlChildMessage = SqlChildRun | SqlChildPage;

export type SqlChildReply =
  | { readonly type: 'ready' }
  | {
      readonly type: 'result';
      readonly columns: readonly string[];
      readonly rows: readonly (readonly Cell[])[];
      readonly truncated: boolean;
      readonly rowRefs: readonly SqlRowRef[];
      /** True when the child kept the result open and streams the rest (the run had a spillPath). */
      readonly streaming?: boolean;
    }
  /**
   * `paused`: the stream read as far ahead of the pages asked as it may and waits for a page further on (sql-stream.ts
   * READ_AHEAD_ROWS); sent when it pauses and when it reads on. `capBytes`: present when the spill file's cap
   * stopped the reading (done, with the rows before it kept).
   */
  | {
      readonly type: 'progress';
      readonly streamed: number;
      readonly done: boolean;
      readonly paused: boolean;
      readonly capBytes?: number;
    }
  | {
      readonly type: 'page';
      readonly id: number;
      readonly rows: readonly (readonly Cell[])[];
      readonly position: number;
      readonly streamed: number;
      readonly done: boolean;
      readonly paused: boolean;
      readonly capBytes?: number;
    }
  | { readonly type: 'error'; readonly error: Failure };

/** Longest text kept per cell in console results; longer values are cut and say so. */
export const MAX_CELL_CHARS = 64 * 1024;
