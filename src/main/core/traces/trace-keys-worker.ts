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
import { brokenInTrace } from './broken.js';
import { eventGroups } from './events.js';
import { traceTurns } from './turns.js';
import { LARGE_TRACE_ROWS, SKELETON_SLICE, copyScan, scanBuffers } from './trace-keys-protocol.js';
import { seedTraceKeys } from './trace-keys.js';
import { buildTraceSkeleton } from './skeleton.js';
import type { TraceKeysReply, TraceKeysRequest } from './trace-keys-protocol.js';

const port = parentPort;
if (!port) throw new Error('trace-keys-worker must run in a worker thread');
const data = workerData as TraceKeysRequest;
try {
  const db = openHardened(data.dbCopyPath);
  try {
    const scan = scanTraceKeys(db);
    // The copy's buffers are transferred, not cloned: the server's thread receives them as they are (no
    // deserialisation pause, no second copy on its heap), and this thread keeps its own for the work below.
    const sent = copyScan(scan);
    port.postMessage({ type: 'keys', scan: sent } satisfies TraceKeysReply, scanBuffers(sent));
    // The worker's own connection reads by the same keys (a large trace's transcript is ordered here, below).
    seedTraceKeys(db, scan);
    // The trace list too (a scan of its own): the Identity graph's first view then answers at once.
    const list = listTraces(db);
    port.postMessage({ type: 'traces', list } satisfies TraceKeysReply);
    // A large trace's every page repeats its turns, findings and event counts, and its transcript is one order of
    // all its rows: made here, ahead of its first open.
    const large = list.traces.filter((t) => t.modelCalls + t.toolCalls >= LARGE_TRACE_ROWS);
    port.postMessage({ type: 'transcripts-ahead', traceIds: large.map((t) => t.traceId) } satisfies TraceKeysReply);
    for (const t of large) {
      port.postMessage({
        type: 'trace',
        traceId: t.traceId,
        turns: traceTurns(db, t.traceId),
        broken: brokenInTrace(db, t.traceId),
        events: eventGroups(db, t.traceId),
      } satisfies TraceKeysReply);
      const sk = buildTraceSkeleton(db, t.traceId);
      let from = 0;
      for (; sk.entries.length - from > SKELETON_SLICE; from += SKELETON_SLICE) {
        const entries = sk.entries.slice(from, from + SKELETON_SLICE);
        port.postMessage({ type: 'transcript-part', traceId: t.traceId, entries } satisfies TraceKeysReply);
      }
      const entries = sk.entries.slice(from);
      port.postMessage({ type: 'transcript', traceId: t.traceId, entries, items: [...sk.items] } satisfies TraceKeysReply);
    }
  } finally {
    db.close();
  }
} catch (error) {
  const failure = toFailure(error);
  port.postMessage({ type: 'error', code: failure.code, message: failure.message } satisfies TraceKeysReply);
}
