/**
 * Worker-thread entry: grepColumns over the scratch copy on its own hardened connection, its matches posted in
 * batches. The credential patterns read every text value of a million-row ledger (~11 s); on the serve or IPC main
 * thread that held up every other request for as long.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toFailure } from '../../../shared/errors.js';
import { openHardened } from '../evidence/open-hardened.js';
import type { ColumnGrepReply, ColumnGrepRequest } from './column-grep-protocol.js';
import { grepColumns } from './grep-columns.js';
import type { GrepMatch } from '../match/grep-types.js';
import { enableLinearRegExp } from '../match/linear-regexp.js';

/** Matches per message: few messages, and a batch stays small however long the values are (context is bounded). */
const BATCH = 256;

const port = parentPort;
if (!port) throw new Error('column-grep-worker must run in a worker thread');
const data = workerData as ColumnGrepRequest;
const post = (m: ColumnGrepReply): void => port.postMessage(m);
try {
  enableLinearRegExp();
  const db = openHardened(data.dbCopyPath);
  try {
    let batch: GrepMatch[] = [];
    const result = grepColumns(db, data.spec, (m) => {
      batch.push(m);
      if (batch.length >= BATCH) {
        post({ type: 'matches', matches: batch });
        batch = [];
      }
      return true;
    });
    if (batch.length > 0) post({ type: 'matches', matches: batch });
    post({ type: 'done', result });
  } finally {
    db.close();
  }
} catch (error) {
  const failure = toFailure(error);
  post({ type: 'error', code: failure.code, message: failure.message });
}
