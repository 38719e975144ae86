/**
 * Worker-thread entry: a table's rowids in the order (column, rowid), for a column no index serves. SQLite's own
 * sorter does the sort (it spills to temporary files past its cache, so memory stays bounded whatever the table),
 * on this worker's hardened read-only connection to the scratch copy. A function in the WHERE clause counts the
 * rows as the scan reads them, before they reach the sorter: that is the progress. Cancel is the parent ending the
 * worker (the count function runs JavaScript every row, where termination takes effect).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from '../evidence/open-hardened.js';
import { toFailure } from '../../../shared/errors.js';
import type { SortWorkerData, SortWorkerReply } from './sort-protocol.js';
import { SORT_PROGRESS_EVERY } from './sort-protocol.js';
import { reverseLookup } from './sort-lookup.js';

const port = parentPort;
if (!port) throw new Error('sort-worker must run in a worker thread');
const data = workerData as SortWorkerData;
const post = (m: SortWorkerReply, transfer?: ArrayBuffer[]): void => port.postMessage(m, transfer);

try {
  const db = openHardened(data.dbCopyPath);
  try {
    const total = Number((db.prepare(`SELECT COUNT(*) FROM ${data.table}`).pluck().get() as number | bigint) ?? 0);
    post({ type: 'total', total });
    let read = 0;
    db.function('capsem_rows_read', { deterministic: false }, () => {
      if (++read % SORT_PROGRESS_EVERY === 0) post({ type: 'progress', read });
      return 1;
    });
    const stmt = db
      .prepare(`SELECT _rowid_ FROM ${data.table} WHERE capsem_rows_read() AND (${data.where}) ORDER BY ${data.column}, _rowid_`)
      .pluck()
      .safeIntegers(false);
    let out = new Float64Array(Math.max(16, total));
    let n = 0;
    for (const rowid of stmt.iterate(...data.params) as Iterable<number>) {
      if (n === out.length) {
        const grown = new Float64Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[n++] = rowid;
    }
    post({ type: 'progress', read });
    const rowids = out.slice(0, n);
    const { byRowid, placeOf } = reverseLookup(rowids);
    post({ type: 'done', rowids, byRowid, placeOf }, [rowids.buffer, byRowid.buffer, placeOf.buffer]);
  } finally {
    db.close();
  }
} catch (error) {
  post({ type: 'error', message: toFailure(error).message });
}
