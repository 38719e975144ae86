/**
 * Serve mode's verification runner: jobs run in verify-host.ts, a child process started in a session of its own
 * (detached), which lowers its session's scheduling group before it loads a worker. Same specs, progress and
 * results as the in-process pool; the host is started on first use and started again if it went away.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import type { Result } from '../../../shared/errors.js';
import type { FromHost, ToHost } from './verify-host-protocol.js';
import type { VerifyJobHandle, VerifyJobOptions, VerifyJobSpec } from './verify-pool.js';
import type { VerifyRunner } from './verify-runner.js';
import type { JobProgress, VerifySummary } from './verify-types.js';
import { childProcessScript } from './worker-entry-url.js';

export interface VerifyHostRunner extends VerifyRunner {
  /** The running host's pid, or null (tests; the benchmark adds its memory to serve's). */
  hostPid(): number | null;
  /** How the host lowered itself, once it said so (tests). */
  readonly hostReady: () => Promise<string>;
  /** Ends the host; a job still running settles INTERNAL. */
  close(): void;
}

interface Pending {
  readonly onProgress?: (p: JobProgress) => void;
  readonly settle: (r: Result<VerifySummary>) => void;
}

const NOT_STARTED = 'not started';

export function verifyHostRunner(): VerifyHostRunner {
  let host: ChildProcess | null = null;
  let ready: Promise<string> = Promise.resolve(NOT_STARTED);
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const endAll = (why: string): void => {
    for (const p of pending.values()) p.settle({ ok: false, error: { code: 'INTERNAL', message: why } });
    pending.clear();
  };

  const started = (): ChildProcess => {
    if (host && host.connected) return host;
    const { path, execArgv } = childProcessScript(import.meta.url, 'verify-host');
    // detached: a new session, hence its own autogroup on Linux, which the host then lowers as a whole.
    const child = fork(path, [], { execArgv: [...execArgv], detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    host = child;
    let sayReady = (_: string): void => {};
    ready = new Promise<string>((resolve) => {
      sayReady = resolve;
    });
    child.on('message', (m: FromHost) => {
      if (m.type === 'ready') return sayReady(m.priority);
      const job = pending.get(m.jobId);
      if (!job) return;
      if (m.type === 'progress') return job.onProgress?.(m.progress);
      pending.delete(m.jobId);
      job.settle(m.result);
    });
    const gone = (why: string): void => {
      if (host === child) host = null;
      sayReady(`gone: ${why}`);
      endAll(`the verification host ${why} before the job reported`);
    };
    child.once('exit', (code, signal) => gone(`exited (${signal ?? `code ${code}`})`));
    child.once('error', (e) => gone(`could not run: ${e.message}`));
    // Neither the process nor its channel keeps serve (or a test) alive; a running job's caller waits on its result.
    child.unref();
    child.channel?.unref();
    return child;
  };

  const send = (child: ChildProcess, m: ToHost): void => {
    if (child.connected) child.send(m, (err) => void err);
  };

  return {
    start(spec: VerifyJobSpec, options: VerifyJobOptions): VerifyJobHandle {
      const child = started();
      const jobId = nextId++;
      let running = true;
      const result = new Promise<Result<VerifySummary>>((resolve) => {
        pending.set(jobId, {
          ...(options.onProgress ? { onProgress: options.onProgress } : {}),
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
    hostPid: () => host?.pid ?? null,
    hostReady: () => ready,
    close(): void {
      const child = host;
      host = null;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      endAll('the verification host was closed');
    },
  };
}
