/**
 * What the follow-up and the report builder need of a worker thread, so that serve mode can run theirs inside its
 * background host (background-host.ts, a lowered session of its own) instead of as threads of serve itself. A
 * node:worker_threads Worker is one; a RelayedWorker (relayed-worker.ts) is the other.
 */
import type { WorkerOptions } from 'node:worker_threads';

export interface WorkerLike {
  on<M>(event: 'message', listener: (message: M) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'exit', listener: (exitCode: number) => void): this;
  once<M>(event: 'message', listener: (message: M) => void): this;
  once(event: 'error', listener: (error: Error) => void): this;
  once(event: 'exit', listener: (exitCode: number) => void): this;
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  /** Whether the worker keeps this process alive (a CLI must still exit when nothing is owed). */
  ref(): void;
  unref(): void;
}

/** Starts the worker `<baseName>` beside `callerUrl` (the signature of worker-entry-url.ts's spawnWorker). */
export type SpawnWorker = (callerUrl: string, baseName: string, options: Pick<WorkerOptions, 'workerData'>) => WorkerLike;
