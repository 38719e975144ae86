// What fs-index-worker.ts is given and answers (fs-index-warm.ts starts it).
import type { FsIndex } from './fs-index.js';

export interface FsIndexRequest {
  readonly dbCopyPath: string;
  /** The tables the evidence opener vouched for (restrictTables), so the worker reads what the main connection would. */
  readonly tables: readonly string[];
}

export type FsIndexReply = { readonly type: 'index'; readonly index: FsIndex } | { readonly type: 'error'; readonly message: string };
