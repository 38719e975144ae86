/**
 * Row counts of every table, counted in a worker thread as soon as the evidence is open (row-count-worker.ts), so
 * the serve or IPC main thread stays free for the page's own script and the other requests while COUNT(*) reads
 * a million-row ledger. The Overview and the Tables list wait for the result (without blocking anything); listTables
 * then answers from it. When the worker cannot run or fails, nothing is seeded and listTables counts on the calling
 * thread as before (so a damaged table still fails the same way, with the same error).
 */
import type Database from 'better-sqlite3';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { RowCountReply, RowCountRequest } from './row-count-protocol.js';
import { seedRowCounts, tableSchemas } from '../queries/schema.js';

const counting = new WeakMap<Database.Database, Promise<void>>();

/** Starts the count for this connection (once); call after restrictTables. Resolves when listTables has its counts or will count itself. */
export function warmRowCounts(db: Database.Database, dbCopyPath: string): Promise<void> {
  const known = counting.get(db);
  if (known) return known;
  const request: RowCountRequest = { dbCopyPath, tables: [...tableSchemas(db).keys()] };
  const done = new Promise<void>((resolve) => {
    try {
      const worker = spawnWorker(import.meta.url, 'row-count-worker', { workerData: request });
      // Never what keeps a process alive (a CLI that opened and closed evidence must still exit).
      worker.unref();
      worker.once('message', (m: RowCountReply) => {
        if (m.type === 'counts') seedRowCounts(db, new Map(m.counts));
        resolve();
      });
      worker.once('error', () => resolve());
      worker.once('exit', () => resolve());
    } catch {
      resolve();
    }
  });
  counting.set(db, done);
  return done;
}

/** Resolves once the count started by warmRowCounts is settled (at once when none was started). */
export function rowCountsSettled(db: Database.Database): Promise<void> {
  return counting.get(db) ?? Promise.resolve();
}
