// A session's byte indicators (-F, -E, --secrets) searched together: one body search carrying one pattern per
// indicator, so each body is read, decoded, hashed and verified once however many there are (issue 41), then
// searched by each pattern. Each match goes back as a hit of the indicator whose pattern found it.
import type { Failure } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import type { BodyFailure } from '../jobs/verify-types.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';
import { DEFAULT_CONTEXT_BYTES, DEFAULT_MAX_PER_BODY, patternIndexOf } from '../match/grep-types.js';
import type { SecretFinding } from '../search/secret-findings.js';
import { destinationLookup, secretFinding } from '../search/secret-findings.js';
import { startSessionSearch } from '../search/session-search.js';
import type { ByteIndicator } from './indicators.js';
import { grepPatternOf } from './indicators.js';

/** A byte match in a verified body or a text column; `secret` for a --secrets match with a known pattern. */
export interface ByteHit {
  readonly kind: 'match';
  readonly indicator: ByteIndicator;
  readonly match: GrepMatch;
  readonly secret: SecretFinding | null;
}

export interface ByteHuntResult {
  /** Bodies that failed verification and were not searched. */
  readonly damaged: readonly BodyFailure[];
  /** Why the search did not finish when `hit` did not stop it (CANCELLED, or a job that failed). */
  readonly error: Failure | null;
}

export interface ByteHuntOptions {
  readonly signal?: AbortSignal;
  readonly workers?: number;
}

/** Searches every body and text column once for all `indicators`; `hit` returns false to stop. */
export async function huntBytes(
  evidence: Evidence,
  indicators: readonly ByteIndicator[],
  hit: (h: ByteHit) => boolean,
  opts: ByteHuntOptions = {},
): Promise<ByteHuntResult> {
  const destinationOf = indicators.some((i) => i.kind === 'secrets') ? destinationLookup(evidence.db) : null;
  const spec: GrepSpec = {
    patterns: indicators.map(grepPatternOf),
    table: null,
    direction: null,
    maxPerBody: DEFAULT_MAX_PER_BODY,
    contextBytes: DEFAULT_CONTEXT_BYTES,
  };
  const search = startSessionSearch(
    evidence,
    spec,
    (match) => {
      const indicator = indicators[patternIndexOf(match)]!;
      const secret = indicator.kind === 'secrets' && destinationOf ? secretFinding(match, destinationOf) : null;
      return hit({ kind: 'match', indicator, match, secret });
    },
    { ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.workers !== undefined ? { workers: opts.workers } : {}) },
  );
  const done = await search.done;
  return { damaged: done.damaged, error: done.error };
}
