/**
 * Worker-thread entry: the ledger-wide lifecycle summary (summary.ts) on its own hardened read-only connection to
 * the scratch copy, limited to the tables the opener vouched for, as the main connection is. Made on serve's main
 * thread it read every tool row synchronously (seconds at a million events), and no other request was answered
 * meanwhile: a lane zoom waited for it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from '../evidence/open-hardened.js';
import { restrictTables } from '../queries/schema.js';
import { lowerThisThreadPriority } from '../workers/background-priority.js';
import { toFailure } from '../../../shared/errors.js';
import { readLifecycleSummary } from './summary.js';
import type { SummaryReply, SummaryRequest } from './summary-protocol.js';

const port = parentPort;
if (!port) throw new Error('summary-worker must run in a worker thread');
const data = workerData as SummaryRequest;
// Rows and lanes asked beside the summary are what the user waits on first: this thread yields the core to them.
lowerThisThreadPriority();
try {
  const db = openHardened(data.dbCopyPath);
  try {
    restrictTables(db, data.tables);
    port.postMessage({ type: 'summary', summary: readLifecycleSummary(db) } satisfies SummaryReply);
  } finally {
    db.close();
  }
} catch (error) {
  port.postMessage({ type: 'error', message: toFailure(error).message } satisfies SummaryReply);
}
