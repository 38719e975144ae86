/**
 * Runs the export in a worker thread (the UI's path; the CLI may call exportWarc in-process).
 * Cancel asks the job to stop (it deletes its temporary file); if the thread does not end within the grace period,
 * or dies on its own, it is terminated and the supervisor deletes the temporary file it was told about.
 */
import { unlinkSync } from 'node:fs';
import type { Result } from '../../../shared/errors.js';
import { fail } from '../../../shared/errors.js';
import { spawnWorker } from '../workers/worker-entry-url.js';
import type { ExportProgress, ExportSummary } from './types.js';
import type { ExportWorkerStart, ExportWorkerToMain, MainToExportWorker } from './worker-messages.js';

export type WorkerExportRequest = Omit<ExportWorkerStart, 'type'>;

export interface ExportJobHandle {
  /** Settles once: the summary, or a failure (openFailed: the ledger could not be opened). */
  readonly done: Promise<Result<ExportSummary> & { readonly openFailed?: boolean }>;
  cancel(): void;
}

const CANCEL_GRACE_MS = 2000;

export function startExportWorker(request: WorkerExportRequest, onProgress?: (progress: ExportProgress) => void): ExportJobHandle {
  const worker = spawnWorker(import.meta.url, 'export-worker');
  let tempPath: string | null = null;
  let settled = false;
  let graceTimer: NodeJS.Timeout | null = null;
  let resolveDone!: (r: Result<ExportSummary> & { openFailed?: boolean }) => void;
  const done = new Promise<Result<ExportSummary> & { openFailed?: boolean }>((resolve) => (resolveDone = resolve));

  const removeTemp = (): void => {
    if (tempPath === null) return;
    try {
      unlinkSync(tempPath);
    } catch {
      // The job already deleted it (or renamed it, after which no temporary file exists).
    }
  };
  const settle = (result: Result<ExportSummary> & { openFailed?: boolean }): void => {
    if (settled) return;
    settled = true;
    if (graceTimer) clearTimeout(graceTimer);
    if (!result.ok) removeTemp();
    resolveDone(result);
    void worker.terminate();
  };

  worker.on('message', (m: ExportWorkerToMain) => {
    switch (m.type) {
      case 'temp':
        tempPath = m.path;
        return;
      case 'progress':
        onProgress?.(m.progress);
        return;
      case 'done':
        settle({ ok: true, value: m.summary });
        return;
      case 'failed':
        settle({ ok: false, error: m.error, openFailed: m.openFailed });
        return;
    }
  });
  worker.on('error', (e) =>
    settle({ ok: false, error: fail('EXPORT_FAILED', `export worker failed: ${e.message}; nothing was written under the final name`) }),
  );
  worker.on('exit', (code) =>
    settle({
      ok: false,
      error: fail('EXPORT_FAILED', `export worker exited (code ${code}) before finishing; nothing was written under the final name`),
    }),
  );

  worker.postMessage({ type: 'start', ...request } satisfies MainToExportWorker);
  return {
    done,
    cancel() {
      if (settled) return;
      worker.postMessage({ type: 'cancel' } satisfies MainToExportWorker);
      graceTimer = setTimeout(
        () =>
          settle({ ok: false, error: fail('CANCELLED', 'export cancelled (worker stopped); nothing was written under the final name') }),
        CANCEL_GRACE_MS,
      );
    },
  };
}
