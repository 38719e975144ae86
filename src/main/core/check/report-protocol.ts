/** Messages of report-worker.ts, which builds an integrity report's sections off the main thread (report-off-thread.ts). */
import type { HostStop } from '../completeness/host-stop.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import type { ArchiveCheckInput } from '../bodies/archive-index.js';
import type { ReportHead } from './report-sections.js';
import type { CheckReport } from './types.js';

export interface ReportWorkerData {
  /** The evidence's scratch copy of session.db, opened read-only by the worker (openHardened). */
  readonly dbCopyPath: string;
  readonly head: ReportHead;
  readonly facts: Omit<ArchiveCheckInput, 'db'>;
  /** Run quick_check first and stop at page damage (the evidence has no follow-up running it). */
  readonly runPages: boolean;
  readonly rows: number | undefined;
  readonly verification: VerifySummary | null;
  /** What the session's host ledger says of its stop, read by the calling thread (plain data, so it crosses). */
  readonly hostStop: HostStop | null;
}

/** An error thrown while building, as the main thread rethrows it: InspectorError, or an Error with SQLite's code. */
export interface ThrownError {
  readonly kind: 'inspector' | 'error';
  readonly code: string | null;
  readonly name: string;
  readonly message: string;
}

export type ReportWorkerReply =
  | { readonly type: 'report'; readonly report: CheckReport }
  | { readonly type: 'threw'; readonly error: ThrownError }
  /** The worker could not do the work at all (its connection would not open): the main thread builds it instead. */
  | { readonly type: 'unavailable'; readonly message: string };
