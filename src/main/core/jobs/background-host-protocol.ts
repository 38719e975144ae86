// Verification's messages to and from serve mode's background host (workers/background-host.ts runs them through
// verify-host.ts; verify-host-client.ts is serve's side). Plain data only: the verification specs and results are
// the worker threads' own messages (verify-types.ts). The host's greeting and its relayed workers' messages are the
// runtime's own (workers/host-protocol.ts) and travel on the same channel.
import type { Result } from '../../../shared/errors.js';
import type { VerifyJobSpec } from './verify-pool.js';
import type { JobProgress, VerifySummary } from './verify-types.js';
import type { GrepMatch } from '../match/grep-types.js';

/**
 * The worker entries the host starts on request: the open's follow-up (quick_check, the overview's scans), its file
 * hashes (the copy proof, the archive hash) and the integrity report's builder. They read the scratch copy by path,
 * read-only, or an evidence file through the safe opener; nothing else may be asked for.
 */
export const RELAYABLE_WORKERS: readonly string[] = ['follow-up-worker', 'hash-file-worker', 'report-worker'];

export type VerifyToHost =
  | { readonly type: 'prestart'; readonly count: number }
  | { readonly type: 'start'; readonly jobId: number; readonly spec: VerifyJobSpec; readonly progressMs?: number }
  | { readonly type: 'cancel'; readonly jobId: number };

export type VerifyFromHost =
  | { readonly type: 'progress'; readonly jobId: number; readonly progress: JobProgress }
  | { readonly type: 'matches'; readonly jobId: number; readonly matches: readonly GrepMatch[] }
  | { readonly type: 'done'; readonly jobId: number; readonly result: Result<VerifySummary> };
