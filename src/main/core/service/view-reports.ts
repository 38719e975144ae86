/**
 * The investigation views' reports (Egress, Decisions, File history's path list), made off the main thread and kept
 * per connection: each reads every row of its tables (0.4-0.8 s at a million events), and made on serve's main
 * thread it held every other answer back meanwhile. A read-only copy never changes, so one answer per connection is
 * the answer; callers asking while it is made share it. The open's follow-up makes them in the background once the
 * first view was answered (registry.ts), so a reader's first visit finds them made. Whenever the worker cannot run or
 * fails, the report is made on this thread, as before: slower for the others, the same answer.
 */
import type Database from 'better-sqlite3';
import type { Evidence } from '../evidence/types.js';
import { oneAnswerFromWorker } from '../workers/one-answer-worker.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { ViewReportName, ViewReportReply, ViewReportRequest, ViewReports } from './view-report-kinds.js';
import { VIEW_REPORTS, VIEW_REPORT_NAMES } from './view-report-kinds.js';

type ReportEvidence = Pick<Evidence, 'db' | 'snapshot' | 'tables'>;

const kept = new WeakMap<Database.Database, Map<ViewReportName, unknown>>();

function keptOf(db: Database.Database): Map<ViewReportName, unknown> {
  let m = kept.get(db);
  if (!m) kept.set(db, (m = new Map()));
  return m;
}

/** The report, at once when made already, else the worker's (or this thread's) answer. */
export function viewReport<N extends ViewReportName>(evidence: ReportEvidence, name: N): ViewReports[N] | Promise<ViewReports[N]> {
  const { db } = evidence;
  const m = keptOf(db);
  if (m.has(name)) return m.get(name) as ViewReports[N] | Promise<ViewReports[N]>;
  const request: ViewReportRequest = { name, dbCopyPath: evidence.snapshot.dbCopyPath, tables: [...evidence.tables.keys()] };
  const made = oneAnswerFromWorker(
    () => spawnWorker(import.meta.url, 'view-report-worker', { workerData: request }),
    (reply: ViewReportReply | null) => {
      const report = reply?.type === 'report' ? (reply.report as ViewReports[N]) : (VIEW_REPORTS[name](db) as ViewReports[N]);
      if (db.open) m.set(name, report);
      return report;
    },
  );
  // Kept while it is made (a worker that could not start has answered already, and that answer is kept instead); a
  // failure is not kept: the next ask tries again.
  if (!m.has(name)) m.set(name, made);
  made.catch(() => m.delete(name));
  return made;
}

/** Makes every view report of this evidence, one after the other (one worker at a time beside the reader's). */
export async function warmViewReports(evidence: ReportEvidence): Promise<void> {
  for (const name of VIEW_REPORT_NAMES) {
    if (!evidence.db.open) return;
    try {
      await viewReport(evidence, name);
    } catch {
      // Asked again by the view, which then says the failure by name.
    }
  }
}
