/**
 * Worker-thread entry: File activity's fs_events index (fs-index.ts) on its own hardened read-only connection to the
 * scratch copy, limited to the opener's tables as the main connection is. Built on serve's main thread, the one
 * ordered scan of fs_events (~1 s at a million events, more under load) was the first File activity open's wait, and
 * no other request was answered meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from '../evidence/open-hardened.js';
import { restrictTables } from '../queries/schema.js';
import { toFailure } from '../../../shared/errors.js';
import { buildFsIndex } from './fs-index.js';
import type { FsIndexReply, FsIndexRequest } from './fs-index-protocol.js';

const port = parentPort;
if (!port) throw new Error('fs-index-worker must run in a worker thread');
const data = workerData as FsIndexRequest;
try {
  const db = openHardened(data.dbCopyPath);
  try {
    restrictTables(db, data.tables);
    port.postMessage({ type: 'index', index: buildFsIndex(db) } satisfies FsIndexReply);
  } finally {
    db.close();
  }
} catch (error) {
  port.postMessage({ type: 'error', message: toFailure(error).message } satisfies FsIndexReply);
}
