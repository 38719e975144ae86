/**
 * A background host: a child process in a session of its own (its client, background-host-client.ts, spawns it
 * detached) that runs background work for the process that started it: a feature's jobs (handed in by the host's
 * entry script, e.g. jobs/verify-host.ts for verification) and the worker threads the client would otherwise start
 * itself, relayed (hosted-workers.ts). It first lowers its session's scheduling group (background-priority.ts), so
 * that this work yields the CPU to the browser showing serve's pages, and to serve itself, whenever they want it.
 *
 * It ends when its parent goes (the IPC channel closes), cancelling what runs; it holds no ledger itself, only paths:
 * serve's scratch copies, which its workers open read-only, and evidence files, which they read only through the
 * safe opener (evidence/safe-fs.ts) and only while they are still the file first seen.
 */
import { lowerThisProcessAsBackground } from './background-priority.js';
import { hostedWorkers } from './hosted-workers.js';
import type { FromHost, JobMessage, ToHost } from './host-protocol.js';
import { isRelayToHost } from './host-protocol.js';

/** A feature's jobs in the host: its messages in, and an end to all of them when the client goes. */
export interface HostJobs<In extends JobMessage> {
  handle(m: In): void;
  /** Cancels every running job; settles once they all ended. */
  stopAll(): Promise<unknown>;
}

/**
 * Runs this process as a background host: lowers it, relays the workers named in `relayable`, hands every other
 * message to the jobs `startJobs` makes (with the way back to the client), and says it is ready.
 */
export function runBackgroundHost<In extends JobMessage, Out extends JobMessage>(
  relayable: readonly string[],
  startJobs: (send: (m: Out) => void) => HostJobs<In>,
): void {
  const priority = lowerThisProcessAsBackground();

  function send(m: FromHost<Out>): void {
    if (process.connected) process.send?.(m, (err: Error | null) => void err);
  }
  const workers = hostedWorkers(send, relayable);
  const jobs = startJobs(send);

  process.on('message', (m: ToHost<In>) => {
    if (!isRelayToHost(m)) return jobs.handle(m as In);
    switch (m.type) {
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
    const stopped = jobs.stopAll();
    // Workers are terminated by the cancels; nothing else holds the process, but do not wait on a stuck one.
    setTimeout(() => process.exit(0), 2000).unref();
    void Promise.all([stopped, workers.terminateAll()]).then(() => process.exit(0));
  });

  send({ type: 'ready', priority });
}
