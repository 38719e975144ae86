// What serve mode's background host (background-host.ts) and its client (background-host-client.ts) say over IPC.
// Plain data only: the verification specs and results are the worker threads' own messages (verify-types.ts), and
// a relayed worker's messages are passed through as its thread posted them (structured clone, "advanced" IPC).
import type { Result } from '../../../shared/errors.js';
import type { VerifyJobSpec } from './verify-pool.js';
import type { JobProgress, VerifySummary } from './verify-types.js';
import type { GrepMatch } from '../search/grep-types.js';

/**
 * The worker entries the host starts on request: the open's follow-up (quick_check, the overview's scans), its file
 * hashes (the copy proof, the archive hash) and the integrity report's builder. They read the scratch copy by path,
 * read-only, or an evidence file through the safe opener; nothing else may be asked for.
 */
export const RELAYABLE_WORKERS: readonly string[] = ['follow-up-worker', 'hash-file-worker', 'report-worker'];

export type ToHost =
  | { readonly type: 'prestart'; readonly count: number }
  | { readonly type: 'start'; readonly jobId: number; readonly spec: VerifyJobSpec; readonly progressMs?: number }
  | { readonly type: 'cancel'; readonly jobId: number }
  /** Start worker `baseName` beside `callerUrl` (a module of this same build) with `workerData`. */
  | {
      readonly type: 'worker-spawn';
      readonly workerId: number;
      readonly callerUrl: string;
      readonly baseName: string;
      readonly workerData: unknown;
    }
  | { readonly type: 'worker-post'; readonly workerId: number; readonly message: unknown }
  | { readonly type: 'worker-terminate'; readonly workerId: number };

export type FromHost =
  /** Sent once at start: how the host lowered itself (for tests and the log). */
  | { readonly type: 'ready'; readonly priority: string }
  | { readonly type: 'progress'; readonly jobId: number; readonly progress: JobProgress }
  | { readonly type: 'matches'; readonly jobId: number; readonly matches: readonly GrepMatch[] }
  | { readonly type: 'done'; readonly jobId: number; readonly result: Result<VerifySummary> }
  | { readonly type: 'worker-message'; readonly workerId: number; readonly message: unknown }
  /** The worker could not start or threw; a worker-exit follows. */
  | { readonly type: 'worker-error'; readonly workerId: number; readonly name: string; readonly message: string }
  | { readonly type: 'worker-exit'; readonly workerId: number; readonly exitCode: number };
