/**
 * The background host's side of a relayed worker (relayed-worker.ts is the client's): starts the asked-for worker
 * thread here, passes its messages, errors and exit back, and the client's messages and terminate in. Only entries
 * named in `relayable` (the host's own list) start, and only beside a file: module (the client's own build).
 */
import type { Worker } from 'node:worker_threads';
import type { RelayFromHost } from './host-protocol.js';
import { spawnWorker } from './worker-entry-url.js';

export interface HostedWorkers {
  spawn(workerId: number, callerUrl: string, baseName: string, workerData: unknown): void;
  post(workerId: number, message: unknown): void;
  terminate(workerId: number): void;
  /** Ends every worker (the client went away). */
  terminateAll(): Promise<void>;
}

export function hostedWorkers(
  send: (m: RelayFromHost) => void,
  relayable: readonly string[],
  spawn: typeof spawnWorker = spawnWorker,
): HostedWorkers {
  const workers = new Map<number, Worker>();
  const refuse = (workerId: number, message: string): void => {
    send({ type: 'worker-error', workerId, name: 'Error', message });
    send({ type: 'worker-exit', workerId, exitCode: 1 });
  };
  return {
    spawn(workerId, callerUrl, baseName, workerData) {
      if (!relayable.includes(baseName) || !callerUrl.startsWith('file:')) {
        refuse(workerId, `the background host does not start ${JSON.stringify(baseName)} beside ${JSON.stringify(callerUrl)}`);
        return;
      }
      let worker: Worker;
      try {
        worker = spawn(callerUrl, baseName, { workerData });
      } catch (error) {
        refuse(workerId, error instanceof Error ? error.message : String(error));
        return;
      }
      workers.set(workerId, worker);
      worker.on('message', (message: unknown) => send({ type: 'worker-message', workerId, message }));
      worker.on('error', (error: Error) => send({ type: 'worker-error', workerId, name: error.name, message: error.message }));
      worker.on('exit', (exitCode: number) => {
        workers.delete(workerId);
        send({ type: 'worker-exit', workerId, exitCode });
      });
    },
    post(workerId, message) {
      workers.get(workerId)?.postMessage(message);
    },
    terminate(workerId) {
      void workers.get(workerId)?.terminate();
    },
    async terminateAll() {
      await Promise.all([...workers.values()].map((w) => w.terminate()));
    },
  };
}
