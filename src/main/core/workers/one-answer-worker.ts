/**
 * A worker thread started for one answer (a connection's File activity index, its lifecycle summary): its first
 * message is the answer, and an error, an exit before answering, or a worker that cannot start at all counts as no
 * answer, after which the caller makes its own on this thread. It never keeps a process alive (a CLI that opened and
 * closed evidence must still exit). The caller starts the worker itself (`start`), so its literal spawnWorker call
 * with the entry's name stays in the caller's file, where test/packaging/electron-entries.test.ts finds it.
 */
import type { WorkerLike } from './worker-like.js';

/**
 * Settles with `settle`'s result for the worker's first message, or for null when there was none; once only. A
 * throw in `settle` rejects.
 */
export function oneAnswerFromWorker<M, R>(start: () => WorkerLike, settle: (reply: M | null) => R): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    const finish = (reply: M | null): void => {
      if (settled) return;
      settled = true;
      try {
        resolve(settle(reply));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    };
    try {
      const worker = start();
      worker.unref();
      worker.once('message', (m: M) => finish(m));
      worker.once('error', () => finish(null));
      worker.once('exit', () => finish(null));
    } catch {
      finish(null);
    }
  });
}
