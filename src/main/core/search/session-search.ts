// A spec's patterns over one opened session: every body verified once then searched by the workers for each pattern,
// the text columns searched here on the calling thread meanwhile. grep runs it with one pattern; hunt runs it once per
// session with all its byte indicators. The caller sees each match as it comes and may stop the search (a --max, a
// reader gone); an aborted signal cancels it.
import type { Failure } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import type { JobProgress, VerifySummary, BodyFailure } from '../jobs/verify-types.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../jobs/verify-runner.js';
import type { ColumnGrepResult } from './grep-columns.js';
import { grepColumns } from './grep-columns.js';
import { planGrep } from './grep-job.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';

export interface SessionSearchOptions {
  readonly workers?: number;
  readonly runner?: VerifyRunner;
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: JobProgress) => void;
}

export interface SessionSearchResult {
  /** The verification's tally; null when it did not finish (stopped early, or failed: see `error`). */
  readonly summary: VerifySummary | null;
  readonly columns: ColumnGrepResult;
  /** The bodies that failed verification and were not searched, within the spec's table and direction. */
  readonly damaged: readonly BodyFailure[];
  /** True when the visitor (or stop()) ended the search before it was done. */
  readonly stopped: boolean;
  /** Why the search did not finish when it was not stopped (CANCELLED on an aborted signal, or a job failure). */
  readonly error: Failure | null;
}

export interface SessionSearch {
  /** What is to be searched, known before the first body is read. */
  readonly itemsTotal: number;
  readonly bytesTotal: number;
  /** Ends the search early as a visitor returning false does (not an error). */
  stop(): void;
  readonly done: Promise<SessionSearchResult>;
}

/**
 * Starts the search; `visit` gets every match (bodies and columns) and returns false to stop. Throws BAD_PATTERN
 * before any worker starts. The columns are searched one microtask after this returns, so the caller can draw what
 * is to be searched first.
 */
export function startSessionSearch(
  evidence: Evidence,
  spec: GrepSpec,
  visit: (m: GrepMatch) => boolean,
  opts: SessionSearchOptions = {},
): SessionSearch {
  const plan = planGrep(evidence, spec, opts.workers !== undefined ? { workers: opts.workers } : {});
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    job.cancel();
  };
  const job = (opts.runner ?? inProcessVerifyRunner).start(plan, {
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    onMatches: (batch) => {
      for (const m of batch) {
        if (stopped) return;
        if (!visit(m)) stop();
      }
    },
  });
  const onAbort = (): void => job.cancel();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) job.cancel();
  const done = (async (): Promise<SessionSearchResult> => {
    await Promise.resolve();
    // The workers' matches wait in the message queue while the columns are searched, and arrive after theirs.
    const columns = stopped
      ? { columns: 0, values: 0 }
      : grepColumns(evidence.db, spec, (m) => {
          const go = visit(m);
          if (!go) stop();
          return go;
        });
    const result = await job.result.finally(() => opts.signal?.removeEventListener('abort', onAbort));
    const summary = result.ok ? result.value : null;
    const wanted = (f: BodyFailure): boolean =>
      (spec.table === null || f.sourceTable === spec.table) && (spec.direction === null || f.direction === spec.direction);
    return {
      summary,
      columns,
      damaged: summary ? summary.failures.filter(wanted) : [],
      stopped,
      error: result.ok || stopped ? null : result.error,
    };
  })();
  return { itemsTotal: plan.itemsTotal, bytesTotal: plan.bytesTotal, stop, done };
}
