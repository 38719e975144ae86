/**
 * File ▸ Export WARC…: save dialog → destination check → the export job (progress shown in the window, cancel from
 * the menu) → a notice naming the written file and its digests. Every Electron and core call is a port, so the
 * whole flow is testable with fakes.
 */
import type { Failure, Result } from '../../shared/errors.js';
import { fail, toFailure } from '../../shared/errors.js';
import type { ExportProgress, ExportSummary } from '../core/warc/types.js';

export interface ExportFlowPorts {
  /** The save dialog; null when the user dismissed it. */
  chooseDestination(defaultName: string): Promise<string | null>;
  /** The core's destination rule (outside the evidence folder, folder exists). */
  checkDestination(path: string): Result<string>;
  runExport(destination: string, onProgress: (p: ExportProgress) => void, signal: AbortSignal): Promise<Result<ExportSummary>>;
  /** Show progress in the window (null clears it). */
  showProgress(progress: ExportProgress | null): void;
  notify(notice: ExportNotice): void;
}

export type ExportNotice =
  | { readonly kind: 'done'; readonly title: string; readonly detail: string; readonly path: string }
  | { readonly kind: 'cancelled'; readonly title: string; readonly detail: string }
  | { readonly kind: 'failed'; readonly title: string; readonly detail: string };

export type ExportFlowOutcome =
  | { readonly kind: 'dismissed' }
  | { readonly kind: 'done'; readonly summary: ExportSummary }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly error: Failure };

/** The exporter always writes gzip members; make the name say so. */
export function withWarcExtension(path: string): string {
  if (/\.warc\.gz$/i.test(path)) return path;
  if (/\.warc$/i.test(path)) return `${path}.gz`;
  return `${path}.warc.gz`;
}

export function doneNotice(summary: ExportSummary): ExportNotice {
  const skipped = summary.skipped === 0 ? 'none skipped' : `${summary.skipped} skipped (see the closing warcinfo record for the reasons)`;
  return {
    kind: 'done',
    title: 'WARC export written',
    path: summary.path,
    detail: [
      summary.path,
      `${summary.resourceRecords} records, ${skipped}; ${summary.fileBytes} bytes.`,
      `SHA-256 ${summary.fileSha256}`,
      `BLAKE3 ${summary.fileBlake3}`,
      `Block digests: ${summary.digestAlgorithm}. The file was re-read and every digest checked before it got its name.`,
    ].join('\n'),
  };
}

export async function runExportFlow(defaultName: string, ports: ExportFlowPorts, signal: AbortSignal): Promise<ExportFlowOutcome> {
  const chosen = await ports.chooseDestination(defaultName);
  if (chosen === null) return { kind: 'dismissed' };
  const checked = ports.checkDestination(withWarcExtension(chosen));
  if (!checked.ok) {
    ports.notify({ kind: 'failed', title: 'Export refused', detail: `${checked.error.code}: ${checked.error.message}` });
    return { kind: 'failed', error: checked.error };
  }
  let result: Result<ExportSummary>;
  try {
    ports.showProgress({ phase: 'writing', recordsDone: 0, recordsTotal: 0, bytesDone: 0, bytesTotal: 0 });
    result = await ports.runExport(checked.value, (p) => ports.showProgress(p), signal);
  } catch (error) {
    result = { ok: false, error: toFailure(error) };
  } finally {
    ports.showProgress(null);
  }
  if (result.ok) {
    ports.notify(doneNotice(result.value));
    return { kind: 'done', summary: result.value };
  }
  if (result.error.code === 'CANCELLED' || signal.aborted) {
    ports.notify({ kind: 'cancelled', title: 'Export cancelled', detail: `Nothing was left under ${checked.value}.` });
    return { kind: 'cancelled' };
  }
  ports.notify({
    kind: 'failed',
    title: 'Export failed',
    detail: `${result.error.code}: ${result.error.message}\nNothing was left under ${checked.value}.`,
  });
  return { kind: 'failed', error: result.error };
}

/** One export per window at a time; the menu's Cancel Export aborts it. */
export class ExportRegistry<K> {
  private readonly running = new Map<K, AbortController>();
  isRunning(key: K): boolean {
    return this.running.has(key);
  }
  async run(key: K, flow: (signal: AbortSignal) => Promise<ExportFlowOutcome>): Promise<ExportFlowOutcome> {
    if (this.running.has(key)) return { kind: 'failed', error: fail('EXPORT_FAILED', 'an export is already running for this window') };
    const controller = new AbortController();
    this.running.set(key, controller);
    try {
      return await flow(controller.signal);
    } finally {
      this.running.delete(key);
    }
  }
  cancel(key: K): boolean {
    const controller = this.running.get(key);
    controller?.abort();
    return controller !== undefined;
  }
}
