// How a failed body is named everywhere (report, CLI, UI): `event_id source_table/direction: code sentence`.
import type { Failure } from '../../../shared/errors.js';
import type { BodyKey } from '../../../shared/ledger-types.js';
import type { BodyFailure, PartResult } from './verify-types.js';

export function bodyFailure(key: BodyKey, error: Failure): BodyFailure {
  return { eventId: key.eventId, sourceTable: key.sourceTable, direction: key.direction, code: error.code, message: error.message };
}

export function formatBodyFailure(f: BodyFailure): string {
  return `${f.eventId} ${f.sourceTable}/${f.direction}: ${f.code} ${f.message}`;
}

/** A tally that keeps counting past the listing cap, so counts reconcile whatever the list holds. */
export class FailureTally {
  verified = 0;
  failed = 0;
  unhashed = 0;
  bytes = 0;
  failuresOmitted = 0;
  readonly failures: BodyFailure[] = [];
  constructor(private readonly maxListed: number) {}

  fail(f: BodyFailure): void {
    this.failed += 1;
    if (this.failures.length < this.maxListed) this.failures.push(f);
    else this.failuresOmitted += 1;
  }

  result(): PartResult {
    return {
      verified: this.verified, failed: this.failed, unhashed: this.unhashed, bytes: this.bytes,
      failures: this.failures, failuresOmitted: this.failuresOmitted,
    };
  }
}

/** Sums parts; the listed failures stay capped at `maxListed`. */
export function mergeParts(parts: readonly PartResult[], maxListed: number): PartResult {
  const tally = new FailureTally(maxListed);
  for (const p of parts) {
    tally.verified += p.verified;
    tally.unhashed += p.unhashed;
    tally.bytes += p.bytes;
    for (const f of p.failures) tally.fail(f);
    tally.failed += p.failed - p.failures.length;
    tally.failuresOmitted += p.failuresOmitted;
  }
  return tally.result();
}
