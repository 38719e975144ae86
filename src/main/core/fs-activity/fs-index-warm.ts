/**
 * Starts File activity's index (fs-index.ts) in a worker once per connection: after the evidence's first view was
 * answered (registry.ts), or at the first File activity request if that comes sooner. Requests arriving while it is
 * being built wait for it without holding the main thread (the other views keep answering); if the worker cannot run
 * or fails, the index is built here as before. The index is the same function's answer on the same read-only copy,
 * so every answer is the same either way (test/main/core/fs-activity/fs-index-warm.test.ts).
 */
import type Database from 'better-sqlite3';
import { oneAnswerFromWorker } from '../workers/one-answer-worker.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { FsIndexReply, FsIndexRequest } from './fs-index-protocol.js';
import { hasFsIndex, seedFsIndex } from './fs-index.js';

export interface FsIndexEvidence {
  readonly db: Database.Database;
  readonly snapshot: { readonly dbCopyPath: string };
  readonly tables: ReadonlyMap<string, unknown>;
}

const warming = new WeakMap<Database.Database, Promise<void>>();

/** Starts the worker for this connection (once). Settles (never rejects) when its index is in or it gave up. */
export function warmFsIndex(evidence: FsIndexEvidence): Promise<void> {
  const { db } = evidence;
  const known = warming.get(db);
  if (known) return known;
  if (hasFsIndex(db) || !db.open) return Promise.resolve();
  const request: FsIndexRequest = { dbCopyPath: evidence.snapshot.dbCopyPath, tables: [...evidence.tables.keys()] };
  const done = oneAnswerFromWorker(
    () => spawnWorker(import.meta.url, 'fs-index-worker', { workerData: request }),
    (m: FsIndexReply | null) => {
      if (m?.type === 'index' && db.open) seedFsIndex(db, m.index);
    },
  );
  warming.set(db, done);
  return done;
}

/** Whether this connection's index is being made by the worker now. */
export function fsIndexWarming(db: Database.Database): boolean {
  return warming.has(db) && !hasFsIndex(db);
}

/** `answer` once the connection's index is in (started now if it was not), at once when it is. */
export function withFsIndex<R>(evidence: FsIndexEvidence, answer: (db: Database.Database) => R): R | Promise<R> {
  if (hasFsIndex(evidence.db)) return answer(evidence.db);
  return warmFsIndex(evidence).then(() => answer(evidence.db));
}
