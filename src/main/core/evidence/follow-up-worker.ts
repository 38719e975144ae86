/**
 * Worker-thread entry for a deferred open's follow-up: its own hardened read-only connection on the scratch copy,
 * PRAGMA quick_check first, then the scans the main thread queues (only once quick_check passed). Kept off the main
 * thread because quick_check of a 1 GiB ledger blocks for seconds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openHardened } from './open-hardened.js';
import type { FollowUpToMain, FollowUpWorkerData, MainToFollowUp } from './follow-up-protocol.js';
import { lowerThisThreadPriority } from '../workers/background-priority.js';

const port = parentPort;
if (!port) throw new Error('follow-up-worker must run in a worker thread');
const post = (m: FollowUpToMain): void => port.postMessage(m);
const data = workerData as FollowUpWorkerData;
// Background work: the user's view gets the CPU first (background-priority.ts).
lowerThisThreadPriority();

const errorOf = (id: number | null, error: unknown): FollowUpToMain => ({
  type: 'error',
  id,
  code: typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : null,
  message: error instanceof Error ? error.message : String(error),
});

let db: ReturnType<typeof openHardened>;
try {
  db = openHardened(data.dbCopyPath);
} catch (error) {
  post(errorOf(null, error));
  throw error;
}
let damaged = true;
try {
  if (data.quickCheck) {
    const lines = (db.prepare('PRAGMA quick_check').raw().all() as unknown[][]).map((r) => String(r[0]));
    damaged = !(lines.length === 1 && lines[0] === 'ok');
    post({ type: 'checked', damage: damaged ? lines.slice(0, 10) : null, skipped: false });
  } else {
    damaged = false;
    post({ type: 'checked', damage: null, skipped: true });
  }
} catch (error) {
  // SQLITE_CORRUPT and friends thrown by quick_check itself are damage too; the main side names the code.
  post(errorOf(null, error));
}

port.on('message', (m: MainToFollowUp) => {
  switch (m.type) {
    case 'scan': {
      // The main side never sends a scan after damage; this guard keeps the order rule in one place anyway.
      if (damaged) {
        post({ type: 'error', id: m.id, code: 'DB_CORRUPT', message: 'quick_check did not pass' });
        return;
      }
      try {
        post({ type: 'rows', id: m.id, results: m.statements.map((sql) => db.prepare(sql).raw().all() as unknown[][]) });
      } catch (error) {
        post(errorOf(m.id, error));
      }
      return;
    }
  }
});
