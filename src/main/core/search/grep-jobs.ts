/**
 * The app's body search as a job: the grep job (search/grep-job.ts) on the same runner as verification, its progress
 * and end as job.progress / job.done (kind 'grep'; the outcome is the verification summary, whose failures are the
 * bodies not searched), and its matches as job.matches events. At most MAX_FORWARDED_MATCHES are sent; the rest are
 * counted, so a pattern matching everywhere cannot flood the renderer.
 */
import type { BodySearchArg, InspectorEvent, JobOutcome, SearchMatch } from '../../../shared/contract.js';
import { MAX_FORWARDED_MATCHES } from '../../../shared/contract.js';
import type { Evidence } from '../evidence/types.js';
import type { VerifyJobHandle } from '../jobs/verify-pool.js';
import type { VerifyRunner } from '../jobs/verify-runner.js';
import type { VerifySummary } from '../jobs/verify-types.js';
import type { GrepPattern } from '../match/grep-types.js';
import { DEFAULT_CONTEXT_BYTES, DEFAULT_MAX_PER_BODY } from '../match/grep-types.js';
import { startGrep } from './grep-job.js';

export function patternOf(arg: BodySearchArg): GrepPattern {
  switch (arg.kind) {
    case 'fixed':
      return { kind: 'fixed', text: arg.pattern, ignoreCase: arg.ignoreCase };
    case 'regex':
      return { kind: 'regex', source: arg.pattern, ignoreCase: arg.ignoreCase };
    case 'hex':
      return { kind: 'hex', hex: arg.pattern };
  }
}

/** Starts the search (a bad pattern throws BAD_PATTERN before anything starts) and returns its handle. */
export function startGrepJob(
  jobId: string,
  evidence: Evidence,
  arg: BodySearchArg,
  emit: (e: InspectorEvent) => void,
  runner: VerifyRunner,
  view: (s: VerifySummary) => Extract<JobOutcome, { ok: true }>['value'],
): VerifyJobHandle {
  const evidenceId = evidence.id;
  let total = 0;
  let forwarded = 0;
  const handle = startGrep(
    evidence,
    { patterns: [patternOf(arg)], table: null, direction: null, maxPerBody: DEFAULT_MAX_PER_BODY, contextBytes: DEFAULT_CONTEXT_BYTES },
    {
      runner,
      onProgress: (p) =>
        emit({
          name: 'job.progress',
          payload: {
            jobId,
            kind: 'grep',
            evidenceId,
            itemsDone: p.itemsDone,
            itemsTotal: p.itemsTotal,
            bytesDone: p.bytesDone,
            bytesTotal: p.bytesTotal,
            failed: p.failed,
          },
        }),
      onMatches: (batch) => {
        total += batch.length;
        const room = Math.max(0, MAX_FORWARDED_MATCHES - forwarded);
        const matches: SearchMatch[] = batch.slice(0, room);
        forwarded += matches.length;
        emit({ name: 'job.matches', payload: { jobId, evidenceId, matches, total } });
      },
    },
  );
  void handle.result.then((r) => {
    const outcome: JobOutcome = r.ok ? { ok: true, value: view(r.value) } : { ok: false, error: r.error };
    emit({ name: 'job.done', payload: { jobId, kind: 'grep', evidenceId, outcome } });
  });
  return handle;
}
