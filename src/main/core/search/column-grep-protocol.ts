/** Messages of column-grep-worker.ts. */
import type { ColumnGrepResult } from './grep-columns.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';

export interface ColumnGrepRequest {
  readonly dbCopyPath: string;
  readonly spec: GrepSpec;
}

export type ColumnGrepReply =
  | { readonly type: 'matches'; readonly matches: readonly GrepMatch[] }
  | { readonly type: 'done'; readonly result: ColumnGrepResult }
  | { readonly type: 'error'; readonly code: string | null; readonly message: string };
