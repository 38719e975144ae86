/**
 * Serve mode's client of its background host (background-host.ts): a child process started in a session of its own
 * (detached), which lowers its session's scheduling group before it loads a worker. Verification jobs run there with
 * the in-process pool's specs, progress and results (a VerifyRunner); and `spawnWorker` starts the open's follow-up,
 * its file hashes and the report builder there as relayed workers (relayed-worker.ts). The host is started on first use and started
 * again if it went away.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Result } from '../../../shared/errors.js';
import type { FromHost, ToHost } from './background-host-protocol.js';
import { RelayedWorker } from './relayed-worker.js';
import type { VerifyJobHandle, VerifyJobOptions, VerifyJobSpec } from './verify-pool.js';
import type { VerifyRunner } from './verify-runner.js';
import type { JobProgress, VerifySummary } from './verify-types.js';
import { childProcessScript } from '../workers/worker-entry-url.js';
import type { SpawnWorker } from '../workers/worker-like.js';

export interface BackgroundHost extends VerifyRunner {
  /** Starts a relayable worker (RELAYABLE_WORKERS) inside the host instead of as a thread of this process. */
  readonly spawnWorker: SpawnWorker;
  /** The running host's pid, or null (tests; the benchmark adds its memory to serve's). */
  hostPid(): number | null;
  /** How the host lowered itself, once it said so (tests). */
  readonly hostReady: () => Promise<string>;
  /** Ends the host; a job still running settles INTERNAL, a relayed worker errors and exits. */
  close(): void;
}

interface Pending {
  readonly onProgress?: (p: JobProgress) => void;
  readonly onMatches?: VerifyJobOptions['onMatches'];
  readonly settle: (r: Result<VerifySummary>) => void;
}

const NOT_STARTED = 'not started';

export function backgroundHost(): BackgroundHost {
  let host: ChildProcess | null = null;
  let ready: Promise<string> = Promise.resolve(NOT_STARTED);
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const relayed = new Map<number, RelayedWorker>();
  const held = new Set<number>();

  const endAll = (why: string): void => {
    for (const p of pending.values())
      p.settle({ ok: false, error: { code: 'INTERNAL', message: `the background host ${why} before the verification reported` } });
    pending.clear();
    for (const w of [...relayed.values()]) w.hostGone(why);
    relayed.clear();
  };

  // Neither the process nor its channel keeps serve (or a test) alive, unless a relayed worker holds it (as a
  // worker thread would: a follow-up that still owes work).
  const holdOrRelease = (child: ChildProcess): void => {
    if (held.size > 0) child.channel?.ref();
    else child.channel?.unref();
  };

  const started = (): ChildProcess => {
    if (host && host.connected) return host;
    const { path, execArgv } = childProcessScript(import.meta.url, 'background-host');
    // detached: a new session, hence its own autogroup on Linux, which the host then lowers as a whole.
    const child = fork(path, [], {
      execArgv: [...execArgv],
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    host = child;
    let sayReady = (_: string): void => {};
    ready = new Promise<string>((resolve) => {
      sayReady = resolve;
    });
    child.on('message', (m: FromHost) => {
      switch (m.type) {
        case 'ready':
          return sayReady(m.priority);
        case 'worker-message':
        case 'worker-error':
        case 'worker-exit': {
          const w = relayed.get(m.workerId);
          if (m.type === 'worker-exit') relayed.delete(m.workerId);
          return w?.deliver(m);
        }
        default: {
          const job = pending.get(m.jobId);
          if (!job) return;
          if (m.type === 'progress') return job.onProgress?.(m.progress);
          if (m.type === 'matches') return job.onMatches?.(m.matches);
          pending.delete(m.jobId);
          return job.settle(m.result);
        }
      }
    });
    const gone = (why: string): void => {
      if (host === child) host = null;
      sayReady(`gone: ${why}`);
      endAll(why);
    };
    child.once('exit', (code, signal) => gone(`exited (${signal ?? `code ${code}`})`));
    child.once('error', (e) => gone(`could not run: ${e.message}`));
    child.unref();
    holdOrRelease(child);
    return child;
  };

  const send = (child: ChildProcess, m: ToHost): void => {
    if (child.connected) child.send(m, (err) => void err);
  };

  const spawnWorker: SpawnWorker = (callerUrl, baseName, options) => {
    const child = started();
    const workerId = nextId++;
    const worker = new RelayedWorker(workerId, {
      send: (m) => send(child, m),
      hold: (id, on) => {
        if (on) held.add(id);
        else held.delete(id);
        holdOrRelease(child);
      },
    });
    relayed.set(workerId, worker);
    // Held from the start, as a new Worker is, until its owner says otherwise.
    worker.ref();
    send(child, { type: 'worker-spawn', workerId, callerUrl, baseName, workerData: options.workerData });
    return worker;
  };

  return {
    start(spec: VerifyJobSpec, options: VerifyJobOptions): VerifyJobHandle {
      const child = started();
      const jobId = nextId++;
      let running = true;
      const result = new Promise<Result<VerifySummary>>((resolve) => {
        pending.set(jobId, {
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
          ...(options.onMatches ? { onMatches: options.onMatches } : {}),
          settle: (r) => {
            running = false;
            resolve(r);
          },
        });
      });
      send(child, { type: 'start', jobId, spec, ...(options.progressMs ? { progressMs: options.progressMs } : {}) });
      return {
        result,
        cancel: () => send(child, { type: 'cancel', jobId }),
        activeWorkers: () => (running ? spec.tasks.length : 0),
      };
    },
    prestart(count: number): void {
      send(started(), { type: 'prestart', count });
    },
    spawnWorker,
    hostPid: () => host?.pid ?? null,
    hostReady: () => ready,
    close(): void {
      const child = host;
      host = null;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      endAll('was closed');
    },
  };
}
