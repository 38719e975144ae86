/**
 * Where a verification's workers run. In process (the CLI, the desktop app, tests): worker threads of this process,
 * each lowered to nice 10. In a helper process (serve mode, background-host-client.ts): the same workers inside a process
 * of their own session, so that the kernel can put the whole job behind a browser that lives in another session.
 */
import { prestartVerifyWorkers } from './prestarted-verify-workers.js';
import type { VerifyJobHandle, VerifyJobOptions, VerifyJobSpec } from './verify-pool.js';
import { startVerifyJob } from './verify-pool.js';

export interface VerifyRunner {
  start(spec: VerifyJobSpec, options: VerifyJobOptions): VerifyJobHandle;
  /** Loads `count` workers ahead of a job (see prestarted-workers.ts); never more than that wait at once. */
  prestart(count: number): void;
}

export const inProcessVerifyRunner: VerifyRunner = {
  start: startVerifyJob,
  prestart: (count) => prestartVerifyWorkers(count),
};
