// What summary-worker.ts is given and answers (summary-off-thread.ts starts it).
import type { LifecycleSummary } from '../../../shared/contract/lifecycle.js';

export interface SummaryRequest {
  readonly dbCopyPath: string;
  /** The tables the evidence opener vouched for (restrictTables), so the worker's answer is the main connection's. */
  readonly tables: readonly string[];
}

export type SummaryReply =
  | { readonly type: 'summary'; readonly summary: LifecycleSummary }
  | { readonly type: 'error'; readonly message: string };
