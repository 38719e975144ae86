/**
 * Worker-thread entry: COUNT(*) of each named table on its own hardened read-only connection to the scratch copy.
 * Counting a million-row ledger reads every leaf page of every table (0.3 s warm, seconds cold); on the main
 * thread that held up every other request, the page's own script included, for the whole count.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from '../evidence/open-hardened.js';
import { quoteIdent } from './schema.js';
import type { RowCountRequest, RowCountReply } from './row-count-protocol.js';

const port = parentPort;
if (!port) throw new Error('row-count-worker must run in a worker thread');
const data = workerData as RowCountRequest;
let reply: RowCountReply;
try {
  const db = openHardened(data.dbCopyPath);
  try {
    reply = { type: 'counts', counts: data.tables.map((t) => [t, Number(db.prepare(`SELECT COUNT(*) FROM ${quoteIdent(t)}`).pluck().get() as number | bigint)]) };
  } finally {
    db.close();
  }
} catch (error) {
  reply = { type: 'error', code: typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : null, message: error instanceof Error ? error.message : String(error) };
}
port.postMessage(reply);
