// Verification workers started before their job (workers/prestarted-workers.ts holds the pool). A caller that knows a
// verification is coming (`check --verify-bodies`, before it opens the ledger) starts the workers first, so that
// start overlaps the open, quick_check and the index checks instead of following them.
import type { Worker } from 'node:worker_threads';
import { prestartedPool } from '../workers/prestarted-workers.js';
import { spawnWorker } from '../workers/worker-entry-url.js';

/**
 * A verification worker keeps little on its heap: a page of index rows, the spans of one block (capped in
 * verify-blocks.ts) and the failure list (capped); its block buffers are outside it. V8's defaults let each worker's
 * heap grow with the rows it had seen (peak RSS 338 MiB for a 1 GiB ledger against 277 MiB for a quarter of it);
 * these limits keep it flat (measured 274 against 243 MiB) at no measurable cost in speed.
 */
export const VERIFY_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 48 } as const;

/** A new verification worker (module loading starts at once; verify-worker.ts says `ready` once loaded). */
export function spawnVerifyWorker(): Worker {
  return spawnWorker(import.meta.url, 'verify-worker', { resourceLimits: VERIFY_WORKER_LIMITS });
}

const pool = prestartedPool(spawnVerifyWorker);

/** Starts verification workers until `count` wait idle (see PrestartedPool.prestart). */
export const prestartVerifyWorkers = (count: number, idleMs?: number): void => pool.prestart(count, idleMs);
/** An idle verification worker for a job, or null when none waits. */
export const takePrestartedWorker = (): Worker | null => pool.take();
/** Settles once every waiting verification worker has loaded its modules (or gone). */
export const prestartedWorkersReady = (): Promise<void> => pool.ready();
/** How many started verification workers wait for a job (for tests and the benchmark). */
export const prestartedWorkers = (): number => pool.size();
/** Ends every idle verification worker now (tests; a caller that knows no verification will come). */
export const stopPrestartedWorkers = (): Promise<void> => pool.stop();
