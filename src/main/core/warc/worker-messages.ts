/** Messages between the export worker thread and its supervisor. Dates travel as ISO text (structured clone keeps Dates, but text is explicit). */
import type { Failure } from '../../../shared/errors.js';
import type { OpenEvidenceOptions } from '../evidence/types.js';
import type { DigestAlgorithm, ExportProgress, ExportSummary } from './types.js';

export interface ExportWorkerStart {
  readonly type: 'start';
  /** What the user pointed at; the worker opens its own evidence (a SQLite connection cannot cross threads). */
  readonly paths: readonly string[];
  readonly openOptions?: OpenEvidenceOptions;
  readonly destination: string;
  readonly digest?: DigestAlgorithm;
  readonly fixedExportId?: string;
  readonly fixedExportDate?: string;
}

export type MainToExportWorker = ExportWorkerStart | { readonly type: 'cancel' };

export type ExportWorkerToMain =
  | { readonly type: 'temp'; readonly path: string }
  | { readonly type: 'progress'; readonly progress: ExportProgress }
  | { readonly type: 'done'; readonly summary: ExportSummary }
  | { readonly type: 'failed'; readonly error: Failure; readonly openFailed: boolean };
