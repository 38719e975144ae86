/**
 * The part of a deferred open that runs after openEvidence returned: quick_check and the overview's scans in a
 * worker thread (follow-up-worker.ts), the archive hash and the proof of session.db's kernel copy as the open passes
 * them in (in process: async reads, both hashes in background-priority workers, hash-copy.ts; in serve: workers of
 * its background host, hash-file-elsewhere.ts). When the worker cannot start (e.g. a build without its entry) the
 * same work runs on this thread instead: slower to answer, never skipped.
 */
import type { Failure } from '../../../shared/errors.js';
import { fail, toFailure } from '../../../shared/errors.js';
import type { FileHashes } from '../../../shared/ledger-types.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { SpawnWorker, WorkerLike } from '../workers/worker-like.js';
import type { FollowUp, FollowUpPart } from './types.js';
import type { FollowUpToMain, FollowUpWorkerData, MainToFollowUp } from './follow-up-protocol.js';
import { sqliteFailure } from './open-hardened.js';

export interface FollowUpInput {
  readonly dbCopyPath: string;
  /** The evidence path, for messages. */
  readonly dbPath: string;
  readonly quickCheck: boolean;
  /** The archive hash to take, or null when none is wanted or there is no open archive. */
  readonly hashArchive: (() => Promise<FileHashes>) | null;
  /**
   * The proof of session.db's scratch copy (Snapshot.proveDbCopy, rejecting with SNAPSHOT_MISMATCH), or the
   * source's hashes when the copy was already proven during the open.
   */
  readonly copyProof: (() => Promise<FileHashes>) | FileHashes;
  /** Runs statements on this thread: the fallback when the worker cannot run. */
  readonly runHere: (statements: readonly string[]) => unknown[][][];
  /** PRAGMA quick_check on this thread, throwing DB_CORRUPT (the fallback). */
  readonly quickCheckHere: () => void;
  /**
   * Nothing starts (no worker, no read) before this settles: the interactive app lets its first view be drawn
   * first (OpenEvidenceOptions.followUpAfter). Absent: everything starts at once.
   */
  readonly startAfter?: Promise<void>;
  /** Starts the worker (default a thread of this process; serve passes its background host's, workers/worker-like.ts). */
  readonly spawn?: SpawnWorker;
}

export interface RunningFollowUp extends FollowUp {
  /** Stops the worker and rejects queued scans with CANCELLED. Idempotent. */
  stop(): void;
}

interface Waiting {
  readonly statements: readonly string[];
  resolve(rows: unknown[][][]): void;
  reject(error: Failure): void;
}

