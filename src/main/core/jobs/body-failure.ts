// How a failed body is named everywhere (report, CLI, UI): `event_id source_table/direction: code sentence`,
// and THE one place that splits failures into two kinds:
//  - unreadable: the archive could not produce the body's bytes (missing, truncated or unrecorded blocks, an
//    index pointing outside the archive or its block, a bad file or block header, an unknown codec, an
//    archive that is not the one the ledger names, bodies not given at all);
//  - failed: bytes came back but are wrong (segment or body hash mismatch, a segment or stream that does not
//    decode, a decoded size over the cap) — and anything else, so no failure is ever hidden as "unreadable".
// The job's tally and the report count `failed` as every body that did not verify (the CLI's JSON key since
// the first release) and `unreadable` as the part of those the archive could not produce. The contract's
// VerifySummary and the Integrity view split them (toVerifySummary): failed = failed - unreadable, so
// verified + failed + unreadable = total, as docs/ARCHITECTURE.md promises (Verify every body).
import type { ErrorCode, Failure } from '../../../shared/errors.js';
import type { BodyKey } from '../../../shared/ledger-types.js';
import type { BodyFailure, PartResult } from './verify-types.js';

export function bodyFailure(key: BodyKey, error: Failure): BodyFailure {
  return { eventId: key.eventId, sourceTable: key.sourceTable, direction: key.direction, code: error.code, message: error.message };
}

export type BodyFailureKind = 'unreadable' | 'failed';

/** Exhaustive over the closed code set, so a new code must be placed on one side. */
const KIND_OF: Record<ErrorCode, BodyFailureKind> = {
  BLOCK_NOT_RECORDED: 'unreadable',
  ARCHIVE_MISSING: 'unreadable',
  BODIES_UNAVAILABLE: 'unreadable',
  INDEX_PAST_END: 'unreadable',
  TRUNCATED_BLOCK: 'unreadable',
  SPAN_OUT_OF_RANGE: 'unreadable',
  BAD_FILE_HEADER: 'unreadable',
  COMMITTED_EXTENT: 'unreadable',
  ARCHIVE_IDENTITY_MISMATCH: 'unreadable',
  BAD_BLOCK_HEADER: 'unreadable',
  UNSUPPORTED_CODEC: 'unreadable',
  BODY_HASH_MISMATCH: 'failed',
  SEGMENT_HASH_MISMATCH: 'failed',
  DECODE_FAILED: 'failed',
  DECODED_TOO_LARGE: 'failed',
  BAD_SEGMENT: 'failed',
  // Not body-read outcomes; should one reach a tally it counts as failed, never hidden.
  NOT_FOUND: 'failed',
  NOT_A_LEDGER: 'failed',
  LEDGER_TOO_OLD: 'failed',
  UNSUPPORTED_GENERATION: 'failed',
  INDEX_REQUIRED: 'failed',
  UNSAFE_PATH: 'failed',
  HOT_JOURNAL: 'failed',
  WAL_WITHOUT_DB: 'failed',
  DB_CORRUPT: 'failed',
  SCHEMA_UNEXPECTED: 'failed',
  SNAPSHOT_MISMATCH: 'failed',
  NO_SUCH_BODY: 'failed',
  CHAIN_BROKEN: 'failed',
  CANCELLED: 'failed',
  DEADLINE: 'failed',
  QUERY_REFUSED: 'failed',
  EXPORT_FAILED: 'failed',
  EXPORT_DESTINATION: 'failed',
  BAD_REQUEST: 'failed',
  BAD_PATTERN: 'failed',
  CASE_DAMAGED: 'failed',
  CASE_TOO_NEW: 'failed',
  CASE_INSIDE_EVIDENCE: 'failed',
  CASE_NOT_KEPT: 'failed',
  NOTABLE_DAMAGED: 'failed',
  NOTABLE_TOO_NEW: 'failed',
  NO_SUCH_EVENT: 'failed',
  AMBIGUOUS_EVENT: 'failed',
  INTERNAL: 'failed',
};

