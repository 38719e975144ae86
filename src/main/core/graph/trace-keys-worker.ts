/**
 * Worker-thread entry: scanTraceKeys on its own hardened read-only connection to the scratch copy. The scan reads
 * every row of the tool, item and event tables (a second or more at a million events), which on the main thread
 * would hold up every request meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from '../evidence/open-hardened.js';
import { toFailure } from '../../../shared/errors.js';
import { scanTraceKeys } from './trace-keys-scan.js';
import { listTraces } from './traces.js';
import type { TraceKeysReply, TraceKeysRequest } from './trace-keys-protocol.js';

const port = parentPort;
if (!port) throw new Error('trace-keys-worker must run in a worker thread');
const data = workerData as TraceKeysRequest;
try {
  const db = openHardened(data.dbCopyPath);
  try {
    port.postMessage({ type: 'keys', scan: scanTraceKeys(db) } satisfies TraceKeysReply);
    // The trace list too (a scan of its own): the Identity graph's first view then answers at once.
    port.postMessage({ type: 'traces', list: listTraces(db) } satisfies TraceKeysReply);
  } finally {
    db.close();
  }
} catch (error) {
  const failure = toFailure(error);
  port.postMessage({ type: 'error', code: failure.code, message: failure.message } satisfies TraceKeysReply);
}
