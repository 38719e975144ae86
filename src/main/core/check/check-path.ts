// One call from a path to a report: classify, open read-only (scratch copy, no archive hash: the report
// reads bodies itself when asked), check, close. Page damage found while opening is a verdict (damaged);
// anything else that stops the open (not a ledger, unsupported, unsafe path) is returned as a failure.
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Result } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import { classifyPaths } from '../evidence/classify.js';
import { DEFER_CHECKS_ABOVE_BYTES, openSession } from '../evidence/open-evidence.js';
import type { Evidence, SessionInput } from '../evidence/types.js';
import type { CheckOptions } from './check-evidence.js';
import { checkEvidence } from './check-evidence.js';
import { damagedPagesReport, isPageDamage } from './damaged-pages-report.js';
import type { CheckReport } from './types.js';
import { defaultWorkerCount } from '../jobs/verify-plan.js';
import { workersWorthStarting } from '../jobs/workers-worth-starting.js';
import { prestartVerifyWorkers } from '../jobs/prestarted-verify-workers.js';

export interface CheckPathOptions extends CheckOptions {
  readonly scratchRoot?: string;
}

export function checkPath(path: string, opts: CheckPathOptions = {}): Promise<Result<CheckReport>> {
  return checkPaths([path], opts);
}

/** The same for the paths one open names together (a folder, or session.db beside session.bodies). */
export async function checkPaths(paths: string[], opts: CheckPathOptions = {}): Promise<Result<CheckReport>> {
  const path = paths.join(', ');
  const classified = await classifyPaths(paths);
  if (!classified.ok) return classified;
  const input = classified.value;
  if (input.kind !== 'session') {
    return {
      ok: false,
      error: fail(
        'BAD_REQUEST',
        `${path} is a ${input.kind === 'host' ? 'host ledger' : 'Capsem home'}, not a session ledger; check needs a session folder or session.db`,
      ),
    };
  }
  // The verification workers start now and load their modules while the ledger opens and the index is checked.
  if (opts.verifyBodies) prestartVerifyWorkers(workersWorthStarting(input, opts.workers ?? defaultWorkerCount()));
  const opened = await openForCheck(input, opts.scratchRoot);
  if (!opened.ok) {
    if (isPageDamage(opened.error))
      return { ok: true, value: damagedPagesReport({ id: basename(input.dir), dir: input.dir }, input.dbPath, opened.error) };
    return opened;
  }
  const evidence = opened.value;
  try {
    return { ok: true, value: await checkEvidence(evidence, opts) };
  } catch (error) {
    // E.g. SNAPSHOT_MISMATCH from the copy's proof: the open did not hold, so this is "cannot open", named.
    return { ok: false, error: toFailure(error) };
  } finally {
    evidence.close();
  }
}

/**
 * Above this (the same bound as the app's deferred open), quick_check (~5 ms/MiB) runs in a worker beside the
 * report's other sections instead of before them.
 */
const PARALLEL_QUICK_CHECK_ABOVE_BYTES = DEFER_CHECKS_ABOVE_BYTES;

/**
 * Opens a session for the report. quick_check is the report's own first step, so page damage becomes a verdict
 * rather than a refusal: a small ledger is opened without it (the report runs it first); a large one with the check
 * deferred to the open's follow-up worker, which checkEvidence waits for before it keeps anything else.
 */
export async function openForCheck(input: SessionInput, scratchRoot?: string): Promise<Result<Evidence>> {
  let size = 0;
  try {
    size = statSync(input.dbPath).size;
  } catch {
    // The open names the problem.
  }
  const parallel = size > PARALLEL_QUICK_CHECK_ABOVE_BYTES;
  // No kernel copy: the report waits for the copy's proof anyway, and copying while hashing reads the file once
  // (a kernel copy then its proof reads it twice and left the report 0.7 s later on a 1.2 GB ledger).
  return openSession(input, {
    scratchRoot,
    hashArchive: false,
    quickCheck: parallel,
    deferChecks: parallel,
    deferAboveBytes: 0,
    kernelCopy: false,
  });
}
