// What serve mode's verification host (verify-host.ts) and its client (verify-host-runner.ts) say over IPC.
// Plain data only: the specs and results are the worker threads' own messages (verify-types.ts).
import type { Result } from '../../../shared/errors.js';
import type { VerifyJobSpec } from './verify-pool.js';
import type { JobProgress, VerifySummary } from './verify-types.js';

export type ToHost =
  | { readonly type: 'prestart'; readonly count: number }
  | { readonly type: 'start'; readonly jobId: number; readonly spec: VerifyJobSpec; readonly progressMs?: number }
  | { readonly type: 'cancel'; readonly jobId: number };

export type FromHost =
  /** Sent once at start: how the host lowered itself (for tests and the log). */
  | { readonly type: 'ready'; readonly priority: string }
  | { readonly type: 'progress'; readonly jobId: number; readonly progress: JobProgress }
  | { readonly type: 'done'; readonly jobId: number; readonly result: Result<VerifySummary> };
