// The verification job's vocabulary: what a worker is asked to do, what it reports, what the caller gets.
// Everything here crosses a worker boundary by structured clone, so it is plain data (no classes, no bigint).
import type { BodyFailureView } from '../../../shared/contract/types.js';
import type { ErrorCode, Failure } from '../../../shared/errors.js';
import type { BlockRow } from '../../../shared/ledger-types.js';
import type { ArchiveOpenOptions } from '../archive/types.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';

/**
 * One body that did not read back: `event_id source_table/direction: code sentence`. The contract's BodyFailureView,
 * with the code narrowed to the closed set (the view carries it as a string across the wire).
 */
export interface BodyFailure extends BodyFailureView {
  readonly code: ErrorCode;
}

/** What one worker verifies. It opens the scratch SQLite copy and the archive itself; only offsets travel. */
export type VerifyTask =
  | {
      readonly kind: 'archive';
      /** The private scratch copy of session.db (never the evidence file). */
      readonly dbPath: string;
      readonly archive: ArchiveOpenOptions;
      /** This worker's blocks, in ascending block_offset; with `claimRuns`, every worker's (the job's blocks). */
      readonly blocks: readonly BlockRow[];
      /**
       * Where the runs of `blocks` start: the worker claims runs one at a time from the job's shared counter (the
       * `claim` of its start message) instead of verifying every block. Absent: it verifies all of `blocks`.
       */
      readonly claimRuns?: readonly number[];
      readonly maxListedFailures: number;
      /** Also search every body that verifies (grep): matches come back as `matches` messages. */
      readonly grep?: GrepSpec;
    }
  | {
      /** L0: bodies live in event_body_blobs.body; verified against body_hash when present. */
      readonly kind: 'sqlite';
      readonly dbPath: string;
      /** Inclusive rowid range of event_body_blobs. */
      readonly firstId: number;
      readonly lastId: number;
      readonly maxListedFailures: number;
      readonly grep?: GrepSpec;
    };

/** Items are bodies; bytes are body bytes (body_len). */
export interface Progress {
  readonly items: number;
  readonly bytes: number;
  readonly failed: number;
}

/** The tally of one part (one worker, or the rows the main thread settles without reading). */
export interface PartResult {
  readonly verified: number;
  /** Every body that did not verify (body-failure.ts explains the split). */
  readonly failed: number;
  /** Of `failed`, the bodies whose bytes the archive could not produce. */
  readonly unreadable: number;
  /** L0 rows without a body_hash: read, but nothing to check them against. Counted as verified. */
  readonly unhashed: number;
  readonly bytes: number;
  readonly failures: readonly BodyFailure[];
  /**
   * For each listed failure, the block_offset of the block it was found in (archive verification): parts are merged
   * in block order, so the list is the same whichever worker claimed which block.
   */
  readonly failureBlocks?: readonly number[];
  /** Failures counted but not listed (the list is capped to bound memory). */
  readonly failuresOmitted: number;
}

/** `claim`: the job's shared run counter (one Int32), for a task with claimRuns. */
export type MainToWorker = { readonly type: 'start'; readonly task: VerifyTask; readonly claim?: SharedArrayBuffer };

export type WorkerToMain =
  /** Its modules are loaded and it waits for `start` (what a worker started ahead of its job is waited on for). */
  | { readonly type: 'ready' }
  | { readonly type: 'progress'; readonly progress: Progress }
  /** Matches of a grep task, in the worker's block order, each from a body that verified. */
  | { readonly type: 'matches'; readonly matches: readonly GrepMatch[] }
  | { readonly type: 'done'; readonly result: PartResult }
  | { readonly type: 'failed'; readonly error: Failure };

/** What the caller of the job sees while it runs. */
export interface JobProgress {
  readonly itemsDone: number;
  readonly itemsTotal: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
  readonly failed: number;
}

export interface VerifySummary extends PartResult {
  readonly bodies: number;
  readonly workers: number;
  readonly elapsedMs: number;
}

export const DEFAULT_MAX_LISTED_FAILURES = 10_000;
/** A worker reports at most this often; the pool forwards an aggregate on its own timer. */
export const WORKER_PROGRESS_MS = 100;
/** The pool's progress cadence: comfortably inside "at least every 250 ms". */
export const POOL_PROGRESS_MS = 200;
