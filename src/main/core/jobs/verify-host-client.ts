/**
 * Serve mode's verification in its background host (verify-host.ts, over workers/background-host-client.ts): a
 * VerifyRunner whose jobs run there with the in-process pool's specs, progress and results, and whose `spawnWorker`
 * starts the open's follow-up, its file hashes and the report builder there as relayed workers.
 */
import type { Result } from '../../../shared/errors.js';
import { backgroundHostClient } from '../workers/background-host-client.js';
import type { SpawnWorker } from '../workers/worker-like.js';
import type { VerifyFromHost, VerifyToHost } from './background-host-protocol.js';
import type { VerifyJobHandle, VerifyJobOptions, VerifyJobSpec } from './verify-pool.js';
import type { VerifyRunner } from './verify-runner.js';
import type { JobProgress, VerifySummary } from './verify-types.js';

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

export function backgroundHost(): BackgroundHost {
  let nextJobId = 1;
  const pending = new Map<number, Pending>();
  const host = backgroundHostClient<VerifyToHost, VerifyFromHost>(
    { callerUrl: import.meta.url, baseName: 'verify-host' },
    {
      onMessage(m) {
        const job = pending.get(m.jobId);
        if (!job) return;
        if (m.type === 'progress') return job.onProgress?.(m.progress);
        if (m.type === 'matches') return job.onMatches?.(m.matches);
        pending.delete(m.jobId);
        return job.settle(m.result);
      },
      onGone(why) {
        for (const p of pending.values())
          p.settle({ ok: false, error: { code: 'INTERNAL', message: `the background host ${why} before the verification reported` } });
        pending.clear();
      },
    },
  );

  return {
    start(spec: VerifyJobSpec, options: VerifyJobOptions): VerifyJobHandle {
      const send = host.channel();
      const jobId = nextJobId++;
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
      send({ type: 'start', jobId, spec, ...(options.progressMs ? { progressMs: options.progressMs } : {}) });
      return {
        result,
        cancel: () => send({ type: 'cancel', jobId }),
        activeWorkers: () => (running ? spec.tasks.length : 0),
      };
    },
    prestart(count: number): void {
      host.channel()({ type: 'prestart', count });
    },
    spawnWorker: host.spawnWorker,
    hostPid: () => host.hostPid(),
    hostReady: () => host.hostReady(),
    close: () => host.close(),
  };
}
