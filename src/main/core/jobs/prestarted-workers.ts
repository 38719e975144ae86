// Verification workers started before their job. A worker thread's start is Node's own bootstrap (~55 ms here) and
// then the reader's modules (~45 ms): on 2 cores and a 1 GiB archive that was 100-150 ms of a 1.5 s verification.
// A caller that knows a verification is coming (`check --verify-bodies`, before it opens the ledger) starts the
// workers first, so that start overlaps the open, quick_check and the index checks instead of following them.
//
// An idle worker has loaded its modules and waits for its one `start` message; it holds no ledger, no file and no
// job state, so any job may take it. Idle workers are unref'd (they never keep a CLI alive) and end on their own
// after IDLE_MS, so a verification that never comes costs nothing for long.
import type { Worker } from 'node:worker_threads';
import type { WorkerToMain } from './verify-types.js';
import { spawnWorker } from '../workers/worker-entry-url.js';

/**
 * A verification worker keeps little on its heap: a page of index rows, the spans of one block (capped in
 * verify-blocks.ts) and the failure list (capped); its block buffers are outside it. V8's defaults let each worker's
 * heap grow with the rows it had seen (peak RSS 338 MiB for a 1 GiB ledger against 277 MiB for a quarter of it);
 * these limits keep it flat (measured 274 against 243 MiB) at no measurable cost in speed.
 */
export const VERIFY_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 48 } as const;

/** How long a started worker waits for a job before it ends. */
const IDLE_MS = 30_000;

interface Idle {
  readonly worker: Worker;
  /** Ends the worker after its idle time; restarted when a caller asks for workers again while it waits. */
  timer: NodeJS.Timeout;
  readonly forget: () => void;
  /** Settles when the worker says its modules are loaded, or when it leaves the idle list. */
  readonly ready: Promise<void>;
  readonly settle: () => void;
  readonly onMessage: (m: WorkerToMain) => void;
}

const idle: Idle[] = [];

/** A new verification worker (module loading starts at once). */
export function spawnVerifyWorker(): Worker {
  return spawnWorker(import.meta.url, 'verify-worker', { resourceLimits: VERIFY_WORKER_LIMITS });
}

/**
 * Starts workers until `count` wait idle (never more: a second call for the same job starts nothing). The workers
 * already waiting get their idle time afresh: a caller that still expects a verification (the app, while its
 * Integrity view is on screen) keeps them loaded by asking again before they expire.
 */
export function prestartVerifyWorkers(count: number, idleMs = IDLE_MS): void {
  for (const entry of idle) {
    clearTimeout(entry.timer);
    entry.timer = idleTimer(entry.worker, idleMs);
  }
  while (idle.length < count) {
    const worker = spawnVerifyWorker();
    let settle = (): void => {};
    const ready = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const onMessage = (m: WorkerToMain): void => {
      if (m.type === 'ready') settle();
    };
    // A worker that fails or exits while idle is simply dropped; the job that would have taken it spawns its own.
    const forget = (): void => {
      settle();
      drop(worker, false);
    };
    worker.on('message', onMessage);
    worker.once('error', forget);
    worker.once('exit', forget);
    // Last: adding a 'message' listener refs the worker's port again, so unref only once every listener is on.
    worker.unref();
    idle.push({ worker, timer: idleTimer(worker, idleMs), forget, ready, settle: () => settle(), onMessage });
  }
}

function idleTimer(worker: Worker, idleMs: number): NodeJS.Timeout {
  const timer = setTimeout(() => drop(worker, true), idleMs);
  timer.unref();
  return timer;
}

function drop(worker: Worker, terminate: boolean): void {
  const at = idle.findIndex((i) => i.worker === worker);
  if (at < 0) return;
  release(idle.splice(at, 1)[0]!);
  if (terminate) void worker.terminate();
}

/** An idle worker for a job (ref'd again, its idle listeners gone), or null when none waits. */
export function takePrestartedWorker(): Worker | null {
  const entry = idle.shift();
  if (!entry) return null;
  release(entry);
  entry.worker.ref();
  return entry.worker;
}

/**
 * A worker leaving the idle list (dropped, taken or stopped): its idle timer and listeners go, and whoever waits for
 * it to be ready stops waiting (a taken worker's `ready` message goes to its job, never to this list).
 */
function release(entry: Idle): void {
  clearTimeout(entry.timer);
  entry.worker.off('error', entry.forget);
  entry.worker.off('exit', entry.forget);
  entry.worker.off('message', entry.onMessage);
  entry.settle();
}

/**
 * Settles once every waiting worker has loaded its modules (or gone). The workers are ref'd while it waits: an
 * unref'd worker alone would let the process end with this promise still pending.
 */
export async function prestartedWorkersReady(): Promise<void> {
  const waiting = [...idle];
  for (const e of waiting) e.worker.ref();
  try {
    await Promise.all(waiting.map((e) => e.ready));
  } finally {
    for (const e of waiting) if (idle.includes(e)) e.worker.unref();
  }
}

/** How many started workers wait for a job (for tests and the benchmark). */
export function prestartedWorkers(): number {
  return idle.length;
}

/** Ends every idle worker now (tests; a caller that knows no verification will come). */
export async function stopPrestartedWorkers(): Promise<void> {
  const all = idle.splice(0);
  await Promise.all(
    all.map(async (e) => {
      release(e);
      await e.worker.terminate();
    }),
  );
}
