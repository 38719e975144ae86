/**
 * The last finished verification of each open ledger, kept beside its connection so every view that tells rows
 * (the transcript, its saved files) can mark a failed body on the line that quotes it without being handed the
 * job's result: the job board records it when a verification ends (service/jobs.ts), the CLI when it ran one.
 */
import type Database from 'better-sqlite3';
import type { BodyFailure, VerifySummary } from './verify-types.js';

export interface VerifiedBodies {
  /** Bodies the verification covered. */
  readonly total: number;
  /** Every body that did not verify, as many as the job listed. */
  readonly failures: readonly BodyFailure[];
  /** Failures counted but not listed (the job caps its list). */
  readonly omitted: number;
  failureOf(eventId: unknown, sourceTable: string, direction: string): BodyFailure | undefined;
}

const kept = new WeakMap<Database.Database, VerifiedBodies>();

const key = (eventId: unknown, table: string, direction: string): string => `${String(eventId)}\0${table}\0${direction}`;

export function recordVerification(db: Database.Database, summary: VerifySummary): void {
  const byKey = new Map(summary.failures.map((f) => [key(f.eventId, f.sourceTable, f.direction), f]));
  kept.set(db, {
    total: summary.bodies,
    failures: summary.failures,
    omitted: summary.failuresOmitted,
    failureOf: (eventId, table, direction) => byKey.get(key(eventId, table, direction)),
  });
}

/** The last finished verification of this connection's ledger, or null while none has finished. */
export function verifiedBodiesOf(db: Database.Database): VerifiedBodies | null {
  return kept.get(db) ?? null;
}
