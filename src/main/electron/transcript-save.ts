/**
 * "Save Transcript…" in the desktop app: the trace the window shows (its hash route `#/e/<ev>/transcript/<trace>`,
 * or the whole session from any other view), a save dialog offering the three formats, the evidence-folder rule
 * (never a byte into evidence), then the file written page by page. Pure over its ports, so it is tested without
 * Electron.
 */
import type { TranscriptFormat } from '../../shared/contract/transcript.js';
import type { Result } from '../../shared/errors.js';
import type { Evidence } from '../core/evidence/types.js';
import { transcriptFileName } from '../core/transcript/export/export-transcript.js';

export interface TranscriptSavePorts {
  /** The path chosen in a save dialog for this default name, or null when cancelled. */
  chooseFile(defaultName: string): Promise<string | null>;
  checkDestination(evidence: Evidence, path: string): Result<string>;
  /** Writes the transcript in this format to the path (whole, or not at all). */
  write(evidence: Evidence, traceId: string | undefined, format: TranscriptFormat, path: string): void;
}

export type TranscriptSaveOutcome =
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'saved'; readonly path: string }
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

/** The trace a window's URL shows in the transcript view, or undefined (the whole session). */
export function traceInUrl(url: string): string | undefined {
  const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : '';
  const parts = (hash.split('?')[0] ?? '').split('/').filter(Boolean);
  if (parts[0] !== 'e' || parts[2] !== 'transcript' || !parts[3]) return undefined;
  try {
    return decodeURIComponent(parts[3]);
  } catch {
    return undefined;
  }
}

/** The format the chosen file's extension names (.md, .html/.htm, .jsonl/.json); HTML otherwise. */
export function formatOfPath(path: string): TranscriptFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.md') || lower.endsWith('.markdown')) return 'md';
  if (lower.endsWith('.jsonl') || lower.endsWith('.json')) return 'json';
  return 'html';
}

export async function saveTranscriptToFile(
  ports: TranscriptSavePorts,
  evidence: Evidence,
  windowUrl: string,
): Promise<TranscriptSaveOutcome> {
  const traceId = traceInUrl(windowUrl);
  const chosen = await ports.chooseFile(transcriptFileName(evidence.sessionId, traceId, 'html'));
  if (chosen === null) return { kind: 'cancelled' };
  const checked = ports.checkDestination(evidence, chosen);
  if (!checked.ok) return { kind: 'refused', ...checked.error };
  try {
    ports.write(evidence, traceId, formatOfPath(checked.value), checked.value);
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    return { kind: 'refused', code: typeof e.code === 'string' ? e.code : 'EXPORT_FAILED', message: String(e.message ?? error) };
  }
  return { kind: 'saved', path: checked.value };
}
