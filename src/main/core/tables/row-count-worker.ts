/**
 * Worker-thread entry: COUNT(*) of each named table on its own hardened read-only connection to the scratch copy.
 * Counting a million-row ledger reads every leaf page of every table (0.3 s warm, seconds cold); on the main
 * thread that held up every other request, the page's own script included, for the whole count.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from '../evidence/open-hardened.js';
import { toFailure } from '../../../shared/errors.js';
import { countRows } from '../queries/schema.js';
import type { RowCountRequest, RowCountReply } from './row-count-protocol.js';

const port = parentPort;
if (!port) throw new Error('row-count-worker must run in a worker thread');
const data = workerData as RowCountRequest;
let reply: RowCountReply;
try {
  const db = openHardened(data.dbCopyPath);
  try {
    reply = { type: 'counts', counts: data.tables.map((t) => [t, countRows(db, t)]) };
  } finally {
    db.close();
  }
} catch (error) {
  const failure = toFailure(error);
  reply = { type: 'error', code: failure.code, message: failure.message };
}
port.postMessage(reply);
