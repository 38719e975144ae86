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
}

export type SqlChildReply =
  | { readonly type: 'ready' }
  | {
      readonly type: 'result';
      readonly columns: readonly string[];
      readonly rows: readonly (readonly Cell[])[];
      readonly truncated: boolean;
      readonly rowRefs: readonly SqlRowRef[];
    }
  | { readonly type: 'error'; readonly error: Failure };

/** Longest text kept per cell in console results; longer values are cut and say so. */
export const MAX_CELL_CHARS = 64 * 1024;
