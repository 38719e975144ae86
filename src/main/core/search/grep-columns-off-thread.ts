/**
 * grepColumns in a worker thread (column-grep-worker.ts), for callers on a thread that answers requests: the same
 * matches in the same order, handed to `onMatch` as they arrive (every match: this search is not stopped early).
 * When no worker can be started, the search runs on the calling thread as before; a failure inside the worker
 * rejects with its code and message, as the search on the calling thread would have thrown.
 */
import type Database from 'better-sqlite3';
import { InspectorError, type ErrorCode } from '../../../shared/errors.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { ColumnGrepReply, ColumnGrepRequest } from './column-grep-protocol.js';
import { grepColumns, type ColumnGrepResult } from './grep-columns.js';
import type { GrepMatch, GrepSpec } from '../match/grep-types.js';

export function grepColumnsOffThread(
  db: Database.Database,
  dbCopyPath: string,
  spec: GrepSpec,
  onMatch: (m: GrepMatch) => void,
): Promise<ColumnGrepResult> {
  const request: ColumnGrepRequest = { dbCopyPath, spec };
  let worker: ReturnType<typeof spawnWorker>;
  try {
    worker = spawnWorker(import.meta.url, 'column-grep-worker', { workerData: request });
  } catch {
    return Promise.resolve(
      grepColumns(db, spec, (m) => {
        onMatch(m);
        return true;
      }),
    );
  }
  return new Promise<ColumnGrepResult>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void): void => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      f();
    };
    worker.on('message', (m: ColumnGrepReply) => {
      if (settled) return;
      switch (m.type) {
        case 'matches':
          m.matches.forEach(onMatch);
          return;
        case 'done':
          settle(() => resolve(m.result));
          return;
        case 'error':
          settle(() => reject(new InspectorError((m.code ?? 'INTERNAL') as ErrorCode, m.message)));
          return;
      }
    });
    worker.once('error', (e) => settle(() => reject(e)));
    worker.once('exit', (code) =>
      settle(() => reject(new InspectorError('INTERNAL', `the column search worker exited (code ${code}) before reporting`))),
    );
  });
}
