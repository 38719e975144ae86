/**
 * What a feature room needs of the open evidence, as a small interface: the registry of open evidence lives in the
 * contract's service hub (core/service), above the features, and hands itself in as this. So a feature's handlers
 * never import the hub, and every arrow inside the core points down.
 */
import type { EvidenceSummary } from '../../../shared/contract.js';
import type { Result } from '../../../shared/errors.js';
import type { Evidence } from './types.js';

export interface EvidenceLookup {
  /**
   * The evidence for a structured view. Throws (BAD_REQUEST) for an id that is not open, and refuses evidence whose
   * deferred quick_check or copy proof failed (DB_CORRUPT, SNAPSHOT_MISMATCH).
   */
  get(id: string): Evidence;
  /** How the evidence came in (path, sample, dropped): to name it to the user without a private scratch path. */
  summary?(id: string): EvidenceSummary;
}

/** The lookup, and opening more: the Library opens the sessions it lists (the same paths give the same id). */
export interface EvidenceOpenings extends EvidenceLookup {
  open(paths: string[], origin: EvidenceSummary['origin']): Promise<Result<EvidenceSummary>>;
}

/** A feature room's contract handlers for its channels: each takes the channel's argument and answers its result. */
export type FeatureHandlers<Ch> = {
  readonly [C in keyof Ch]: Ch[C] extends { arg: infer A; result: infer R } ? (arg: A) => R | Promise<R> : never;
};
