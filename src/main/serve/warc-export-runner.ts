/**
 * How serve runs one WARC export: in a worker thread on its own copy of the evidence, as the desktop's File ▸ Export
 * WARC… does, so the page's other requests are answered while bodies are read, gzipped and the file re-read.
 * Cancelling (the page went away) stops the job, which deletes its temporary file.
 */
import type { Result } from '../../shared/errors.js';
import type { Evidence, OpenEvidenceOptions } from '../core/evidence/types.js';
import { pathsToOpen } from '../core/evidence/paths-to-open.js';
import { startExportWorker } from '../core/warc/export-worker-client.js';
import type { ExportSummary } from '../core/warc/types.js';

export type RunWarcExport = (evidence: Evidence, destination: string, signal: AbortSignal) => Promise<Result<ExportSummary>>;

/** The worker opens the evidence again by the paths it was opened with; only the scratch root crosses (no functions). */
export function workerWarcExport(openOptions: OpenEvidenceOptions | undefined): RunWarcExport {
  const scratchRoot = openOptions?.scratchRoot;
  return (evidence, destination, signal) => {
    // The export's defaults (blake3 block digests, its own compression workers) are the CLI's and the desktop's, so
    // the file is the one `capsem-inspect export-warc <path> -o <file>` writes, but for its export id and date.
    const job = startExportWorker({
      paths: pathsToOpen(evidence.input),
      openOptions: scratchRoot === undefined ? {} : { scratchRoot },
      destination,
    });
    if (signal.aborted) job.cancel();
    else signal.addEventListener('abort', () => job.cancel(), { once: true });
    return job.done;
  };
}
