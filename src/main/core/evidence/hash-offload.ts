/**
 * A hash (SHA-256, or BLAKE3 when asked) kept in a worker thread over the read pipeline's shared buffers. `update` resolves when the worker has
 * hashed the chunk, so the pipeline reuses a buffer only after both its write and its hashing are done. Any failure
 * of the worker rejects every pending and later call: the copy then fails, it never records a partial hash.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { MainToHashWorker, HashWorkerToMain, HashWorkerData } from './hash-protocol.js';

export interface HashOffload {
  update(slot: number, length: number): Promise<void>;
  digest(): Promise<string>;
  /** Stops the worker (idempotent); pending calls reject. */
  close(): void;
}

/**
 * Starts the worker on `buffers` (each backed by a SharedArrayBuffer); null when no worker can be started here.
 * `algorithm`: the hash it keeps (SHA-256 unless asked for BLAKE3; `digest` gives its hex). `background`: the worker
 * lowers its own thread's priority (background-priority.ts), for hashing that follows the first view (the copy
 * proof, the archive hash) and must not take the CPU from it; the copy the user waits for keeps the normal priority.
 */
export function startHashOffload(buffers: readonly Buffer[], opts: HashWorkerData = {}): HashOffload | null {
  const label = opts.algorithm === 'blake3' ? 'BLAKE3' : 'SHA-256';
  const shared = buffers.map((b) => b.buffer);
  if (!shared.every((s): s is SharedArrayBuffer => s instanceof SharedArrayBuffer)) return null;
  let worker: Worker;
  try {
    worker = spawnWorker(import.meta.url, 'hash-worker', {
      workerData: { background: opts.background === true, algorithm: opts.algorithm ?? 'sha256' } satisfies HashWorkerData,
    });
  } catch {
    return null;
  }
  const acks: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let digestWaiter: { resolve: (hex: string) => void; reject: (e: Error) => void } | null = null;
  let failure: Error | null = null;
  let finished = false;

  const failAll = (error: Error): void => {
    if (failure || finished) return;
    failure = error;
    for (const a of acks.splice(0)) a.reject(error);
    digestWaiter?.reject(error);
    digestWaiter = null;
    void worker.terminate();
  };
  worker.on('message', (m: HashWorkerToMain) => {
    switch (m.type) {
      case 'ack':
        acks.shift()?.resolve();
        return;
      case 'digest':
        finished = true;
        digestWaiter?.resolve(m.hex);
        digestWaiter = null;
        return;
      case 'error':
        failAll(new Error(`${label} worker: ${m.message}`));
        return;
    }
  });
  worker.on('error', (e) => failAll(new Error(`${label} worker failed: ${e.message}`)));
  worker.on('exit', (code) => failAll(new Error(`${label} worker exited (code ${code}) before its digest`)));
  const post = (m: MainToHashWorker): void => worker.postMessage(m);
  post({ type: 'buffers', buffers: shared as SharedArrayBuffer[] });

  return {
    update(slot, length) {
      if (failure) return Promise.reject(failure);
      return new Promise<void>((resolve, reject) => {
        acks.push({ resolve, reject });
        post({ type: 'chunk', slot, length });
      });
    },
    digest() {
      if (failure) return Promise.reject(failure);
      return new Promise<string>((resolve, reject) => {
        digestWaiter = { resolve, reject };
        post({ type: 'digest' });
      });
    },
    close() {
      if (!finished) failAll(new Error(`${label} worker closed before its digest`));
    },
  };
}
