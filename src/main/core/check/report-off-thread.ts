/**
 * checkEvidence for the interactive app (serve mode, the desktop app's IPC): the same report, built in a worker
 * thread (report-worker.ts) on its own read-only connection to the scratch copy, so the thread answering the page
 * stays free. On the 1,000,000-event ledger the sections read for 4.6-14 s; on the main thread every request (the
 * page's own files included) waited behind them.
 *
 * The waits stay here: the follow-up's quick_check verdict (the report stops at page damage) and the proof of the
 * copy (no report on a copy that is not the evidence), exactly as checkEvidence does them. When the worker cannot
 * run (no worker entry in this build, its connection would not open, it died), checkEvidence runs on this thread
 * instead: slower to answer, the same report. Body verification (verifyBodies) already runs on workers and goes
 * straight to checkEvidence.
 */
import { InspectorError } from '../../../shared/errors.js';
import type { ErrorCode } from '../../../shared/errors.js';
import type { Evidence } from '../evidence/types.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { SpawnWorker } from '../workers/worker-like.js';
import type { CheckOptions } from './check-evidence.js';
import { checkEvidence, deferredQuickCheck, keptIfPagesPass, requireProvenCopy } from './check-evidence.js';
import type { ReportWorkerData, ReportWorkerReply, ThrownError } from './report-protocol.js';
import { reportHead } from './report-sections.js';
import { sectionFacts } from '../bodies/archive-facts.js';
import type { CheckReport } from './types.js';

/** What the worker came back with: the report, the error building it threw, or null when it could not run. */
type WorkerOutcome = { readonly ok: true; readonly report: CheckReport } | { readonly ok: false; readonly error: Error } | null;

export interface OffThreadDeps {
  /**
   * Starts the worker: by default a thread of this process; serve passes its background host's (a lowered session of
   * its own, jobs/verify-host-client.ts); tests replace it to simulate a build without the entry.
   */
  readonly spawn?: SpawnWorker;
}

export async function checkEvidenceOffThread(evidence: Evidence, opts: CheckOptions = {}, deps: OffThreadDeps = {}): Promise<CheckReport> {
  if (opts.verifyBodies) return checkEvidence(evidence, opts);
  const followUp = deferredQuickCheck(evidence);
  const outcome = await inWorker(evidence, opts, followUp === null, deps.spawn ?? spawnWorker);
  if (outcome === null) return checkEvidence(evidence, opts);
  const report = followUp
    ? await keptIfPagesPass(
        followUp,
        evidence.db,
        reportHead(evidence),
        outcome.ok ? outcome.report : null,
        outcome.ok ? null : outcome.error,
      )
    : outcomeReport(outcome);
  await requireProvenCopy(evidence);
  return report;
}

function outcomeReport(outcome: Exclude<WorkerOutcome, null>): CheckReport {
  if (!outcome.ok) throw outcome.error;
  return outcome.report;
}

/** The error as the calling thread would have seen it: the same class, code and message. */
function rethrowable(t: ThrownError): Error {
  if (t.kind === 'inspector') return new InspectorError(t.code as ErrorCode, t.message);
  const error = new Error(t.message);
  error.name = t.name;
  return t.code === null ? error : Object.assign(error, { code: t.code });
}

function inWorker(evidence: Evidence, opts: CheckOptions, runPages: boolean, spawn: SpawnWorker): Promise<WorkerOutcome> {
  const data: ReportWorkerData = {
    dbCopyPath: evidence.snapshot.dbCopyPath,
    head: reportHead(evidence),
    facts: sectionFacts(evidence),
    runPages,
    rows: opts.rows,
    verification: opts.verification ?? null,
    hostStop: opts.hostStop ?? null,
  };
  return new Promise<WorkerOutcome>((resolve) => {
    let settled = false;
    const settle = (o: WorkerOutcome): void => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    try {
      const worker = spawn(import.meta.url, 'report-worker', { workerData: data });
      worker.once('message', (m: ReportWorkerReply) => {
        switch (m.type) {
          case 'report':
            settle({ ok: true, report: m.report });
            return;
          case 'threw':
            settle({ ok: false, error: rethrowable(m.error) });
            return;
          case 'unavailable':
            settle(null);
            return;
        }
      });
      // A worker that could not load or died before its answer: the report is built on this thread instead.
      worker.once('error', () => settle(null));
      worker.once('exit', () => settle(null));
    } catch {
      settle(null);
    }
  });
}
