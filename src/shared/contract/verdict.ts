/**
 * What has been proven about an opened ledger, as one verdict every view shows (header, overview, integrity view,
 * library): verification is part of opening (issue 23), so a verdict reads "checking" until the pages
 * (quick_check), the proof of the scratch copy and every body are done, INTACT only when all of them passed,
 * DAMAGED as soon as the first failure is known, and "bodies not verified" when the verification was cancelled.
 */
import type { Guard } from './guards.js';
import { obj, str } from './guards.js';

export type VerdictState = 'checking' | 'intact' | 'damaged' | 'unverified';

/** One check that must pass before INTACT: still running, passed, or failed. */
export type CheckState = 'pending' | 'ok' | 'failed';

/** The verification of every body that the open started (or the last one the user started). */
export type BodiesState =
  /** Not started yet: it starts once the first view was answered, as the open's other follow-up does. */
  | { readonly state: 'waiting' }
  | {
      readonly state: 'running';
      readonly jobId: string;
      readonly itemsDone: number;
      readonly itemsTotal: number;
      readonly bytesDone: number;
      readonly bytesTotal: number;
      /** Bodies found failing so far (the verdict is DAMAGED from the first). */
      readonly failed: number;
    }
  | {
      readonly state: 'done';
      readonly total: number;
      readonly verified: number;
      readonly failed: number;
      readonly unreadable: number;
      /** The job that ended so (absent when none ran): a view follows the latest verification wherever it was started. */
      readonly jobId?: string;
    }
  | { readonly state: 'cancelled'; readonly jobId?: string }
  /** The verification could not run to its end (a worker failed): no claim about the bodies. */
  | { readonly state: 'failed'; readonly code: string; readonly message: string; readonly jobId?: string };

export interface VerdictView {
  readonly verdict: VerdictState;
  /** PRAGMA quick_check of the scratch copy. */
  readonly pages: CheckState;
  /** The proof that the scratch copy holds the evidence's bytes. */
  readonly copyProof: CheckState;
  /** The integrity report's own findings (tables, index and archive, tools): failed when it has an error. */
  readonly report: CheckState;
  readonly bodies: BodiesState;
  /**
   * What Capsem's current build would do with this ledger when it would refuse it (an earlier A4 build's shape):
   * not damage, so the verdict may still read INTACT, but every view says so beside it. Null otherwise.
   */
  readonly capsemRefuses: string | null;
  /**
   * The report's completeness beside the verdict (COMPLETE, or GAPS with their kinds), never folded into it; null
   * until the report is in.
   */
  readonly completeness: { readonly verdict: 'complete' | 'gaps' | 'unknown'; readonly kinds: readonly string[] } | null;
}

export interface VerdictChannels {
  /** The verdict now; ask again while it reads "checking" (cheap: no SQL, no file read). */
  'integrity.verdict': { arg: { readonly evidenceId: string }; result: VerdictView };
}

const ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const VERDICT_ARG_GUARDS: { readonly [C in keyof VerdictChannels]: Guard<VerdictChannels[C]['arg']> } = {
  'integrity.verdict': obj({ evidenceId: ID }),
};
