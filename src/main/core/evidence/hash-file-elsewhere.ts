/**
 * The follow-up's file hashes (the copy proof's two reads, the archive hash) run by a worker that `spawn` starts:
 * serve passes its background host's, so they run in a lowered session of their own. Same answers and errors as the
 * in-process functions; a worker that cannot start or dies before answering hands the hash to those functions
 * (slower for the page, never skipped), and an abort ends the worker with CANCELLED.
 */
import { InspectorError } from '../../../shared/errors.js';
import type { ErrorCode } from '../../../shared/errors.js';
import type { FileHashes } from '../../../shared/ledger-types.js';
import type { SpawnWorker } from '../workers/worker-like.js';
import type { CopyProofReads } from './copy-proof.js';
import { DEFAULT_PROOF_READS } from './copy-proof.js';
import type { HashFileReply, HashFileRequest } from './hash-file-protocol.js';
import type { SeenFile } from './safe-fs.js';

function hashElsewhere<T>(
  spawn: SpawnWorker,
  request: HashFileRequest,
  take: (reply: HashFileReply) => T | null,
  here: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(cancelled(request.path));
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      f();
    };
    const fallBack = (): void => settle(() => here().then(resolve, reject));
    let stop = (): void => undefined;
    const onAbort = (): void =>
      settle(() => {
        stop();
        reject(cancelled(request.path));
      });
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const worker = spawn(import.meta.url, 'hash-file-worker', { workerData: request });
      stop = () => void worker.terminate();
      worker.once('message', (reply: HashFileReply) => {
        if (reply.type === 'failed') return settle(() => reject(new InspectorError(reply.code as ErrorCode, reply.message)));
        const value = take(reply);
        settle(() =>
          value === null
            ? reject(new InspectorError('INTERNAL', `hash-file-worker answered ${reply.type} to ${request.op}`))
            : resolve(value),
        );
      });
      worker.once('error', fallBack);
      worker.once('exit', fallBack);
    } catch {
      fallBack();
    }
  });
}

const cancelled = (path: string): InspectorError =>
  new InspectorError('CANCELLED', `the hash of ${path} was stopped: the evidence was closed`);

/** SHA-256 + BLAKE3 of an evidence file, hashed by a worker `spawn` starts. */
export function hashEvidenceFileElsewhere(spawn: SpawnWorker, path: string, seen?: SeenFile, signal?: AbortSignal): Promise<FileHashes> {
  const seenIds = seen ? { ino: seen.ino, dev: seen.dev } : null;
  return hashElsewhere(
    spawn,
    { op: 'evidence', path, seen: seenIds },
    (r) => (r.type === 'evidence' ? r.hashes : null),
    () => DEFAULT_PROOF_READS.hashSource(path, seen, signal),
    signal,
  );
}

/** The copy proof's reads (copy-proof.ts), each by a worker `spawn` starts. */
export function proofReadsElsewhere(spawn: SpawnWorker): CopyProofReads {
  return {
    hashSource: (path, seen, signal) => hashEvidenceFileElsewhere(spawn, path, seen, signal),
    hashCopy: (path, signal) =>
      hashElsewhere(
        spawn,
        { op: 'own', path },
        (r) => (r.type === 'own' ? { size: r.size, blake3: r.blake3 } : null),
        () => DEFAULT_PROOF_READS.hashCopy(path, signal),
        signal,
      ),
  };
}