export function startFollowUp(input: FollowUpInput): RunningFollowUp {
  let check: FollowUpPart<'ok'> = input.quickCheck ? { state: 'pending' } : { state: 'skipped' };
  let archive: FollowUpPart<FileHashes | null> = input.hashArchive ? { state: 'pending' } : { state: 'skipped' };
  let copy: FollowUpPart<FileHashes> =
    typeof input.copyProof === 'function' ? { state: 'pending' } : { state: 'done', value: input.copyProof };
  let stopped = false;
  let onStopped: () => void = () => undefined;
  const stoppedNow = new Promise<void>((resolve) => (onStopped = resolve));
  let worker: WorkerLike | null = null;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();
  const queued: Waiting[] = [];
  let checkSettled = false;
  let onChecked: () => void = () => undefined;
  const checked = new Promise<void>((resolve) => (onChecked = resolve));

  const checkFailure = (): Failure | null => (check.state === 'failed' ? check.error : null);
  // Keeps the process alive only while work is owed (a CLI or a test that forgets to close must still exit).
  const holdProcess = (): void => {
    if (!worker) return;
    if (!checkSettled || waiting.size > 0) worker.ref();
    else worker.unref();
  };
  const settleCheck = (part: FollowUpPart<'ok'>): void => {
    if (checkSettled) return;
    checkSettled = true;
    check = part;
    onChecked();
    const failure = checkFailure();
    for (const w of queued.splice(0)) {
      if (failure) w.reject(failure);
      else send(w);
    }
    holdProcess();
  };
  const failAll = (failure: Failure): void => {
    for (const w of [...waiting.values(), ...queued.splice(0)]) w.reject(failure);
    waiting.clear();
  };

  function send(w: Waiting): void {
    if (!worker) {
      runFallback(w);
      return;
    }
    const id = nextId++;
    waiting.set(id, w);
    holdProcess();
    worker.postMessage({ type: 'scan', id, statements: w.statements } satisfies MainToFollowUp);
  }

  function runFallback(w: Waiting): void {
    try {
      w.resolve(input.runHere(w.statements));
    } catch (error) {
      w.reject(toFailure(sqliteFailure(input.dbPath, error)));
    }
  }

  const onMessage = (m: FollowUpToMain): void => {
    switch (m.type) {
      case 'checked':
        settleCheck(
          m.damage
            ? { state: 'failed', error: fail('DB_CORRUPT', `${input.dbPath} fails PRAGMA quick_check: ${m.damage.slice(0, 3).join('; ')}`) }
            : m.skipped
              ? { state: 'skipped' }
              : { state: 'done', value: 'ok' },
        );
        return;
      case 'rows': {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        holdProcess();
        w?.resolve(m.results);
        return;
      }
      case 'error': {
        const failure = toFailure(sqliteFailure(input.dbPath, Object.assign(new Error(m.message), { code: m.code ?? undefined })));
        if (m.id === null) {
          // The connection or quick_check itself failed (SQLITE_CORRUPT, ...): that is the check's verdict.
          settleCheck({ state: 'failed', error: fail(failure.code, `${failure.message} (while running PRAGMA quick_check)`) });
          return;
        }
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        holdProcess();
        w?.reject(failure);
        return;
      }
    }
  };

  const fallBackToHere = (): void => {
    worker = null;
    if (stopped) return;
    if (!checkSettled && input.quickCheck) {
      try {
        input.quickCheckHere();
        settleCheck({ state: 'done', value: 'ok' });
      } catch (error) {
        settleCheck({ state: 'failed', error: toFailure(sqliteFailure(input.dbPath, error)) });
      }
    } else {
      settleCheck({ state: 'skipped' });
    }
    for (const w of [...waiting.values()]) runFallback(w);
    waiting.clear();
  };

  const startWorker = (): void => {
    if (stopped) return;
    try {
      const data: FollowUpWorkerData = { dbCopyPath: input.dbCopyPath, quickCheck: input.quickCheck };
      const spawn: SpawnWorker = input.spawn ?? spawnWorker;
      const started = spawn(import.meta.url, 'follow-up-worker', { workerData: data });
      started.on('message', onMessage);
      // A worker that could not load or died: finish its work here (never leave a part pending for ever).
      started.once('error', () => setImmediate(fallBackToHere));
      started.once('exit', () => {
        if (!stopped && worker === started) setImmediate(fallBackToHere);
      });
      worker = started;
      holdProcess();
    } catch {
      setImmediate(fallBackToHere);
    }
  };
  // Settles (never rejects) when the work may start; a gate that rejects opens it all the same.
  const begun: Promise<void> = input.startAfter
    ? input.startAfter.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
  if (input.startAfter) void begun.then(startWorker);
  else startWorker();

  const archiveDone = (async () => {
    if (!input.hashArchive) return;
    // Let the first view's queries go first; the hash is one full read of the archive file.
    await begun;
    await new Promise((resolve) => setImmediate(resolve));
    if (stopped) return;
    try {
      const hashes = await input.hashArchive();
      if (!stopped) archive = { state: 'done', value: hashes };
    } catch (error) {
      if (!stopped) archive = { state: 'failed', error: toFailure(error) };
    }
  })();

  const copyDone = (async () => {
    const prove = input.copyProof;
    if (typeof prove !== 'function') return;
    // As the archive hash: the open's caller gets its first turn, then the proof starts (it needs no CPU of this
    // thread to speak of: reads are async, the hashes run in their own workers).
    await begun;
    await new Promise((resolve) => setImmediate(resolve));
    if (stopped) return;
    try {
      const hashes = await prove();
      if (!stopped) copy = { state: 'done', value: hashes };
    } catch (error) {
      const failure = toFailure(error);
      // Any way the proof fails means the copy is not known to be the evidence: one code for the refusal.
      if (!stopped)
        copy = {
          state: 'failed',
          error: failure.code === 'SNAPSHOT_MISMATCH' ? failure : fail('SNAPSHOT_MISMATCH', `${input.dbPath}: ${failure.message}`),
        };
    }
  })();
  const copyProofSettled = Promise.race([copyDone, stoppedNow]);

  return {
    quickCheck: () => check,
    archiveHash: () => archive,
    copyProof: () => copy,
    copyProofSettled,
    quickCheckSettled: checked,
    scan(statements) {
      if (stopped) return Promise.reject(fail('CANCELLED', `${input.dbPath} was closed`));
      return new Promise<unknown[][][]>((resolve, reject) => {
        const w: Waiting = { statements, resolve, reject };
        const failure = checkFailure();
        if (failure) reject(failure);
        else if (!checkSettled) queued.push(w);
        else send(w);
      });
    },
    settled: Promise.all([checked, archiveDone, copyProofSettled]).then(() => undefined),
    stop() {
      if (stopped) return;
      stopped = true;
      const w = worker;
      worker = null;
      if (w) void w.terminate();
      failAll(fail('CANCELLED', `${input.dbPath} was closed`));
      onChecked();
      onStopped();
    },
  };
}
