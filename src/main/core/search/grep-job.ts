// A body search is a verification with a search attached: the same plan (blocks by offset, one worker per core, runs
// claimed from a shared counter), the same workers and the same decode-and-hash path, each body searched right after
// it verified. Its summary is the verification's (what failed is listed there, with its code: those bodies were not
// searched); its matches arrive through onMatches while it runs. However many patterns the spec carries, each body is
// decoded and hashed once.
import { InspectorError } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { planEvidenceScan } from '../jobs/plan-evidence-scan.js';
import type { VerifyJobHandle, VerifyJobOptions, VerifyJobSpec } from '../jobs/verify-pool.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import { inProcessVerifyRunner } from '../jobs/verify-runner.js';
import type { GrepSpec } from '../match/grep-types.js';
import { compileMatcher } from '../match/byte-matcher.js';
import { enableLinearRegExp } from '../match/linear-regexp.js';

export interface GrepJobOptions extends VerifyJobOptions {
  readonly workers?: number;
  readonly runner?: VerifyRunner;
  readonly maxListedFailures?: number;
}

/** The verification plan of this evidence with the search attached to every task. Throws BAD_PATTERN first. */
export function planGrep(e: Evidence, spec: GrepSpec, opts: Pick<GrepJobOptions, 'workers' | 'maxListedFailures'> = {}): VerifyJobSpec {
  // The patterns are compiled here once, so that a bad one is refused before any worker starts.
  if (spec.patterns.length === 0) throw new InspectorError('BAD_PATTERN', 'no search pattern was given');
  enableLinearRegExp();
  spec.patterns.forEach(compileMatcher);
  const plan = planEvidenceScan(e, {
    ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
    maxListedFailures: opts.maxListedFailures ?? 2000,
  });
  return { ...plan, tasks: plan.tasks.map((t) => ({ ...t, grep: spec })) };
}

export function startGrep(e: Evidence, spec: GrepSpec, opts: GrepJobOptions = {}): VerifyJobHandle {
  const plan = planGrep(e, spec, opts);
  return (opts.runner ?? inProcessVerifyRunner).start(plan, opts);
}