export function bodyFailureKind(code: ErrorCode): BodyFailureKind {
  return KIND_OF[code] ?? 'failed';
}

export function formatBodyFailure(f: BodyFailure): string {
  return `${f.eventId} ${f.sourceTable}/${f.direction}: ${f.code} ${f.message}`;
}

/** A tally that keeps counting past the listing cap, so counts reconcile whatever the list holds. */
export class FailureTally {
  verified = 0;
  /** Every body that did not verify. */
  failed = 0;
  /** Of `failed`, the bodies the archive could not produce. */
  unreadable = 0;
  unhashed = 0;
  bytes = 0;
  failuresOmitted = 0;
  readonly failures: BodyFailure[] = [];
  /** The block of each listed failure, when the caller names it (see PartResult.failureBlocks). */
  private readonly blocks: number[] = [];
  private unplaced = false;
  constructor(private readonly maxListed: number) {}

  fail(f: BodyFailure, blockOffset?: number): void {
    this.failed += 1;
    if (bodyFailureKind(f.code) === 'unreadable') this.unreadable += 1;
    if (this.failures.length < this.maxListed) {
      this.failures.push(f);
      if (blockOffset === undefined) this.unplaced = true;
      else this.blocks.push(blockOffset);
    } else this.failuresOmitted += 1;
  }

  result(): PartResult {
    return {
      verified: this.verified,
      failed: this.failed,
      unreadable: this.unreadable,
      unhashed: this.unhashed,
      bytes: this.bytes,
      failures: this.failures,
      failuresOmitted: this.failuresOmitted,
      ...(this.unplaced || this.failures.length === 0 ? {} : { failureBlocks: this.blocks }),
    };
  }
}

/**
 * The parts' listed failures in one order: parts whose failures name their blocks are merged by block_offset (stable,
 * so a block's own order stays), after the parts that name none (rows settled without reading, L0 ranges), which keep
 * their part order. Each part lists its first failures in block order, so the first `maxListed` of the merge are the
 * job's first in block order whichever worker found them.
 */
function inListOrder(parts: readonly PartResult[]): BodyFailure[] {
  const unplaced = parts.filter((p) => !p.failureBlocks);
  const placed = parts.filter((p) => p.failureBlocks).flatMap((p) => p.failures.map((f, i) => ({ f, block: p.failureBlocks![i]! })));
  placed.sort((a, b) => a.block - b.block);
  return [...unplaced.flatMap((p) => p.failures), ...placed.map((x) => x.f)];
}

/** Sums parts; the listed failures stay capped at `maxListed`. */
export function mergeParts(parts: readonly PartResult[], maxListed: number): PartResult {
  const tally = new FailureTally(maxListed);
  for (const p of parts) {
    tally.verified += p.verified;
    tally.unhashed += p.unhashed;
    tally.bytes += p.bytes;
    // Listed failures are counted (and classified) again below; the unlisted rest is added from the part's counts.
    const listedUnreadable = p.failures.filter((f) => bodyFailureKind(f.code) === 'unreadable').length;
    tally.failed += p.failed - p.failures.length;
    tally.unreadable += p.unreadable - listedUnreadable;
    tally.failuresOmitted += p.failuresOmitted;
  }
  for (const f of inListOrder(parts)) tally.fail(f);
  return tally.result();
}

/**
 * The bodies a tally has read: every body verified or not (`failed` already holds the unreadable ones). The one place
 * that sum is written; its split for the contract is disjointCounts below.
 */
export function bodiesRead(r: { readonly verified: number; readonly failed: number }): number {
  return r.verified + r.failed;
}

/** The contract's three disjoint counts from a tally (see the top of this file). */
export function disjointCounts(r: { readonly verified: number; readonly failed: number; readonly unreadable: number }): {
  verified: number;
  failed: number;
  unreadable: number;
} {
  return { verified: r.verified, failed: r.failed - r.unreadable, unreadable: r.unreadable };
}
