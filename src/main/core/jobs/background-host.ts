/**
 * Serve mode's background host: a child process in a session of its own (its client spawns it detached) that runs
 * serve's background work: verification jobs on its worker threads exactly as the CLI runs them in process
 * (verify-pool.ts), and the worker threads serve would otherwise start itself for an open's follow-up (with its file
 * hashes) and for the integrity report (hosted-workers.ts). It first lowers its session's scheduling group (background-priority.ts), so
 * that this work yields the CPU to the browser showing serve's pages, and to serve itself, whenever they want it.
 *
 * It ends when its parent goes (the IPC channel closes), cancelling what runs; it holds no ledger itself, only paths:
 * serve's scratch copies, which its workers open read-only, and evidence files, which they read only through the
 * safe opener (evidence/safe-fs.ts) and only while they are still the file first seen.
 */
import { lowerThisProcessAsBackground } from '../workers/background-priority.js';
import { hostedWorkers } from './hosted-workers.js';
import { prestartVerifyWorkers } from './prestarted-workers.js';
import type { VerifyJobHandle } from './verify-pool.js';
import { startVerifyJob } from './verify-pool.js';
import type { FromHost, ToHost } from './background-host-protocol.js';

const priority = lowerThisProcessAsBackground();
const jobs = new Map<number, VerifyJobHandle>();

function send(m: FromHost): void {
  if (process.connected) process.send?.(m, (err: Error | null) => void err);
}
const workers = hostedWorkers(send);

process.on('message', (m: ToHost) => {
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
    case 'worker-spawn':
      workers.spawn(m.workerId, m.callerUrl, m.baseName, m.workerData);
      return;
    case 'worker-post':
      workers.post(m.workerId, m.message);
      return;
    case 'worker-terminate':
      workers.terminate(m.workerId);
      return;
  }
});

process.on('disconnect', () => {
  for (const job of jobs.values()) job.cancel();
  // Workers are terminated by the cancels; nothing else holds the process, but do not wait on a stuck one.
  setTimeout(() => process.exit(0), 2000).unref();
  void Promise.all([...[...jobs.values()].map((j) => j.result), workers.terminateAll()]).then(() => process.exit(0));
});

send({ type: 'ready', priority });
