// Workers started before their job. A worker thread's start is Node's own bootstrap (~55 ms here) and
// then the entry's modules (~45 ms for the verification reader): on 2 cores and a 1 GiB archive that was 100-150 ms
// of a 1.5 s verification. A caller that knows a job is coming (jobs/prestarted-verify-workers.ts for verification)
// starts the workers first, so that start overlaps its other work instead of following it.
//
// An idle worker has loaded its modules and waits for its one `start` message; it holds no ledger, no file and no
// job state, so any job may take it. Idle workers are unref'd (they never keep a CLI alive) and end on their own
// after IDLE_MS, so a job that never comes costs nothing for long. A worker posts `{ type: 'ready' }` once loaded.
import type { Worker } from 'node:worker_threads';

/** How long a started worker waits for a job before it ends, unless its caller says otherwise. */
const IDLE_MS = 30_000;

interface Idle {
  readonly worker: Worker;
  /** Ends the worker after its idle time; restarted when a caller asks for workers again while it waits. */
  timer: NodeJS.Timeout;
  readonly forget: () => void;
  /** Settles when the worker says its modules are loaded, or when it leaves the idle list. */
  readonly ready: Promise<void>;
  readonly settle: () => void;
  readonly onMessage: (m: { readonly type?: unknown }) => void;
}

/** One kind of worker started ahead of its jobs (each member is documented at its function below). */
export interface PrestartedPool {
  prestart(count: number, idleMs?: number): void;
  take(): Worker | null;
  ready(): Promise<void>;
  size(): number;
  stop(): Promise<void>;
}

/** A pool of workers `spawn` starts (module loading starts at once), each waiting for a job. */
export function prestartedPool(spawn: () => Worker): PrestartedPool {
  const idle: Idle[] = [];
  return {
    prestart: (count, idleMs = IDLE_MS) => prestartWorkers(idle, spawn, count, idleMs),
    take: () => takePrestartedWorker(idle),
    ready: () => prestartedWorkersReady(idle),
    size: () => idle.length,
    stop: () => stopPrestartedWorkers(idle),
  };
}

/**
 * Starts workers until `count` wait idle (never more: a second call for the same job starts nothing). The workers
 * already waiting get their idle time afresh: a caller that still expects a job keeps them loaded by asking again
 * before they expire.
 */
function prestartWorkers(idle: Idle[], spawn: () => Worker, count: number, idleMs: number): void {
  for (const entry of idle) {
    clearTimeout(entry.timer);
    entry.timer = idleTimer(idle, entry.worker, idleMs);
  }
  while (idle.length < count) {
    const worker = spawn();
    let settle = (): void => {};
    const ready = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const onMessage = (m: { readonly type?: unknown }): void => {
      if (m.type === 'ready') settle();
    };
    // A worker that fails or exits while idle is simply dropped; the job that would have taken it spawns its own.
    const forget = (): void => {
      settle();
      drop(idle, worker, false);
    };
    worker.on('message', onMessage);
    worker.once('error', forget);
    worker.once('exit', forget);
    // Last: adding a 'message' listener refs the worker's port again, so unref only once every listener is on.
    worker.unref();
    idle.push({ worker, timer: idleTimer(idle, worker, idleMs), forget, ready, settle: () => settle(), onMessage });
  }
}

function idleTimer(idle: Idle[], worker: Worker, idleMs: number): NodeJS.Timeout {
  const timer = setTimeout(() => drop(idle, worker, true), idleMs);
  timer.unref();
  return timer;
}

function drop(idle: Idle[], worker: Worker, terminate: boolean): void {
  const at = idle.findIndex((i) => i.worker === worker);
  if (at < 0) return;
  release(idle.splice(at, 1)[0]!);
  if (terminate) void worker.terminate();
}

/** An idle worker for a job (ref'd again, its idle listeners gone), or null when none waits. */
function takePrestartedWorker(idle: Idle[]): Worker | null {
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
async function prestartedWorkersReady(idle: Idle[]): Promise<void> {
  const waiting = [...idle];
  for (const e of waiting) e.worker.ref();
  try {
    await Promise.all(waiting.map((e) => e.ready));
  } finally {
    for (const e of waiting) if (idle.includes(e)) e.worker.unref();
  }
}

/** Ends every idle worker now (tests; a caller that knows no job will come). */
async function stopPrestartedWorkers(idle: Idle[]): Promise<void> {
  const all = idle.splice(0);
  await Promise.all(
    all.map(async (e) => {
      release(e);
      await e.worker.terminate();
    }),
  );
}
