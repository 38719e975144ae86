/**
 * The lifecycle summary for serve and the app: made once per connection in a worker (summary-worker.ts), so the
 * seconds it takes at a million events never hold up the main thread's other answers (rows, lanes, a zoom). Callers
 * asking meanwhile share the one worker's answer. Whenever the worker cannot run or fails, the summary is made here as
 * before: slower for the others, same answer (it is the same function on the same read-only copy).
 */
import type Database from 'better-sqlite3';
import type { LifecycleSummary } from '../../../shared/contract/lifecycle.js';
import { oneAnswerFromWorker } from '../workers/one-answer-worker.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { SummaryReply, SummaryRequest } from './summary-protocol.js';
import { knownLifecycleSummary, lifecycleSummary, seedLifecycleSummary } from './summary.js';

export interface SummaryEvidence {
  readonly db: Database.Database;
  readonly snapshot: { readonly dbCopyPath: string };
  readonly tables: ReadonlyMap<string, unknown>;
}

const making = new WeakMap<Database.Database, Promise<LifecycleSummary>>();

/** Whether a worker is making this connection's summary now (not yet handed in). */
export function summaryInProgress(db: Database.Database): boolean {
  return making.has(db) && knownLifecycleSummary(db) === null;
}

export function lifecycleSummaryOffThread(evidence: SummaryEvidence): LifecycleSummary | Promise<LifecycleSummary> {
  const { db } = evidence;
  const known = knownLifecycleSummary(db);
  if (known) return known;
  const pending = making.get(db);
  if (pending) return pending;
  const request: SummaryRequest = { dbCopyPath: evidence.snapshot.dbCopyPath, tables: [...evidence.tables.keys()] };
  // The worker's answer, or else this thread's own (a closed connection has none: the caller's error then).
  const done = oneAnswerFromWorker(
    () => spawnWorker(import.meta.url, 'summary-worker', { workerData: request }),
    (m: SummaryReply | null) => {
      try {
        const s = m?.type === 'summary' ? m.summary : null;
        if (s && db.open) seedLifecycleSummary(db, s);
        return s && !db.open ? s : lifecycleSummary(db);
      } finally {
        making.delete(db);
      }
    },
  );
  making.set(db, done);
  return done;
}
