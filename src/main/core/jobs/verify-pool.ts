// Runs verification tasks on worker threads (one task per worker), forwards an aggregate progress on a
// steady timer, and sums the parts. Cancel terminates every worker and resolves CANCELLED only once they
// are all gone. The result reconciles: verified + failed = the bodies the tasks and the pre-settled part hold.
import type { Worker } from 'node:worker_threads';
import type { Failure, Result } from '../../../shared/errors.js';
import { bodiesRead, mergeParts } from './body-failure.js';
import { spawnVerifyWorker, takePrestartedWorker } from './prestarted-verify-workers.js';
import type { JobProgress, MainToWorker, PartResult, Progress, VerifySummary, VerifyTask, WorkerToMain } from './verify-types.js';
import { DEFAULT_MAX_LISTED_FAILURES, POOL_PROGRESS_MS } from './verify-types.js';
import type { GrepMatch } from '../match/grep-types.js';

export interface VerifyJobSpec {
  /** One per worker. */
  readonly tasks: readonly VerifyTask[];
  readonly itemsTotal: number;
  readonly bytesTotal: number;
  /** Rows settled without reading a byte (e.g. naming an unrecorded block, or an archive that cannot open). */
  readonly settled: PartResult;
  readonly maxListedFailures?: number;
}

export interface VerifyJobOptions {
  readonly onProgress?: (p: JobProgress) => void;
  /** Progress cadence; defaults to POOL_PROGRESS_MS (inside the 250 ms promise). */
  readonly progressMs?: number;
  /** A grep job's matches, as each worker sends them (in its own block order; workers interleave). */
  readonly onMatches?: (matches: readonly GrepMatch[]) => void;
}

export interface VerifyJobHandle {
  readonly result: Promise<Result<VerifySummary>>;
  cancel(): void;
  /** Workers not yet exited (0 once `result` has settled). */
  activeWorkers(): number;
}

const ZERO: Progress = { items: 0, bytes: 0, failed: 0 };

export function startVerifyJob(spec: VerifyJobSpec, options: VerifyJobOptions = {}): VerifyJobHandle {
  const started = Date.now();
  const maxListed = spec.maxListedFailures ?? DEFAULT_MAX_LISTED_FAILURES;
  const workers: Worker[] = [];
  const exited: Promise<void>[] = [];
  const latest: Progress[] = spec.tasks.map(() => ZERO);
  const parts: (PartResult | null)[] = spec.tasks.map(() => null);
  let live = 0;
  let settle: ((r: Result<VerifySummary>) => void) | null = null;
  let finished = false;

  const progress = (): JobProgress => {
    const sum = latest.reduce((a, p) => ({ items: a.items + p.items, bytes: a.bytes + p.bytes, failed: a.failed + p.failed }), ZERO);
    return {
      itemsDone: bodiesRead(spec.settled) + sum.items,
      itemsTotal: spec.itemsTotal,
      bytesDone: spec.settled.bytes + sum.bytes,
      bytesTotal: spec.bytesTotal,
      failed: spec.settled.failed + sum.failed,
    };
  };
  const emit = (): void => options.onProgress?.(progress());
  const timer = setInterval(emit, options.progressMs ?? POOL_PROGRESS_MS);

  const finish = (outcome: Result<VerifySummary> | Failure): void => {
    if (finished) return;
    finished = true;
    clearInterval(timer);
    for (const w of workers) void w.terminate();
    // Resolve only when every worker has exited, so "cancelled" really means "nothing is still running".
    void Promise.all(exited).then(() => settle?.('ok' in outcome ? outcome : { ok: false, error: outcome }));
  };

  const result = new Promise<Result<VerifySummary>>((resolve) => {
    settle = resolve;
  });

  // One run counter per job, shared by its workers (a spec may be started more than once).
  const claim = new SharedArrayBuffer(4);
  spec.tasks.forEach((task, i) => {
    // One started ahead (prestarted-workers.ts) when the caller asked for it, else a new one.
    const worker = takePrestartedWorker() ?? spawnVerifyWorker();
    workers.push(worker);
    live += 1;
    exited.push(
      new Promise((resolve) =>
        worker.once('exit', () => {
          live -= 1;
          resolve();
        }),
      ),
    );
    worker.on('message', (m: WorkerToMain) => {
      switch (m.type) {
        case 'ready':
          return;
        case 'progress':
          latest[i] = m.progress;
          return;
        case 'matches':
          if (!finished) options.onMatches?.(m.matches);
          return;
        case 'done':
          parts[i] = m.result;
          latest[i] = { items: bodiesRead(m.result), bytes: m.result.bytes, failed: m.result.failed };
          if (parts.every((p) => p !== null)) {
            emit();
            finish({ ok: true, value: summary(spec, parts as PartResult[], maxListed, started) });
          }
          return;
        case 'failed':
          finish(m.error);
          return;
      }
    });
    worker.on('error', (e) => finish({ code: 'INTERNAL', message: `verification worker ${i} failed: ${e.message}` }));
    worker.on('exit', (code) => {
      if (parts[i] === null) finish({ code: 'INTERNAL', message: `verification worker ${i} exited (code ${code}) before reporting` });
    });
    const start: MainToWorker = { type: 'start', task, ...(task.kind === 'archive' && task.claimRuns ? { claim } : {}) };
    worker.postMessage(start);
  });

  emit();
  if (spec.tasks.length === 0) finish({ ok: true, value: summary(spec, [], maxListed, started) });

  return {
    result,
    cancel: () => finish({ code: 'CANCELLED', message: 'body verification was cancelled before it finished' }),
    activeWorkers: () => live,
  };
}

function summary(spec: VerifyJobSpec, parts: readonly PartResult[], maxListed: number, started: number): VerifySummary {
  const merged = mergeParts([spec.settled, ...parts], maxListed);
  return { ...merged, bodies: bodiesRead(merged), workers: spec.tasks.length, elapsedMs: Date.now() - started };
}
