/**
 * The `notable.*` channel: what an open session holds of the notable set (docs/notable-set.md). The core runs the
 * set over each session as it opens it, in the background, and says `notable.changed {evidenceId}` when it starts and
 * when it ends; the view asks `notable.status` then, which only reads. Hits are the hunt's own (HuntHitView).
 */
import type { Failure } from '../errors.js';
import type { HuntHitView } from './hunt.js';
import { obj, str } from './guards.js';

/** One saved entry found in this session. */
export interface NotableFoundView {
  readonly name: string;
  /** Its indicators as the CLI names them (`--domain example.com`). */
  readonly indicators: readonly string[];
  /** Every hit counted; `hits` holds the first few hundred. */
  readonly hitCount: number;
  readonly hits: readonly HuntHitView[];
}

export interface NotableStatus {
  /** not-kept: this inspector has no notable set (serve without --notable); nothing runs. */
  readonly state: 'not-kept' | 'waiting' | 'running' | 'done' | 'failed';
  /** How many entries the set holds (0 until it was read). */
  readonly entries: number;
  /** The entries found here, in the set's order. */
  readonly found: readonly NotableFoundView[];
  /** Bodies that failed verification and so were not searched. */
  readonly damaged: number;
  /** Why the scan failed or stopped (a set refused as NOTABLE_DAMAGED, say). */
  readonly error: Failure | null;
}

export interface NotableChannels {
  'notable.status': { arg: { readonly evidenceId: string }; result: NotableStatus };
}

const EVIDENCE_ID = str({ max: 128, min: 1, pattern: /^[A-Za-z0-9_-]+$/ });

export const NOTABLE_ARG_GUARDS = {
  'notable.status': obj({ evidenceId: EVIDENCE_ID }),
};
