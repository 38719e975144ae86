/**
 * Worker-thread entry: one investigation view's report (view-report-kinds.ts) on its own hardened read-only
 * connection to the scratch copy, limited to the tables the opener vouched for, as the main connection is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toFailure } from '../../../shared/errors.js';
import { openHardened } from '../evidence/open-hardened.js';
import { restrictTables } from '../queries/schema.js';
import { lowerThisThreadPriority } from '../workers/background-priority.js';
import type { ViewReportReply, ViewReportRequest } from './view-report-kinds.js';
import { VIEW_REPORTS } from './view-report-kinds.js';

const port = parentPort;
if (!port) throw new Error('view-report-worker must run in a worker thread');
const data = workerData as ViewReportRequest;
// What the reader asks meanwhile comes first: this thread yields the core to it.
lowerThisThreadPriority();
try {
  const db = openHardened(data.dbCopyPath);
  try {
    restrictTables(db, data.tables);
    port.postMessage({ type: 'report', report: VIEW_REPORTS[data.name](db) } satisfies ViewReportReply);
  } finally {
    db.close();
  }
} catch (error) {
  port.postMessage({ type: 'error', message: toFailure(error).message } satisfies ViewReportReply);
}
