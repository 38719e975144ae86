// Worker-thread entry for the WARC export: opens the evidence, runs the pure job, relays progress, honours cancel.
// Plumbing only; the job is export-job.ts.
import { parentPort } from 'node:worker_threads';
import { toFailure } from '../../../shared/errors.js';
import { openEvidence } from '../evidence/open-evidence.js';
import { exportWarc } from './export-job.js';
import type { ExportWorkerStart, ExportWorkerToMain, MainToExportWorker } from './worker-messages.js';
import { lowerThisThreadPriority } from '../workers/background-priority.js';

const port = parentPort;
if (!port) throw new Error('export-worker must run in a worker thread');

const post = (m: ExportWorkerToMain): void => port.postMessage(m);
// Background work: the user's view gets the CPU first (background-priority.ts).
lowerThisThreadPriority();
const controller = new AbortController();

async function run(start: ExportWorkerStart): Promise<void> {
  const opened = await openEvidence([...start.paths], start.openOptions ?? {});
  if (!opened.ok) {
    post({ type: 'failed', error: opened.error, openFailed: true });
    return;
  }
  const evidence = opened.value;
  try {
    const result = await exportWarc(evidence, {
      destination: start.destination,
      digest: start.digest,
      signal: controller.signal,
      onProgress: (progress) => post({ type: 'progress', progress }),
      onTempFile: (path) => post({ type: 'temp', path }),
      fixedExportId: start.fixedExportId,
      fixedExportDate: start.fixedExportDate === undefined ? undefined : new Date(start.fixedExportDate),
    });
    post(result.ok ? { type: 'done', summary: result.value } : { type: 'failed', error: result.error, openFailed: false });
  } finally {
    evidence.close();
  }
}

port.on('message', (m: MainToExportWorker) => {
  switch (m.type) {
    case 'cancel':
      controller.abort();
      return;
    case 'start':
      run(m).then(
        () => port.close(),
        (error: unknown) => {
          post({ type: 'failed', error: toFailure(error), openFailed: false });
          port.close();
        },
      );
      return;
  }
});
