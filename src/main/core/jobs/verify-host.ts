/**
 * Serve mode's background host (workers/background-host.ts) with verification's jobs: each runs on the host's worker
 * threads exactly as the CLI runs it in process (verify-pool.ts). serve starts this script through
 * verify-host-client.ts; the host relays the open's follow-up, its file hashes and the integrity report's builder.
 */
import { runBackgroundHost } from '../workers/background-host.js';
import { RELAYABLE_WORKERS } from './background-host-protocol.js';
import type { VerifyFromHost, VerifyToHost } from './background-host-protocol.js';
import { prestartVerifyWorkers } from './prestarted-verify-workers.js';
import type { VerifyJobHandle } from './verify-pool.js';
import { startVerifyJob } from './verify-pool.js';

runBackgroundHost<VerifyToHost, VerifyFromHost>(RELAYABLE_WORKERS, (send) => {
  const jobs = new Map<number, VerifyJobHandle>();
  return {
    handle(m) {
      switch (m.type) {
        case 'prestart':
          prestartVerifyWorkers(m.count);
          return;
        case 'start': {
          const job = startVerifyJob(m.spec, {
            onProgress: (progress) => send({ type: 'progress', jobId: m.jobId, progress }),
            onMatches: (matches) => send({ type: 'matches', jobId: m.jobId, matches }),
            ...(m.progressMs ? { progressMs: m.progressMs } : {}),
          });
          jobs.set(m.jobId, job);
          void job.result.then((result) => {
            jobs.delete(m.jobId);
            send({ type: 'done', jobId: m.jobId, result });
          });
          return;
        }
        case 'cancel':
          jobs.get(m.jobId)?.cancel();
          return;
      }
    },
    stopAll() {
      const running = [...jobs.values()];
      for (const job of running) job.cancel();
      return Promise.all(running.map((j) => j.result));
    },
  };
});
